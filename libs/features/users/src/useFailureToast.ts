import { isSessionGone, serverFieldErrors, serverMessage, type FieldErrors } from '@arrendia/api-client';
import { useToast } from '@arrendia/ui';

/** Tells a refused call in a toast, in the server's words (the last super admin, a taken email…); a 401 is the shell's. */
export function useFailureToast() {
  const { toast } = useToast();
  return (error: unknown, fallback: string) => {
    if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? fallback });
  };
}

/** What a form shows when the API refuses it: the field messages on the fields, the message in a toast. */
export function useRefusal(setErrors: (errors: FieldErrors) => void, fallback: string) {
  const failed = useFailureToast();
  return (error: unknown) => {
    setErrors(serverFieldErrors(error));
    failed(error, fallback);
  };
}
