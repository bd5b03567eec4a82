import { serverFieldErrors, useFormDialog } from '@arrendia/api-client';
import { AccountErasureSchema, ERASED_NAME } from '@arrendia/api-contract';
import { AlertDialog, Button, Card, CardDescription, CardTitle, Dialog, DialogActions, Form, TextField } from '@arrendia/ui';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { leaveAfterErasure } from './leaveAccount';
import { useEraseAccount } from './useSettings';

const Refusal = styled.p`
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-start;
`;

type Step = 'warning' | 'confirm' | null;

/**
 * 'Eliminar mi cuenta' (issue 35, point 3): a warning of what goes and what the law keeps
 * (AlertDialog), then the password, and the code of the app when two-factor authentication is on.
 * A success ends every session: the browser lands on the privacy page, which confirms it.
 */
export function DeleteAccountCard({ twoFactorEnabled }: { twoFactorEnabled: boolean }) {
  const [step, setStep] = useState<Step>(null);
  return (
    <Card>
      <CardTitle>Eliminar mi cuenta</CardTitle>
      <CardDescription>
        {`Borra tus datos personales y cierra tu cuenta para siempre. Los contratos, los pagos y el registro de auditoría que la ley obliga a guardar se conservan, a nombre de «${ERASED_NAME}». `}
        <Link to="/privacidad">Qué se conserva y durante cuánto tiempo</Link>
      </CardDescription>
      <Actions>
        <AlertDialog
          open={step === 'warning'}
          // 'Continuar' moves on to the password before the alert's own close lands: that close leaves the next step alone.
          onOpenChange={(open) => setStep((current) => (open ? 'warning' : current === 'warning' ? null : current))}
          trigger={<Button variant="destructive">Eliminar mi cuenta</Button>}
          title="¿Eliminar tu cuenta?"
          description={`Se borrarán tu nombre, correo, teléfono, NIF, dirección, IBAN y foto, y se cerrarán todas tus sesiones. Los contratos y pagos se conservan a nombre de «${ERASED_NAME}» durante los plazos legales. No se puede deshacer.`}
          confirmLabel="Continuar"
          destructive
          onConfirm={() => setStep('confirm')}
        />
      </Actions>
      {step === 'confirm' && <ConfirmErasureDialog twoFactorEnabled={twoFactorEnabled} onClose={() => setStep(null)} />}
    </Card>
  );
}

/** The password (and the code) that prove it is the account's owner; a refusal the API explains (a contract in force) is said in the dialog. */
function ConfirmErasureDialog({ twoFactorEnabled, onClose }: { twoFactorEnabled: boolean; onClose: () => void }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useFormDialog({
    schema: AccountErasureSchema,
    initialValues: { currentPassword: '', code: '' },
    toInput: ({ currentPassword, code }) => (twoFactorEnabled ? { currentPassword, code } : { currentPassword }),
    clientMessages: { code: 'Introduce el código de 6 cifras de tu aplicación o un código de recuperación' },
    mutation: useEraseAccount(),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    // The page goes: nothing to reset.
    stayOpen: true,
    onSuccess: () => leaveAfterErasure(),
    onFailure: (message, error) => {
      const fields = serverFieldErrors(error);
      setRefusal(Object.keys(fields).length ? null : message);
    },
    failureMessage: 'No se pudo eliminar tu cuenta',
  });
  const submit: typeof form.submit = (event) => {
    setRefusal(null);
    form.submit(event);
  };
  return (
    <Dialog
      open
      onOpenChange={form.onOpenChange}
      title="Confirma que quieres eliminar tu cuenta"
      description={twoFactorEnabled ? 'Escribe tu contraseña y el código de tu aplicación de autenticación.' : 'Escribe tu contraseña para continuar.'}
    >
      <Form onSubmit={submit} aria-label="Eliminar mi cuenta">
        <TextField label="Contraseña actual" type="password" name="currentPassword" autoComplete="current-password" autoFocus {...form.field('currentPassword')} />
        {twoFactorEnabled && <TextField label="Código de verificación" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={12} {...form.field('code')} />}
        {refusal && <Refusal role="alert">{refusal}</Refusal>}
        <DialogActions>
          <Button variant="outline" onClick={form.close}>
            Cancelar
          </Button>
          <Button type="submit" variant="destructive" disabled={form.pending}>
            {form.pending ? 'Eliminando...' : 'Eliminar mi cuenta definitivamente'}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
