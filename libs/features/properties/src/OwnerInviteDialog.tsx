import { OwnerInvitationsCreateSchema } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { formatDate } from '@arrendia/locale-es';
import { Dialog, Form, FormActions, OneTimeLink, TextField, toast } from '@arrendia/ui';
import { useCreateOwnerInvitation } from './useProperties';

export interface OwnerInviteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * 'Invitar a un propietario nuevo' (issue 32), opened from 'Nueva Propiedad' by agency staff: an
 * email and a name make a one-time link to send (there is no email delivery yet). The person
 * accepts by creating an owner account, and only then is among the owners to choose. The dialog
 * stays on the link after a success; closing it forgets the invitation, and leaves the property
 * form underneath as it was.
 */
export function OwnerInviteDialog({ open, onOpenChange }: OwnerInviteDialogProps) {
  const invite = useCreateOwnerInvitation();
  const form = useFormDialog({
    schema: OwnerInvitationsCreateSchema,
    initialValues: { email: '', firstName: '', lastName: '' },
    mutation: invite,
    onOpenChange,
    stayOpen: true,
    onSuccess: (created) => toast({ title: 'Invitación creada', description: `Envía el enlace a ${created.firstName}: caduca el ${formatDate(created.expiresAt)}` }),
    // A 409 (already a client of the agency) and the field checks go under their fields too.
    onFailure: (message) => toast({ variant: 'destructive', title: 'Error', description: message }),
    failureMessage: 'No se pudo crear la invitación',
  });
  const created = invite.data;
  return (
    <Dialog
      open={open}
      onOpenChange={form.onOpenChange}
      title="Invitar propietario"
      description="Le daremos un enlace para que cree su cuenta de propietario y se una a la cartera de tu agencia."
      width={520}
    >
      {created ? (
        <OneTimeLink link={created.link} label="Enlace de invitación" copiedHint="Pégalo en tu mensaje al propietario">
          Envía este enlace a {created.firstName}. Cuando acepte, podrás elegirle como propietario. Sirve una sola vez y caduca el {formatDate(created.expiresAt)}.
        </OneTimeLink>
      ) : (
        <Form onSubmit={form.submit} aria-label="Invitar propietario">
          <TextField label="Correo electrónico" type="email" autoComplete="off" {...form.field('email')} />
          <TextField label="Nombre" autoComplete="off" {...form.field('firstName')} />
          <TextField label="Apellidos" autoComplete="off" {...form.field('lastName')} />
          <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear invitación" pendingLabel="Creando..." />
        </Form>
      )}
    </Dialog>
  );
}
