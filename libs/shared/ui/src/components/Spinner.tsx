import * as VisuallyHiddenPrimitive from '@radix-ui/react-visually-hidden';
import styled, { keyframes } from 'styled-components';

const spin = keyframes`to { transform: rotate(360deg); }`;

const Wrapper = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
`;

const Circle = styled.span<{ $size: number }>`
  display: inline-block;
  width: ${({ $size }) => $size}px;
  height: ${({ $size }) => $size}px;
  border-radius: ${({ theme }) => theme.radii.full};
  border: ${({ $size }) => Math.max(2, Math.round($size / 10))}px solid ${({ theme }) => theme.colors.border};
  border-top-color: ${({ theme }) => theme.colors.primaryText};
  animation: ${spin} 0.8s linear infinite;
`;

export interface SpinnerProps {
  /** What is loading, read by screen readers. */
  label?: string;
  size?: number;
  className?: string;
}

/** A loading indicator announced politely as a status. */
export function Spinner({ label = 'Cargando...', size = 24, className }: SpinnerProps) {
  return (
    <Wrapper role="status" className={className}>
      <Circle aria-hidden="true" $size={size} />
      <VisuallyHiddenPrimitive.Root>{label}</VisuallyHiddenPrimitive.Root>
    </Wrapper>
  );
}

/** Text only screen readers read. */
export const VisuallyHidden = VisuallyHiddenPrimitive.Root;
