import { RadixToast } from '../radix';
import styled, { css, keyframes } from 'styled-components';
import { Icon } from '../components/Icon';
import { dismissToast, type ToastVariant, useToast } from './toastStore';

/** Spec §9 toast constants. */
export const TOAST_DURATION = 5000;
export const TOAST_SWIPE_THRESHOLD = 50;
export const TOAST_HOTKEY = ['F8'];

const slideIn = keyframes`from { transform: translateX(calc(100% + 16px)); } to { transform: translateX(0); }`;
const fadeOut = keyframes`from { opacity: 1; } to { opacity: 0; }`;

const Viewport = styled(RadixToast.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: ${({ theme }) => theme.zIndices.toast};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  max-width: 420px;
  margin: 0;
  padding: ${({ theme }) => theme.space.lg};
  list-style: none;
  outline: none;
`;

const Root = styled(RadixToast.Root)<{ $variant: ToastVariant }>`
  position: relative;
  display: grid;
  grid-template-columns: 1fr auto;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  box-shadow: ${({ theme }) => theme.shadows.lg};
  ${({ theme, $variant }) =>
    $variant === 'destructive'
      ? css`
          background: ${theme.colors.danger};
          color: ${theme.colors.onDanger};
          border-color: ${theme.colors.danger};
        `
      : css`
          background: ${theme.colors.surface};
          color: ${theme.colors.text};
        `}
  &[data-state='open'] { animation: ${slideIn} ${({ theme }) => theme.durations.normal} ease-out; }
  &[data-state='closed'] { animation: ${fadeOut} ${({ theme }) => theme.durations.fast} ease-in; }
  &[data-swipe='move'] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe='cancel'] { transform: translateX(0); transition: transform ${({ theme }) => theme.durations.normal} ease-out; }
  &[data-swipe='end'] { animation: ${fadeOut} ${({ theme }) => theme.durations.fast} ease-out; }
`;

const Title = styled(RadixToast.Title)`
  grid-column: 1;
  font-weight: ${({ theme }) => theme.fontWeights.semibold};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Description = styled(RadixToast.Description)`
  grid-column: 1;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: 0.9;
`;

const Close = styled(RadixToast.Close)`
  grid-column: 2;
  grid-row: 1 / span 2;
  align-self: start;
  display: inline-flex;
  padding: ${({ theme }) => theme.space.xs};
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: inherit;
  cursor: pointer;
`;

/**
 * Renders the toast queue (one at a time, 5000 ms, swipe right 50 px to dismiss, F8 jumps to the
 * region). Mount it once, at the root of the host.
 */
export function Toaster() {
  const { toasts } = useToast();
  return (
    <RadixToast.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD} label="Notificación">
      {toasts.map(({ id, title, description, variant = 'default', duration, open }) => (
        <Root
          key={id}
          open={open}
          duration={duration}
          $variant={variant}
          type={variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(next) => {
            if (!next) dismissToast(id);
          }}
        >
          {/* Excluded from Radix's separate announcement: the viewport is a live region and reads
              the toast itself, so its text exists once in the page (no duplicate for getByText). */}
          {title && <Title data-radix-toast-announce-exclude="">{title}</Title>}
          {description && <Description data-radix-toast-announce-exclude="">{description}</Description>}
          <Close aria-label="Cerrar notificación">
            <Icon name="close" size={16} />
          </Close>
        </Root>
      ))}
      <Viewport hotkey={TOAST_HOTKEY} label="Notificaciones ({hotkey})" aria-live="polite" />
    </RadixToast.Provider>
  );
}
