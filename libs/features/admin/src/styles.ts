import styled from 'styled-components';

/** A line and the small lines under it (an alert and its message, a bar and its figures). */
export const StyledLines = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.xxs};
`;

