import styled, { css } from 'styled-components';

export type BadgeVariant = 'neutral' | 'accent' | 'destructive';

/** A short status or label pill. */
export const Badge = styled.span<{ $variant?: BadgeVariant }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  ${({ theme, $variant = 'neutral' }) => {
    const c = theme.colors;
    if ($variant === 'accent') return css`background: ${c.accentSoft}; color: ${c.accentSoftText};`;
    if ($variant === 'destructive') return css`background: ${c.danger}; color: ${c.onDanger};`;
    return css`background: ${c.surfaceMuted}; color: ${c.text};`;
  }}
`;
