import { TransactionsCreateSchema } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { Dialog, Form, FormActions, SelectField, useToast } from '@arrendia/ui';
import { usePropertyDetail, usePropertyOptions, useRegisterTransaction } from './lib/api';
import { amountInput, emptyMovement, MovementFields, NONE, type MovementValues } from './TransactionFields';

type FormState = MovementValues & {
  mainPropertyId: string;
  rentableUnitId: string;
};

const initialState = (): FormState => ({
  ...emptyMovement(),
  mainPropertyId: '',
  rentableUnitId: NONE,
});

/** What the shared schema reads (spec §5: same rules both sides): the amount in Spanish notation ('42,10') as a number. */
function toInput(state: FormState) {
  return {
    mainPropertyId: state.mainPropertyId || undefined,
    rentableUnitId: state.rentableUnitId === NONE ? undefined : state.rentableUnitId,
    categoryId: state.categoryId || undefined,
    type: state.type,
    amount: amountInput(state.amount),
    transactionDate: state.transactionDate,
    description: state.description,
    paymentMethod: state.paymentMethod === NONE ? undefined : state.paymentMethod,
  };
}

export interface RegisterTransactionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Registrar Transacción': records an income or an expense of one of the user's properties. */
export function RegisterTransactionDialog({ open, onOpenChange }: RegisterTransactionDialogProps) {
  const { toast } = useToast();
  const form = useFormDialog({
    schema: TransactionsCreateSchema,
    initialValues: initialState,
    toInput,
    clientMessages: ({ amount }) => ({ mainPropertyId: 'Elige una propiedad', categoryId: 'Elige una categoría', ...(amount.trim() === '' ? { amount: 'El importe es obligatorio' } : {}) }),
    mutation: useRegisterTransaction(),
    onOpenChange,
    onSuccess: () => toast({ title: 'Transacción registrada', description: 'La transacción ha sido registrada exitosamente' }),
    // The spec's words: the fields the server names say the rest.
    onFailure: () => toast({ variant: 'destructive', title: 'Error', description: 'No se pudo registrar la transacción' }),
    failureMessage: 'No se pudo registrar la transacción',
  });
  const state = form.values;
  const properties = usePropertyOptions(open);
  const detail = usePropertyDetail(state.mainPropertyId ? Number(state.mainPropertyId) : undefined);

  /** A change clears its field's message; a new property clears the unit chosen for the old one. */
  const choice = (key: 'mainPropertyId' | 'rentableUnitId') => ({
    ...form.select(key),
    onValueChange: (v: string) => {
      form.set(key, v);
      if (key === 'mainPropertyId') form.set('rentableUnitId', NONE);
      form.setErrors({ ...form.errors, [key]: undefined });
    },
  });

  const propertyOptions = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }));
  const unitOptions = [{ value: NONE, label: 'Sin unidad concreta' }, ...(detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }))];

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Registrar Transacción" description="Anota un ingreso o un gasto de una de tus propiedades." width={560}>
      <Form onSubmit={form.submit} aria-label="Registrar Transacción">
        <SelectField label="Propiedad" placeholder={properties.isLoading ? 'Cargando...' : 'Selecciona una propiedad'} options={propertyOptions} {...choice('mainPropertyId')} />
        <SelectField label="Unidad (opcional)" options={unitOptions} disabled={!state.mainPropertyId} {...choice('rentableUnitId')} />
        <MovementFields form={form} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Registrar" />
      </Form>
    </Dialog>
  );
}
