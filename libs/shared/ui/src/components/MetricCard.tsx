import { type ReactNode, useId } from 'react';
import styled from 'styled-components';
import { Card, CardDescription, CardTitle } from './Card';
import { MetricValue } from './Layout';
import { Skeleton } from './Skeleton';

const Action = styled.div`
  margin-top: ${({ theme }) => theme.space.sm};
`;

export interface MetricCardProps {
  label: string;
  /** The figure, formatted; null while it loads (a skeleton, and the card is aria-busy). */
  value: string | null;
  caption?: string | undefined;
  /** A control under the figure (e.g. a button that changes what it is computed from). */
  action?: ReactNode;
}

/** One figure of a dashboard or screen header: its label as the group's name, the value, an optional caption. */
export function MetricCard({ label, value, caption, action }: MetricCardProps) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} aria-busy={value === null}>
      <CardTitle as="h2" id={id}>
        {label}
      </CardTitle>
      {value === null ? <Skeleton height="2rem" width="6rem" /> : <MetricValue>{value}</MetricValue>}
      {caption && <CardDescription>{caption}</CardDescription>}
      {action && <Action>{action}</Action>}
    </Card>
  );
}
