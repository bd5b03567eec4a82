import styled, { keyframes } from 'styled-components';
import { Card } from './Card';

const pulse = keyframes`0%, 100% { opacity: 1; } 50% { opacity: 0.55; }`;

const StyledSkeleton = styled.div<{ $width: string; $height: string; $round: boolean }>`
  width: ${({ $width }) => $width};
  height: ${({ $height }) => $height};
  border-radius: ${({ theme, $round }) => ($round ? theme.radii.full : theme.radii.md)};
  background: ${({ theme }) => theme.colors.skeleton};
  animation: ${pulse} 1.6s ease-in-out infinite;
`;

export interface SkeletonProps {
  width?: string;
  height?: string;
  round?: boolean;
  className?: string;
}

/**
 * A grey placeholder block while content loads. It is hidden from assistive technology: mark the
 * loading region itself with aria-busy (or pair it with a Spinner) so the wait is announced once.
 */
export function Skeleton({ width = '100%', height = '1rem', round = false, className }: SkeletonProps) {
  return <StyledSkeleton aria-hidden="true" data-skeleton="" className={className} $width={width} $height={height} $round={round} />;
}

/** Placeholder rows while a list loads: 5 for every list but the properties' (spec §9). */
export const LIST_SKELETONS = 5;

export interface SkeletonRowsProps {
  /** What is loading, for assistive technology ('Cargando usuarios'). */
  label: string;
  rows?: number;
  height?: string;
}

/**
 * A list's placeholder rows (LIST_SKELETONS unless told), one busy region named by `label`. A group:
 * ARIA prohibits naming an element with no role (a bare div), and axe flags it (aria-prohibited-attr).
 */
export function SkeletonRows({ label, rows = LIST_SKELETONS, height = '2.5rem' }: SkeletonRowsProps) {
  return (
    <div role="group" aria-busy="true" aria-label={label}>
      {placeholderRows(rows, height)}
    </div>
  );
}

/** SkeletonRows in a card of its own, for a list that is a card. */
export function SkeletonCard({ label, rows = LIST_SKELETONS, height = '2.5rem' }: SkeletonRowsProps) {
  return (
    <Card role="group" aria-busy="true" aria-label={label}>
      {placeholderRows(rows, height)}
    </Card>
  );
}

const placeholderRows = (rows: number, height: string) => Array.from({ length: rows }, (_, i) => <Skeleton key={i} height={height} />);
