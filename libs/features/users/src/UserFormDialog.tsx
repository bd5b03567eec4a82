import { roleTakesAgency, UsersCreateSchema, UsersPatchSchema, type PasswordResetLink, type UserRow, type UsersCreateInput } from '@arrendia/api-contract';
import type { FieldErrors } from '@arrendia/api-client';
import { personName } from '@arrendia/locale-es';
import { ROLE_LABELS, ROLE_NAMES } from '@arrendia/permissions';
import { Dialog, FormActions, LoadError, SelectField, Skeleton, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useEffect, useState } from 'react';
import styled from 'styled-components';
import { agencyPart, formErrors } from './formChecks';
import { OneTimeLink } from './OneTimeLink';
import { useRefusal } from './useFailureToast';
import { useAgencyOptions, useCreateUser, useUpdateUser, useUserDetail } from './useUsers';

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.md};
`;

export const ROLE_OPTIONS = ROLE_NAMES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Values = Record<'email' | 'firstName' | 'lastName' | 'roleName' | 'agencyId' | 'telefono' | 'nifCif' | 'ibanBancaria' | 'password', string>;
const EMPTY: Values = { email: '', firstName: '', lastName: '', roleName: '', agencyId: '', telefono: '', nifCif: '', ibanBancaria: '', password: '' };

/** The agency choice of a user whose role has one. */
export function AgencyField({ value, onChange, error, enabled }: { value: string; onChange: (v: string) => void; error?: string; enabled: boolean }) {
  const agencies = useAgencyOptions(enabled);
  const options = (agencies.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  return <SelectField label="Agencia" placeholder={agencies.isLoading ? 'Cargando agencias...' : 'Selecciona una agencia'} options={options} value={value || undefined} onValueChange={onChange} error={error} />;
}

interface FormProps {
  values: Values;
  set: (name: keyof Values) => (value: string) => void;
  errors: FieldErrors;
  roleName: string;
  open: boolean;
  creating: boolean;
}

/** The fields the create and the edit form share, labelled, with their Spanish errors. */
function PersonFields({ values, set, errors, roleName, open, creating }: FormProps) {
  const text = (name: keyof Values) => ({ value: values[name], onChange: (e: { target: { value: string } }) => set(name)(e.target.value), error: errors[name] });
  return (
    <>
      <TextField label="Nombre" autoComplete="off" {...text('firstName')} />
      <TextField label="Apellidos" autoComplete="off" {...text('lastName')} />
      {creating && (
        <>
          <TextField label="Correo electrónico" type="email" autoComplete="off" {...text('email')} />
          <SelectField label="Rol" placeholder="Selecciona un rol" options={ROLE_OPTIONS} value={values.roleName || undefined} onValueChange={set('roleName')} error={errors.roleName} />
        </>
      )}
      {roleTakesAgency(roleName) && <AgencyField value={values.agencyId} onChange={set('agencyId')} error={errors.agencyId} enabled={open} />}
      <TextField label="Teléfono (opcional)" type="tel" {...text('telefono')} />
      <TextField label="NIF/NIE/CIF (opcional)" {...text('nifCif')} />
      <TextField label="IBAN (opcional)" {...text('ibanBancaria')} />
      {creating && <TextField label="Contraseña (opcional)" type="password" autoComplete="new-password" hint="Déjala vacía y te daremos un enlace para que el usuario la elija" {...text('password')} />}
    </>
  );
}

function useValues(initial: Values) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = (name: keyof Values) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  return { values, setValues, errors, setErrors, set };
}

/**
 * 'Crear Usuario': checked with the API's own schema (NIF/NIE/CIF, IBAN, agency rule) before the
 * call. Created without a password, the dialog then shows the one-time link to set it.
 */
export function CreateUserDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { values, setValues, errors, setErrors, set } = useValues(EMPTY);
  const [setupLink, setSetupLink] = useState<PasswordResetLink | null>(null);
  const create = useCreateUser();
  const { toast } = useToast();
  const refused = useRefusal(setErrors, 'No se pudo crear el usuario');
  const close = (next: boolean) => {
    if (!next) {
      setValues(EMPTY);
      setErrors({});
      setSetupLink(null);
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const { agencyId, ...rest } = values;
    const input = { ...rest, ...agencyPart(values.roleName, agencyId) };
    const found = formErrors(UsersCreateSchema, input, values.roleName, agencyId);
    setErrors(found);
    if (Object.keys(found).length) return;
    // Checked just above with the API's schema: the role is one of the six.
    create.mutate(input as UsersCreateInput, {
      onSuccess: (created) => {
        toast({ title: 'Usuario creado', description: `${personName(created, created.email)} ya está en la lista` });
        if (created.setupLink) setSetupLink(created.setupLink);
        else close(false);
      },
      onError: refused,
    });
  };

  return (
    <Dialog open={open} onOpenChange={close} title="Crear Usuario" description="Una cuenta nueva con su rol; los datos fiscales y bancarios se comprueban antes de guardarlos." width={560}>
      {setupLink ? (
        <OneTimeLink link={setupLink} label="Enlace para elegir la contraseña" />
      ) : (
        <Form onSubmit={submit} noValidate aria-label="Crear usuario">
          <PersonFields values={values} set={set} errors={errors} roleName={values.roleName} open={open} creating />
          <FormActions onCancel={() => close(false)} pending={create.isPending} submitLabel="Crear Usuario" pendingLabel="Creando..." />
        </Form>
      )}
    </Dialog>
  );
}

/** 'Editar': the person's data as the server has it; role and status have actions of their own. */
export function EditUserDialog({ user, onClose }: { user: UserRow | null; onClose: () => void }) {
  const detail = useUserDetail(user?.id ?? null);
  const { values, setValues, errors, setErrors, set } = useValues(EMPTY);
  const update = useUpdateUser();
  const { toast } = useToast();
  const refused = useRefusal(setErrors, 'No se pudo guardar el usuario');
  const roleName = user?.role.roleName ?? '';

  useEffect(() => {
    const d = detail.data;
    if (d) setValues({ ...EMPTY, firstName: d.firstName ?? '', lastName: d.lastName ?? '', agencyId: d.agency ? String(d.agency.id) : '', telefono: d.telefono ?? '', nifCif: d.nifCif ?? '', ibanBancaria: d.ibanBancaria ?? '' });
  }, [detail.data, setValues]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!user) return;
    const { firstName, lastName, telefono, nifCif, ibanBancaria, agencyId } = values;
    const input = { firstName, lastName, telefono, nifCif, ibanBancaria, ...agencyPart(roleName, agencyId) };
    const found = formErrors(UsersPatchSchema, input, roleName, agencyId);
    setErrors(found);
    if (Object.keys(found).length) return;
    update.mutate(
      { id: user.id, ...input },
      {
        onSuccess: (saved) => {
          toast({ title: 'Usuario guardado', description: personName(saved, saved.email) });
          onClose();
        },
        onError: refused,
      },
    );
  };

  return (
    <Dialog
      open={user !== null}
      onOpenChange={(next) => {
        if (!next) {
          setErrors({});
          onClose();
        }
      }}
      title="Editar Usuario"
      description={user ? `${user.email} · ${user.role.label}` : undefined}
      width={560}
    >
      {detail.isLoading ? (
        <Skeleton height="12rem" />
      ) : detail.isError ? (
        <LoadError variant="inline" retry={detail}>No se pudo cargar el usuario</LoadError>
      ) : (
        <Form onSubmit={submit} noValidate aria-label="Editar usuario">
          <PersonFields values={values} set={set} errors={errors} roleName={roleName} open={user !== null} creating={false} />
          <FormActions onCancel={onClose} pending={update.isPending} submitLabel="Guardar" />
        </Form>
      )}
    </Dialog>
  );
}
