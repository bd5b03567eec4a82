import { RadixDialog } from '../radix';
import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Icon } from './Icon';
import { contentStyles, descriptionStyles, overlayStyles, titleStyles } from './overlay';

const StyledOverlay = styled(RadixDialog.Overlay)`
  ${overlayStyles}
`;
const StyledContent = styled(RadixDialog.Content)<{ $width: number }>`
  ${contentStyles}
  width: min(calc(100vw - 32px), ${({ $width }) => $width}px);
`;
const StyledTitle = styled(RadixDialog.Title)`
  ${titleStyles}
`;
const StyledDescription = styled(RadixDialog.Description)`
  ${descriptionStyles}
  margin-top: -${({ theme }) => theme.space.sm};
`;
const StyledClose = styled(RadixDialog.Close)`
  position: absolute;
  top: ${({ theme }) => theme.space.md};
  right: ${({ theme }) => theme.space.md};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.text}; }
`;

export interface DialogProps {
  /** Controlled state; leave both out to let the trigger drive it. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  /** An element that opens the dialog (rendered as is, Radix `asChild`). */
  trigger?: ReactNode;
  children?: ReactNode;
  /** Accessible name of the close (×) button. */
  closeLabel?: string;
  /** Maximum width in pixels. */
  width?: number;
}

/**
 * A modal dialog: focus moves into it on open, is trapped while open and returns to the trigger on
 * close; Escape and the × button close it. The title names it for assistive technology.
 */
export function Dialog({ open, onOpenChange, title, description, trigger, children, closeLabel = 'Cerrar', width = 480 }: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <StyledOverlay />
        <StyledContent $width={width} {...(description ? {} : { 'aria-describedby': undefined })}>
          <StyledTitle>{title}</StyledTitle>
          {description && <StyledDescription>{description}</StyledDescription>}
          {children}
          <StyledClose aria-label={closeLabel}>
            <Icon name="close" size={18} />
          </StyledClose>
        </StyledContent>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** Closes the surrounding Dialog; wrap a button in it (`asChild`). */
export const DialogClose = RadixDialog.Close;
