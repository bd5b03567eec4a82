import { RadixAlertDialog } from '../radix';
import { type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from './Button';
import { contentStyles, descriptionStyles, DialogActions, overlayStyles, titleStyles } from './overlay';

const StyledOverlay = styled(RadixAlertDialog.Overlay)`
  ${overlayStyles}
`;
const StyledContent = styled(RadixAlertDialog.Content)`
  ${contentStyles}
  width: min(calc(100vw - 32px), 440px);
`;
const StyledTitle = styled(RadixAlertDialog.Title)`
  ${titleStyles}
  padding-right: 0;
`;
const StyledDescription = styled(RadixAlertDialog.Description)`
  ${descriptionStyles}
`;

export interface AlertDialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The question asked, e.g. '¿Estás seguro de que quieres cerrar sesión?'. */
  title: ReactNode;
  description?: ReactNode;
  trigger?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  /** Draw the confirm button as destructive. */
  destructive?: boolean;
  /**
   * Where focus goes on close. Without a trigger Radix has nowhere to return it; call
   * `event.preventDefault()` and focus the element that opened the dialog.
   */
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * A confirmation that interrupts: it cannot be dismissed by clicking outside, focus starts on the
 * cancel button, Escape cancels.
 */
export function AlertDialog({
  open,
  onOpenChange,
  title,
  description,
  trigger,
  confirmLabel,
  cancelLabel = 'Cancelar',
  onConfirm,
  destructive = false,
  onCloseAutoFocus,
}: AlertDialogProps) {
  return (
    <RadixAlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixAlertDialog.Trigger asChild>{trigger}</RadixAlertDialog.Trigger>}
      <RadixAlertDialog.Portal>
        <StyledOverlay />
        <StyledContent onCloseAutoFocus={onCloseAutoFocus} {...(description ? {} : { 'aria-describedby': undefined })}>
          <StyledTitle>{title}</StyledTitle>
          {description && <StyledDescription>{description}</StyledDescription>}
          <DialogActions>
            <RadixAlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </RadixAlertDialog.Cancel>
            <RadixAlertDialog.Action asChild>
              <Button variant={destructive ? 'destructive' : 'primary'} onClick={onConfirm}>
                {confirmLabel}
              </Button>
            </RadixAlertDialog.Action>
          </DialogActions>
        </StyledContent>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  );
}
