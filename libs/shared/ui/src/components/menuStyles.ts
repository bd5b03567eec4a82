import { css, keyframes } from 'styled-components';

const appear = keyframes`from { opacity: 0; transform: translateY(-2px); } to { opacity: 1; transform: translateY(0); }`;

/** The floating surface of menus, select lists and popovers. */
export const floatingSurfaceStyles = css`
  z-index: ${({ theme }) => theme.zIndices.modal};
  min-width: 12rem;
  max-width: calc(100vw - 16px);
  padding: ${({ theme }) => theme.space.xs};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  animation: ${appear} ${({ theme }) => theme.durations.fast} ease-out;
  &:focus { outline: none; }
`;

/** One row of a menu or list: highlighted by keyboard and pointer alike (`data-highlighted`). */
export const menuItemStyles = css`
  position: relative;
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-height: 36px;
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  user-select: none;
  outline: none;
  &[data-highlighted] {
    background: ${({ theme }) => theme.colors.accentSoft};
    color: ${({ theme }) => theme.colors.accentSoftText};
    outline: 2px solid ${({ theme }) => theme.colors.focusRing};
    outline-offset: -2px;
  }
  &[data-disabled] {
    color: ${({ theme }) => theme.colors.textMuted};
    cursor: default;
  }
`;

export const menuLabelStyles = css`
  padding: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  color: ${({ theme }) => theme.colors.textMuted};
`;

export const menuSeparatorStyles = css`
  height: 1px;
  margin: ${({ theme }) => theme.space.xs} 0;
  background: ${({ theme }) => theme.colors.border};
`;
