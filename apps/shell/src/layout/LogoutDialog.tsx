import { LOGOUT_LABEL } from '@arrendia/permissions';
import { AlertDialog } from '@arrendia/ui';
import type { ReactNode } from 'react';
import { useLogout } from './useLogout';

/** Spec §5, word for word. */
export const LOGOUT_QUESTION = '¿Estás seguro de que quieres cerrar sesión?';

interface LogoutDialogProps {
  /** The button that opens it (the sidebar's); leave out and control it with open/onOpenChange (the user menu). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Where focus returns on close, for the controlled use (no trigger). */
  onCloseAutoFocus?: (event: Event) => void;
}

/** The logout confirmation: 'Cerrar Sesión' ends the session and goes to /, even when the call fails. */
export function LogoutDialog({ trigger, open, onOpenChange, onCloseAutoFocus }: LogoutDialogProps) {
  const logout = useLogout();
  return (
    <AlertDialog
      trigger={trigger}
      open={open}
      onOpenChange={onOpenChange}
      onCloseAutoFocus={onCloseAutoFocus}
      title={LOGOUT_QUESTION}
      confirmLabel={LOGOUT_LABEL}
      cancelLabel="Cancelar"
      onConfirm={() => void logout()}
      destructive
    />
  );
}
