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

const StyledSkeletonCard = Card;

/** A card of placeholder rows while a list loads (spec §9: 5 for lists), named for assistive technology. */
export function SkeletonCard({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <StyledSkeletonCard aria-busy="true" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} height="2.5rem" />
      ))}
    </StyledSkeletonCard>
  );
}
