import { TransactionsDeleteSchema, TransactionsUpdateSchema, type CurrentUser, type TransactionListItem } from '@arrendia/api-contract';
import { serverFieldErrors, useFormDialog, type FieldErrors, type FormDialog } from '@arrendia/api-client';
import { formatDate, formatEuros, parseMoneyEs } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { Button, Dialog, Form, FormActions, RowActions, TextAreaField, useToast } from '@arrendia/ui';
import { useId, useState } from 'react';
import { useCorrectTransaction, useDeleteTransaction } from './lib/api';
import { amountInput, MovementFields, movementName, movementValues, NONE, StyledFormError, type MovementValues } from './TransactionFields';

type EditValues = MovementValues & { reason: string };

/** What 'Editar movimiento' sends: only the fields that changed, and the reason. */
function changes(before: MovementValues, values: EditValues): Record<string, unknown> {
  const input: Record<string, unknown> = { reason: values.reason };
  if (values.type !== before.type) input.type = values.type;
  if (values.categoryId !== before.categoryId) input.categoryId = values.categoryId || undefined;
  if (parseMoneyEs(values.amount) !== parseMoneyEs(before.amount)) input.amount = amountInput(values.amount);
  if (values.transactionDate !== before.transactionDate) input.transactionDate = values.transactionDate;
  if (values.description.trim() !== before.description.trim()) input.description = values.description;
  if (values.paymentMethod !== before.paymentMethod) input.paymentMethod = values.paymentMethod === NONE ? null : values.paymentMethod;
  if (values.status !== before.status) input.status = values.status;
  return input;
}

/** A movement keeps its amount, its date and, once it has one, its category: emptying them is no change the API could make. */
function kept(before: MovementValues, values: EditValues): FieldErrors {
  return {
    categoryId: values.categoryId === '' && before.categoryId !== '' ? 'Elige una categoría' : undefined,
    amount: values.amount.trim() === '' ? 'El importe es obligatorio' : undefined,
    transactionDate: values.transactionDate === '' ? 'La fecha es obligatoria' : undefined,
  };
}

/** The API's refusal, said in the dialog (a 409 has no field to go under), and its field messages under their fields. */
const refusal = (message: string, error: unknown): FieldErrors => ({ ...serverFieldErrors(error), form: message });

/** A form-wide message (nothing changed, the API's refusal), announced when it appears. */
function FormError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <StyledFormError id={id} role="alert">
      {message}
    </StyledFormError>
  ) : null;
}

const describe = ({ transaction: t, category }: TransactionListItem) => `${movementName(t, category?.categoryName)} · ${formatDate(t.transactionDate)} · ${formatEuros(t.amount)}`;

interface ItemDialogProps {
  item: TransactionListItem;
  onClose: () => void;
}

/**
 * 'Editar movimiento' (issue 33): the movement's fields of 'Registrar Transacción' (its property,
 * unit and contract stay) and the reason, which the audit log keeps; only what changed is sent.
 */
export function EditTransactionDialog({ item, onClose }: ItemDialogProps) {
  const { toast } = useToast();
  const errorId = useId();
  const t = item.transaction;
  const before = movementValues(t);
  const form: FormDialog<EditValues> = useFormDialog({
    schema: TransactionsUpdateSchema,
    initialValues: (): EditValues => ({ ...movementValues(t), reason: '' }),
    toInput: (values) => changes(before, values),
    validate: (values) => kept(before, values),
    formErrorKey: 'form',
    mutation: useCorrectTransaction(t.id),
    onOpenChange: (open) => !open && onClose(),
    onSuccess: () => toast({ title: 'Movimiento corregido', description: movementName(t, item.category?.categoryName) }),
    onFailure: (message, error) => form.setErrors(refusal(message, error)),
    failureMessage: 'No se pudo corregir el movimiento',
  });

  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Editar movimiento" description={describe(item)} width={560}>
      <Form onSubmit={form.submit} aria-label="Editar movimiento" aria-describedby={form.errors.form ? errorId : undefined}>
        <MovementFields form={form} withStatus />
        <TextAreaField label="Motivo de la corrección" rows={3} maxLength={500} {...form.field('reason')} />
        <FormError id={errorId} message={form.errors.form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar cambios" />
      </Form>
    </Dialog>
  );
}

/** 'Eliminar movimiento' (issue 33): asks for the reason, which the audit log keeps. */
export function DeleteTransactionDialog({ item, onClose }: ItemDialogProps) {
  const { toast } = useToast();
  const errorId = useId();
  const t = item.transaction;
  const form: FormDialog<{ reason: string }> = useFormDialog({
    schema: TransactionsDeleteSchema,
    initialValues: { reason: '' },
    mutation: useDeleteTransaction(t.id),
    onOpenChange: (open) => !open && onClose(),
    onSuccess: () => toast({ title: 'Movimiento eliminado', description: movementName(t, item.category?.categoryName) }),
    onFailure: (message, error) => form.setErrors(refusal(message, error)),
    failureMessage: 'No se pudo eliminar el movimiento',
  });

  return (
    <Dialog open onOpenChange={form.onOpenChange} title="Eliminar movimiento" description={`${describe(item)}. Dejará de contar en las cifras; el motivo queda en el registro de auditoría.`}>
      <Form onSubmit={form.submit} aria-label="Eliminar movimiento" aria-describedby={form.errors.form ? errorId : undefined}>
        <TextAreaField label="Motivo" rows={3} maxLength={500} {...form.field('reason')} />
        <FormError id={errorId} message={form.errors.form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Eliminar movimiento" pendingLabel="Eliminando..." />
      </Form>
    </Dialog>
  );
}

/** 'Editar' and 'Eliminar' of a listed movement, for whoever may write transactions; nothing for anyone else. */
export function TransactionRowActions({ user, item }: { user: CurrentUser | null; item: TransactionListItem }) {
  const [open, setOpen] = useState<'edit' | 'delete' | null>(null);
  if (!can(user?.role?.roleName, 'transactions:write')) return null;
  const t = item.transaction;
  const name = `el movimiento ${movementName(t, item.category?.categoryName)} del ${formatDate(t.transactionDate)}`;
  const close = () => setOpen(null);
  return (
    <RowActions>
      <Button size="sm" variant="outline" onClick={() => setOpen('edit')} aria-label={`Editar ${name}`}>
        Editar
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setOpen('delete')} aria-label={`Eliminar ${name}`}>
        Eliminar
      </Button>
      {open === 'edit' && <EditTransactionDialog item={item} onClose={close} />}
      {open === 'delete' && <DeleteTransactionDialog item={item} onClose={close} />}
    </RowActions>
  );
}
