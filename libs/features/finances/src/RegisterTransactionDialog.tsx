import { PAYMENT_METHODS, TRANSACTION_TYPES, TransactionsCreateSchema, type TransactionType } from '@arrendia/api-contract';
import { useFormDialog } from '@arrendia/api-client';
import { parseMoneyEs, todayIso } from '@arrendia/locale-es';
import { Dialog, Form, FormActions, SelectField, TextField, useToast } from '@arrendia/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import { usePropertyDetail, usePropertyOptions, useRegisterTransaction, useTransactionCategories } from './lib/api';

/** Select items cannot carry '' (spec §5): this value stands for "none chosen". */
const NONE = 'none';

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

type FormState = {
  mainPropertyId: string;
  rentableUnitId: string;
  type: TransactionType;
  categoryId: string;
  amount: string;
  transactionDate: string;
  description: string;
  paymentMethod: string;
};

const initialState = (): FormState => ({
  mainPropertyId: '',
  rentableUnitId: NONE,
  type: 'Gasto',
  categoryId: '',
  amount: '',
  transactionDate: todayIso(),
  description: '',
  paymentMethod: NONE,
});

/** What the shared schema reads (spec §5: same rules both sides): the amount in Spanish notation ('42,10') as a number. */
function toInput(state: FormState) {
  return {
    mainPropertyId: state.mainPropertyId || undefined,
    rentableUnitId: state.rentableUnitId === NONE ? undefined : state.rentableUnitId,
    categoryId: state.categoryId || undefined,
    type: state.type,
    // Text that is no amount in Spanish notation is no number: the schema says so.
    amount: state.amount.trim() === '' ? undefined : (parseMoneyEs(state.amount) ?? Number.NaN),
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
  const categories = useTransactionCategories(open);
  const detail = usePropertyDetail(state.mainPropertyId ? Number(state.mainPropertyId) : undefined);

  const categoryOptions = useMemo(
    () => (categories.data ?? []).filter((c) => c.isExpense === (state.type === 'Gasto')).map((c) => ({ value: String(c.id), label: c.categoryName })),
    [categories.data, state.type],
  );

  /** A change clears its field's message; a new property or type clears the unit or category chosen for the old one. */
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    form.set(key, value);
    if (key === 'mainPropertyId') form.set('rentableUnitId', NONE);
    if (key === 'type') form.set('categoryId', '');
    form.setErrors({ ...form.errors, [key]: undefined });
  };
  const text = (key: 'amount' | 'transactionDate' | 'description') => ({ ...form.field(key), onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  const choice = (key: 'mainPropertyId' | 'rentableUnitId' | 'categoryId' | 'paymentMethod') => ({ ...form.select(key), onValueChange: (v: string) => set(key, v) });

  const propertyOptions = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }));
  const unitOptions = [{ value: NONE, label: 'Sin unidad concreta' }, ...(detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }))];

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Registrar Transacción" description="Anota un ingreso o un gasto de una de tus propiedades." width={560}>
      <Form onSubmit={form.submit} aria-label="Registrar Transacción">
        <SelectField label="Propiedad" placeholder={properties.isLoading ? 'Cargando...' : 'Selecciona una propiedad'} options={propertyOptions} {...choice('mainPropertyId')} />
        <SelectField label="Unidad (opcional)" options={unitOptions} disabled={!state.mainPropertyId} {...choice('rentableUnitId')} />
        <StyledRow>
          <SelectField label="Tipo" options={TRANSACTION_TYPES.map((t) => ({ value: t, label: t }))} {...form.select('type')} onValueChange={(v) => set('type', v as TransactionType)} />
          <SelectField label="Categoría" placeholder="Selecciona una categoría" options={categoryOptions} {...choice('categoryId')} />
        </StyledRow>
        <StyledRow>
          <TextField label="Importe (€)" inputMode="decimal" autoComplete="off" placeholder="0,00" {...text('amount')} />
          <TextField label="Fecha" type="date" {...text('transactionDate')} />
        </StyledRow>
        <TextField label="Descripción" maxLength={500} {...text('description')} />
        <SelectField label="Método de pago" options={[{ value: NONE, label: 'Sin especificar' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: m }))]} {...choice('paymentMethod')} />
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Registrar" />
      </Form>
    </Dialog>
  );
}
