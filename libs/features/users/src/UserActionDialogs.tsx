import { roleTakesAgency, UsersRoleSchema, type PasswordResetLink, type UserRow } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { AlertDialog, Button, CardDescription, Dialog, Form, FormActions, OneTimeLink, SelectField, useToast } from '@arrendia/ui';
import { useRef, useState } from 'react';
import { agencyCheck, agencyPart } from './formChecks';
import { AgencyField, ROLE_OPTIONS } from './UserFormDialog';
import { useFailureToast, useRefusalToast } from './useFailureToast';
import { useChangeRole, usePasswordReset, useResetTwoFactor, useSetActive } from './useUsers';

const nameOf = (user: UserRow) => personName(user, user.email);

/** The last user a dialog mounted for good was asked about, so that it keeps its words while it closes. */
function useLastAsked(user: UserRow | null): UserRow | null {
  const last = useRef(user);
  if (user) last.current = user;
  return last.current;
}

/** 'Cambiar rol': one of the six roles, with the agency when the role has one (the user's own by default). */
export function RoleDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const { toast } = useToast();
  const refused = useRefusalToast();
  const form = useFormDialog({
    schema: UsersRoleSchema,
    initialValues: { roleName: user.role.roleName as string, agencyId: user.agency ? String(user.agency.id) : '' },
    toInput: ({ roleName, agencyId }) => ({ roleName, ...agencyPart(roleName, agencyId) }),
    validate: ({ roleName, agencyId }) => agencyCheck(roleName, agencyId),
    mutation: useChangeRole(user.id),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    onSuccess: (saved) => toast({ title: 'Rol cambiado', description: `${nameOf(user)} es ahora ${saved.role.label}` }),
    onFailure: refused,
    failureMessage: 'No se pudo cambiar el rol',
  });

  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Cambiar rol" description={`${nameOf(user)} · ${user.email}`}>
      <Form onSubmit={form.submit} aria-label="Cambiar rol">
        <SelectField label="Rol" options={ROLE_OPTIONS} {...form.select('roleName')} />
        {roleTakesAgency(form.values.roleName) && <AgencyField {...form.select('agencyId')} enabled />}
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Cambiar rol" />
      </Form>
    </Dialog>
  );
}

/**
 * Activar / Desactivar, after a confirmation; deactivating signs the user out at once. Mounted for
 * good (`user` null when closed): the answer, which may well be a refusal, comes after it closes.
 */
export function ActiveDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const setActive = useSetActive();
  const { toast } = useToast();
  const failed = useFailureToast();
  const shown = useLastAsked(user);
  if (!shown) return null;
  const activating = !shown.isActive;
  const confirm = () =>
    setActive.mutate(
      { id: shown.id, isActive: activating },
      {
        onSuccess: () => toast({ title: activating ? 'Usuario activado' : 'Usuario desactivado', description: nameOf(shown) }),
        onError: (error) => failed(error, activating ? 'No se pudo activar el usuario' : 'No se pudo desactivar el usuario'),
      },
    );
  return (
    <AlertDialog
      open={user !== null}
      onOpenChange={(next) => !next && onClose()}
      title={activating ? `¿Activar a ${nameOf(shown)}?` : `¿Desactivar a ${nameOf(shown)}?`}
      description={activating ? 'Podrá volver a iniciar sesión.' : 'Perderá el acceso al momento: sus sesiones abiertas se cerrarán y no podrá iniciar sesión.'}
      confirmLabel={activating ? 'Activar' : 'Desactivar'}
      destructive={!activating}
      onConfirm={confirm}
    />
  );
}

/**
 * Turns off the two-factor authentication of a user who lost both the app and the recovery codes,
 * after a confirmation. Mounted for good, like ActiveDialog.
 */
export function ResetTwoFactorDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const reset = useResetTwoFactor();
  const { toast } = useToast();
  const failed = useFailureToast();
  const shown = useLastAsked(user);
  if (!shown) return null;
  return (
    <AlertDialog
      open={user !== null}
      onOpenChange={(next) => !next && onClose()}
      title={`¿Desactivar la verificación en dos pasos de ${nameOf(shown)}?`}
      description="Podrá iniciar sesión solo con su contraseña hasta que vuelva a activarla. Hazlo solo si has comprobado que es quien lo pide: por ejemplo, ha perdido el móvil y sus códigos de recuperación."
      confirmLabel="Desactivar"
      destructive
      onConfirm={() =>
        reset.mutate(
          { id: shown.id },
          {
            onSuccess: () => toast({ title: 'Verificación en dos pasos desactivada', description: nameOf(shown) }),
            onError: (error) => failed(error, 'No se pudo desactivar la verificación en dos pasos'),
          },
        )
      }
    />
  );
}

/**
 * 'Restablecer contraseña': a one-time link, valid 24 hours, for the admin to hand over. Made on
 * request, not on opening: a new link voids the user's earlier ones.
 */
export function ResetPasswordDialog({ user, onClose }: { user: UserRow; onClose: () => void }) {
  const [link, setLink] = useState<PasswordResetLink | null>(null);
  const reset = usePasswordReset();
  const failed = useFailureToast();
  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title="Restablecer contraseña" description={`${nameOf(user)} · ${user.email}`} width={560}>
      {link ? (
        <OneTimeLink link={link.link} label="Enlace para restablecer la contraseña">
          Sirve una sola vez y caduca el {formatDateTime(link.expiresAt)}.
        </OneTimeLink>
      ) : (
        <Form
          onSubmit={(event) => {
            event.preventDefault();
            reset.mutate({ id: user.id }, { onSuccess: setLink, onError: (error) => failed(error, 'No se pudo crear el enlace') });
          }}
          aria-label="Restablecer contraseña"
        >
          <CardDescription>
            Se creará un enlace de un solo uso, válido 24 horas, con el que el usuario elegirá una contraseña nueva. Los enlaces anteriores dejarán de funcionar.
          </CardDescription>
          <Button type="submit" disabled={reset.isPending}>
            {reset.isPending ? 'Creando...' : 'Crear enlace'}
          </Button>
        </Form>
      )}
    </Dialog>
  );
}
