import { Card } from '@arrendia/ui';
import styled from 'styled-components';

/** A dashboard panel: a card with its own heading, one under another (properties, tasks, activity). */
export const DashboardSection = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space.xl};
`;
