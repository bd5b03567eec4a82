import { useId } from 'react';
import { Card, CardDescription, CardTitle } from './Card';
import { MetricValue } from './Layout';
import { Skeleton } from './Skeleton';

export interface MetricCardProps {
  label: string;
  /** The figure, formatted; null while it loads (a skeleton, and the card is aria-busy). */
  value: string | null;
  caption?: string | undefined;
}

/** One figure of a dashboard or screen header: its label as the group's name, the value, an optional caption. */
export function MetricCard({ label, value, caption }: MetricCardProps) {
  const id = useId();
  return (
    <Card role="group" aria-labelledby={id} aria-busy={value === null}>
      <CardTitle as="h2" id={id}>
        {label}
      </CardTitle>
      {value === null ? <Skeleton height="2rem" width="6rem" /> : <MetricValue>{value}</MetricValue>}
      {caption && <CardDescription>{caption}</CardDescription>}
    </Card>
  );
}
