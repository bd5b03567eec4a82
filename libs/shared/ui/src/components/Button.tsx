import { type ComponentPropsWithRef } from 'react';
import styled, { css } from 'styled-components';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

interface ButtonStyleProps {
  $variant?: ButtonVariant;
  $size?: ButtonSize;
  $fullWidth?: boolean;
}

/** Button look, reusable on a link: see ButtonLink. */
export const buttonStyles = css<ButtonStyleProps>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  width: ${({ $fullWidth }) => ($fullWidth ? '100%' : 'auto')};
  min-height: ${({ $size = 'md' }) => ({ sm: '32px', md: '40px', lg: '48px' })[$size]};
  padding: 0 ${({ theme, $size = 'md' }) => ({ sm: theme.space.md, md: theme.space.lg, lg: theme.space.xl })[$size]};
  font-size: ${({ theme, $size = 'md' }) => ($size === 'sm' ? theme.fontSizes.sm : theme.fontSizes.md)};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  line-height: 1;
  text-decoration: none;
  white-space: nowrap;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid transparent;
  cursor: pointer;
  transition:
    background-color ${({ theme }) => theme.durations.fast},
    border-color ${({ theme }) => theme.durations.fast};

  ${({ theme, $variant = 'primary' }) => {
    const c = theme.colors;
    switch ($variant) {
      case 'primary':
        return css`
          background: ${c.primary};
          color: ${c.onPrimary};
          &:hover:not(:disabled) { background: ${c.primaryHover}; }
        `;
      case 'destructive':
        return css`
          background: ${c.danger};
          color: ${c.onDanger};
          &:hover:not(:disabled) { background: ${c.dangerHover}; }
        `;
      case 'secondary':
        return css`
          background: ${c.surfaceMuted};
          color: ${c.text};
          border-color: ${c.border};
          &:hover:not(:disabled) { border-color: ${c.borderStrong}; }
        `;
      case 'outline':
        return css`
          background: transparent;
          color: ${c.text};
          border-color: ${c.borderStrong};
          &:hover:not(:disabled) { background: ${c.surfaceMuted}; }
        `;
      case 'ghost':
        return css`
          background: transparent;
          color: ${c.text};
          &:hover:not(:disabled) { background: ${c.surfaceMuted}; }
        `;
    }
  }}

  &:disabled {
    opacity: 0.6;
    cursor: not-allowed;
  }
`;

const StyledButton = styled.button<ButtonStyleProps>`
  ${buttonStyles}
`;

export interface ButtonProps extends ComponentPropsWithRef<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  fullWidth?: boolean;
}

/** A button; `type="button"` unless told otherwise, so it never submits a form by accident. */
export function Button({ variant = 'primary', size = 'md', fullWidth = false, type = 'button', ...rest }: ButtonProps) {
  return <StyledButton type={type} $variant={variant} $size={size} $fullWidth={fullWidth} {...rest} />;
}

/**
 * A link that looks like a button, with the same `$variant` and `$size`: `<ButtonLink as={Link}
 * to="/x">` for a route of the app (react-router), or a plain `href`.
 */
export const ButtonLink = styled.a<ButtonStyleProps>`
  ${buttonStyles}
`;
