import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { useToast } from '@arrendia/ui';

/** Tells a refused call in a toast, in the server's words (the last super admin, a taken email…); a 401 is the shell's. */
export function useFailureToast() {
  const { toast } = useToast();
  return (error: unknown, fallback: string) => {
    if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });
  };
}

/** A form's `onFailure` (useFormDialog): the refusal's message in a toast; its field messages are on the fields already. */
export function useRefusalToast() {
  const { toast } = useToast();
  return (message: string) => toast({ variant: 'destructive', title: 'Error', description: message });
}
