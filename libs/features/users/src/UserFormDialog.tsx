import { roleTakesAgency, UsersCreateSchema, UsersPatchSchema, type PasswordResetLink, type UserDetail, type UserRow } from '@arrendia/api-contract';
import { useFormDialog, type FormDialog } from '@arrendia/api-client';
import { formatDateTime, personName } from '@arrendia/locale-es';
import { ROLE_LABELS, ROLE_NAMES, type RoleName } from '@arrendia/permissions';
import { Dialog, Form, FormActions, LoadError, OneTimeLink, SelectField, Skeleton, TextField, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { agencyCheck, agencyPart } from './formChecks';
import { useRefusalToast } from './useFailureToast';
import { useAgencyOptions, useCreateUser, useUpdateUser, useUserDetail } from './useUsers';

export const ROLE_OPTIONS = ROLE_NAMES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Values = Record<'email' | 'firstName' | 'lastName' | 'roleName' | 'agencyId' | 'telefono' | 'nifCif' | 'ibanBancaria' | 'password', string>;
const EMPTY: Values = { email: '', firstName: '', lastName: '', roleName: '', agencyId: '', telefono: '', nifCif: '', ibanBancaria: '', password: '' };

/** The agency choice of a user whose role has one: a SelectField's props (`form.select('agencyId')`). */
export function AgencyField({ enabled, ...select }: { value: string | undefined; onValueChange: (value: string) => void; error?: string; enabled: boolean }) {
  const agencies = useAgencyOptions(enabled);
  const options = (agencies.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  return <SelectField label="Agencia" placeholder={agencies.isLoading ? 'Cargando agencias...' : 'Selecciona una agencia'} options={options} {...select} />;
}

/** A create form whose role and agency are fixed: 'Invitar gerente' of an agency ('Agencias' tab). */
export interface UserPreset {
  roleName: RoleName;
  agencyId: number;
  agencyName: string;
}

interface PersonFieldsProps {
  form: FormDialog<Values>;
  roleName: string;
  open: boolean;
  creating: boolean;
  preset?: UserPreset;
}

/**
 * The fields the create and the edit form share, labelled, with their Spanish errors. With a
 * preset the role and the agency are shown, not chosen, and there is no password: the user sets it
 * with the one-time link.
 */
function PersonFields({ form, roleName, open, creating, preset }: PersonFieldsProps) {
  return (
    <>
      <TextField label="Nombre" autoComplete="off" {...form.field('firstName')} />
      <TextField label="Apellidos" autoComplete="off" {...form.field('lastName')} />
      {creating && <TextField label="Correo electrónico" type="email" autoComplete="off" {...form.field('email')} />}
      {preset ? (
        <>
          <TextField label="Rol" value={ROLE_LABELS[preset.roleName]} readOnly error={form.errors.roleName} />
          <TextField label="Agencia" value={preset.agencyName} readOnly error={form.errors.agencyId} />
        </>
      ) : (
        <>
          {creating && <SelectField label="Rol" placeholder="Selecciona un rol" options={ROLE_OPTIONS} {...form.select('roleName')} />}
          {roleTakesAgency(roleName) && <AgencyField {...form.select('agencyId')} enabled={open} />}
        </>
      )}
      <TextField label="Teléfono (opcional)" type="tel" {...form.field('telefono')} />
      <TextField label="NIF/NIE/CIF (opcional)" {...form.field('nifCif')} />
      <TextField label="IBAN (opcional)" {...form.field('ibanBancaria')} />
      {creating && !preset && (
        <TextField label="Contraseña (opcional)" type="password" autoComplete="new-password" hint="Déjala vacía y te daremos un enlace para que el usuario la elija" {...form.field('password')} />
      )}
    </>
  );
}

/**
 * 'Crear Usuario': checked with the API's own schema (NIF/NIE/CIF, IBAN, agency rule) before the
 * call. Created without a password, the dialog then shows the one-time link to set it.
 * With a `preset` it is 'Invitar gerente': the role and agency are the preset's, never a password.
 */
export function CreateUserDialog({ open, onOpenChange, preset }: { open: boolean; onOpenChange: (open: boolean) => void; preset?: UserPreset }) {
  const [setupLink, setSetupLink] = useState<PasswordResetLink | null>(null);
  const { toast } = useToast();
  const refused = useRefusalToast();
  const form = useFormDialog({
    schema: UsersCreateSchema,
    initialValues: EMPTY,
    toInput: ({ agencyId, password, ...rest }) =>
      preset ? { ...rest, roleName: preset.roleName, agencyId: preset.agencyId } : { ...rest, password, ...agencyPart(rest.roleName, agencyId) },
    mutation: useCreateUser(),
    onOpenChange: (next) => {
      if (!next) setSetupLink(null);
      onOpenChange(next);
    },
    // Open until we know whether there is a link to hand over.
    stayOpen: true,
    onSuccess: (created) => {
      const name = personName(created, created.email);
      if (preset) toast({ title: 'Gerente invitado', description: `Envía a ${name} el enlace para que elija su contraseña` });
      else toast({ title: 'Usuario creado', description: `${name} ya está en la lista` });
      if (created.setupLink) setSetupLink(created.setupLink);
      else form.close();
    },
    onFailure: refused,
    failureMessage: 'No se pudo crear el usuario',
  });

  const title = preset ? 'Invitar gerente' : 'Crear Usuario';
  const description = preset
    ? `Gerente de ${preset.agencyName}: te daremos un enlace para que elija su contraseña.`
    : 'Una cuenta nueva con su rol; los datos fiscales y bancarios se comprueban antes de guardarlos.';
  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title={title} description={description} width={560}>
      {setupLink ? (
        <OneTimeLink link={setupLink.link} label="Enlace para elegir la contraseña">
          Sirve una sola vez y caduca el {formatDateTime(setupLink.expiresAt)}.
        </OneTimeLink>
      ) : (
        <Form onSubmit={form.submit} aria-label={preset ? 'Invitar gerente' : 'Crear usuario'}>
          <PersonFields form={form} roleName={preset?.roleName ?? form.values.roleName} open={open} creating preset={preset} />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel={title} pendingLabel={preset ? 'Invitando...' : 'Creando...'} />
        </Form>
      )}
    </Dialog>
  );
}

/** 'Editar': the person's data as the server has it; role and status have actions of their own. */
export function EditUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const detail = useUserDetail(user?.id ?? null);
  return (
    <Dialog open={user !== null} onOpenChange={(next) => !next && onClose()} title="Editar Usuario" description={user ? `${user.email} · ${user.role.label}` : undefined} width={560}>
      {detail.isLoading ? (
        <Skeleton height="12rem" />
      ) : detail.isError ? (
        <LoadError variant="inline" retry={detail}>No se pudo cargar el usuario</LoadError>
      ) : (
        user && detail.data && <EditUserForm key={user.id} user={user} detail={detail.data} onClose={onClose} />
      )}
    </Dialog>
  );
}

/** The edit form, drawn once the user's data is here: it starts from what the server has. */
function EditUserForm({ user, detail, onClose }: { user: UserRow; detail: UserDetail; onClose: () => void }) {
  const { toast } = useToast();
  const refused = useRefusalToast();
  const roleName = user.role.roleName;
  const form = useFormDialog({
    schema: UsersPatchSchema,
    initialValues: () => ({
      ...EMPTY,
      firstName: detail.firstName ?? '',
      lastName: detail.lastName ?? '',
      agencyId: detail.agency ? String(detail.agency.id) : '',
      telefono: detail.telefono ?? '',
      nifCif: detail.nifCif ?? '',
      ibanBancaria: detail.ibanBancaria ?? '',
    }),
    toInput: ({ firstName, lastName, telefono, nifCif, ibanBancaria, agencyId }) => ({ firstName, lastName, telefono, nifCif, ibanBancaria, ...agencyPart(roleName, agencyId) }),
    validate: ({ agencyId }) => agencyCheck(roleName, agencyId),
    mutation: useUpdateUser(user.id),
    onOpenChange: (open) => {
      if (!open) onClose();
    },
    onSuccess: (saved) => toast({ title: 'Usuario guardado', description: personName(saved, saved.email) }),
    onFailure: refused,
    failureMessage: 'No se pudo guardar el usuario',
  });
  return (
    <Form onSubmit={form.submit} aria-label="Editar usuario">
      <PersonFields form={form} roleName={roleName} open creating={false} />
      <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar" />
    </Form>
  );
}
