import { refusalOnFields, serverMessage, useFormDialog } from '@arrendia/api-client';
import { TwoFactorEnableSchema, TwoFactorPasswordSchema, type Settings, type TwoFactorPasswordData, type TwoFactorSetup } from '@arrendia/api-contract';
import { Button, Card, CardDescription, CardTitle, Dialog, DialogActions, Form, FormActions, LoadError, MutedText, Spinner, SpreadRow, Switch, TextField, useToast } from '@arrendia/ui';
import type { UseMutationResult } from '@tanstack/react-query';
import { type ChangeEvent, type ReactNode, useState } from 'react';
import styled from 'styled-components';
import { useDisableTwoFactor, useEnableTwoFactor, useNewRecoveryCodes, useStartTwoFactor } from './useSettings';

const QR_SIZE = 180;

/** The SVG draws its own white quiet zone, so the code reads on the dark theme too. */
const Qr = styled.img`
  align-self: center;
  border-radius: ${({ theme }) => theme.radii.md};
`;

/** Where the QR code will be, while the server makes it. */
const QrWaiting = styled(Spinner)`
  align-self: center;
  height: ${QR_SIZE}px;
`;

const Mono = styled.code`
  font-family: ${({ theme }) => theme.fonts.mono};
  color: ${({ theme }) => theme.colors.text};
  word-break: break-word;
`;

const CodeList = styled.ul`
  list-style: none;
  padding: ${({ theme }) => theme.space.md};
  display: grid;
  grid-template-columns: repeat(2, 1fr);
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  font-family: ${({ theme }) => theme.fonts.mono};
  text-align: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

type Open = 'enable' | 'disable' | 'codes' | null;

/**
 * 'Verificación en dos pasos' (spec §2: off by default): a switch that turns it on with a code of an
 * authenticator app, or off with the password; new recovery codes with the password too.
 */
export function TwoFactorCard({ security }: { security: Settings['security'] }) {
  const [open, setOpen] = useState<Open>(null);
  // Asked for by the switch, not by an effect of the dialog: each new secret replaces the last.
  const setup = useStartTwoFactor();
  const startSetup = () => setup.mutate();
  const close = () => setOpen(null);
  const left = security.recoveryCodesLeft ?? 0;
  return (
    <Card>
      <CardTitle>Verificación en dos pasos</CardTitle>
      <CardDescription>
        Al iniciar sesión, además de tu contraseña te pediremos un código de tu aplicación de autenticación (Google Authenticator, Microsoft Authenticator…).
      </CardDescription>
      <Switch
        label="Autenticación de dos factores"
        checked={security.twoFactorEnabled}
        onCheckedChange={(on) => {
          if (on) startSetup();
          setOpen(on ? 'enable' : 'disable');
        }}
      />
      {security.twoFactorEnabled && (
        <SpreadRow>
          <MutedText>{left === 1 ? 'Te queda 1 código de recuperación' : `Te quedan ${left} códigos de recuperación`}</MutedText>
          <Button variant="outline" size="sm" onClick={() => setOpen('codes')}>
            Generar nuevos códigos de recuperación
          </Button>
        </SpreadRow>
      )}
      {open === 'enable' && <EnableDialog setup={setup} retry={startSetup} onClose={close} />}
      {open === 'disable' && <DisableDialog onClose={close} />}
      {open === 'codes' && <NewCodesDialog onClose={close} />}
    </Card>
  );
}

/**
 * The QR code and the secret, then a code of the app and the account's password turn it on (the
 * user's other sessions end) and the recovery codes show.
 */
function EnableDialog({ setup, retry, onClose }: { setup: UseMutationResult<TwoFactorSetup, Error, void>; retry: () => void; onClose: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const { toast } = useToast();
  const form = useFormDialog({
    schema: TwoFactorEnableSchema,
    initialValues: { code: '', currentPassword: '' },
    mutation: useEnableTwoFactor(),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    // The recovery codes show in its place, this once.
    stayOpen: true,
    onSuccess: ({ recoveryCodes }) => {
      setCodes(recoveryCodes);
      toast({ title: 'Verificación en dos pasos activada', description: 'Se han cerrado tus otras sesiones' });
    },
    onFailure: (message, error) => {
      form.setErrors(refusalOnFields(error, 'code', message));
    },
    failureMessage: 'No se pudo activar la verificación en dos pasos',
  });
  const { data } = setup;
  return (
    <Dialog
      open
      onOpenChange={form.onOpenChange}
      title="Activar la verificación en dos pasos"
      description={codes ? undefined : 'Escanea el código QR con tu aplicación de autenticación y escribe el código de 6 cifras que te muestra.'}
    >
      {codes ? (
        <RecoveryCodesView codes={codes} onDone={onClose} />
      ) : setup.isError ? (
        <LoadError variant="inline" retry={{ refetch: retry, isFetching: setup.isPending, isError: true }}>
          {serverMessage(setup.error) ?? 'No se pudo preparar la verificación en dos pasos'}
        </LoadError>
      ) : !data ? (
        <QrWaiting label="Preparando el código QR..." />
      ) : (
        <Form onSubmit={form.submit} aria-label="Activar la verificación en dos pasos">
          <Qr src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(data.qrSvg)}`} alt="Código QR para tu aplicación de autenticación" width={QR_SIZE} height={QR_SIZE} />
          <MutedText>
            ¿No puedes escanearlo? Introduce esta clave: <Mono>{data.secret.match(/.{1,4}/g)?.join(' ')}</Mono>
          </MutedText>
          <TextField label="Código de verificación" name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={7} autoFocus {...form.field('code')} />
          <CurrentPasswordField {...form.field('currentPassword')} />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel="Activar" pendingLabel="Activando..." />
        </Form>
      )}
    </Dialog>
  );
}

/** 'Contraseña actual', which every change of the second step asks for: a text field's props (`form.field('currentPassword')`). */
function CurrentPasswordField(props: { value: string; onChange: (event: ChangeEvent<HTMLInputElement>) => void; error?: string }) {
  return <TextField label="Contraseña actual" type="password" name="currentPassword" autoComplete="current-password" {...props} />;
}

/** The recovery codes, shown this once: after turning it on and after asking for new ones. */
function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { toast } = useToast();
  const failed = () => toast({ variant: 'destructive', title: 'Error', description: 'No se pudieron copiar: selecciona los códigos y cópialos a mano' });
  const copy = () => {
    if (!navigator.clipboard) return failed();
    navigator.clipboard.writeText(codes.join('\n')).then(() => toast({ title: 'Códigos copiados' }), failed);
  };
  return (
    <>
      <CardDescription>
        Guarda estos códigos de recuperación en un lugar seguro: si no tienes a mano tu aplicación, podrás iniciar sesión con uno de ellos. Cada código sirve una sola vez y no volveremos a mostrarlos.
      </CardDescription>
      <CodeList aria-label="Códigos de recuperación">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </CodeList>
      <DialogActions>
        <Button variant="outline" onClick={copy}>
          Copiar códigos
        </Button>
        <Button onClick={onDone}>Listo</Button>
      </DialogActions>
    </>
  );
}

interface PasswordConfirmDialogProps<T> {
  title: string;
  description: string;
  submitLabel: string;
  pendingLabel: string;
  mutation: UseMutationResult<T, Error, TwoFactorPasswordData>;
  onConfirmed: (result: T) => void;
  onClose: () => void;
  /** Shown in place of the form once the password was right (the new recovery codes). */
  children?: ReactNode;
}

/** A change that asks for the account's password first; a wrong one is said under the field. */
function PasswordConfirmDialog<T>({ title, description, submitLabel, pendingLabel, mutation, onConfirmed, onClose, children }: PasswordConfirmDialogProps<T>) {
  const form = useFormDialog({
    schema: TwoFactorPasswordSchema,
    initialValues: { currentPassword: '' },
    mutation,
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    // What follows a right password is the caller's: it closes, or shows the new codes.
    stayOpen: true,
    onSuccess: onConfirmed,
    onFailure: (message, error) => {
      form.setErrors(refusalOnFields(error, 'currentPassword', message));
    },
    failureMessage: 'No se pudo comprobar la contraseña',
  });
  return (
    <Dialog open onOpenChange={form.onOpenChange} title={title} description={children ? undefined : description}>
      {children ?? (
        <Form onSubmit={form.submit} aria-label={title}>
          <CurrentPasswordField {...form.field('currentPassword')} />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
        </Form>
      )}
    </Dialog>
  );
}

function DisableDialog({ onClose }: { onClose: () => void }) {
  const disable = useDisableTwoFactor();
  const { toast } = useToast();
  return (
    <PasswordConfirmDialog
      title="Desactivar la verificación en dos pasos"
      description="Al iniciar sesión ya no te pediremos un código. Confirma tu contraseña para continuar."
      submitLabel="Desactivar"
      pendingLabel="Desactivando..."
      mutation={disable}
      onConfirmed={() => {
        toast({ title: 'Verificación en dos pasos desactivada' });
        onClose();
      }}
      onClose={onClose}
    />
  );
}

function NewCodesDialog({ onClose }: { onClose: () => void }) {
  const [codes, setCodes] = useState<string[] | null>(null);
  const create = useNewRecoveryCodes();
  return (
    <PasswordConfirmDialog
      title="Generar nuevos códigos de recuperación"
      description="Los códigos que tienes ahora dejarán de funcionar. Confirma tu contraseña para continuar."
      submitLabel="Generar códigos"
      pendingLabel="Generando..."
      mutation={create}
      onConfirmed={({ recoveryCodes }) => setCodes(recoveryCodes)}
      onClose={onClose}
    >
      {codes && <RecoveryCodesView codes={codes} onDone={onClose} />}
    </PasswordConfirmDialog>
  );
}
