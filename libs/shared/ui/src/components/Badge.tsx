import styled, { css } from 'styled-components';
import type { StatusTone } from '../theme/themes';

export type BadgeVariant = 'neutral' | 'accent' | 'destructive';

/** A short status or label pill; `$tone` paints it in one of the theme's status tones instead. */
export const Badge = styled.span<{ $variant?: BadgeVariant; $tone?: StatusTone }>`
  display: inline-flex;
  align-items: center;
  padding: ${({ theme }) => theme.space.xxs} ${({ theme }) => theme.space.sm};
  border-radius: ${({ theme }) => theme.radii.full};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: ${({ theme }) => theme.lineHeights.normal};
  white-space: nowrap;
  ${({ theme, $variant = 'neutral', $tone }) => {
    const c = theme.colors;
    if ($tone) return css`background: ${theme.tones[$tone].background}; color: ${theme.tones[$tone].text};`;
    if ($variant === 'accent') return css`background: ${c.accentSoft}; color: ${c.accentSoftText};`;
    if ($variant === 'destructive') return css`background: ${c.danger}; color: ${c.onDanger};`;
    return css`background: ${c.surfaceMuted}; color: ${c.text};`;
  }}
`;
