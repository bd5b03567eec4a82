import {
  PAYMENT_METHODS,
  TRANSACTION_TYPES,
  TransactionsCreateSchema,
  type TransactionsCreateInput,
  type TransactionType,
} from '@arrendia/api-contract';
import { readErrorBody, zodFieldErrors } from '@arrendia/api-client';
import { parseMoneyEs, todayIso } from '@arrendia/locale-es';
import { Dialog, FormActions, SelectField, TextField, useToast } from '@arrendia/ui';
import { type FormEvent, useMemo, useState } from 'react';
import styled from 'styled-components';
import { usePropertyDetail, usePropertyOptions, useRegisterTransaction, useTransactionCategories } from './lib/api';

/** Select items cannot carry '' (spec §5): this value stands for "none chosen". */
const NONE = 'none';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

interface FormState {
  mainPropertyId: string;
  rentableUnitId: string;
  type: TransactionType;
  categoryId: string;
  amount: string;
  transactionDate: string;
  description: string;
  paymentMethod: string;
}

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

type Errors = Partial<Record<keyof FormState, string>>;

/** The payload the API receives, or the field errors of the shared schema (spec §5: same rules both sides). */
export function toPayload(state: FormState): { payload: TransactionsCreateInput } | { errors: Errors } {
  const amount = state.amount.trim() === '' ? undefined : (parseMoneyEs(state.amount) ?? 'x');
  const payload: TransactionsCreateInput = {
    mainPropertyId: state.mainPropertyId === '' ? (undefined as unknown as number) : Number(state.mainPropertyId),
    rentableUnitId: state.rentableUnitId === NONE ? undefined : Number(state.rentableUnitId),
    categoryId: state.categoryId === '' ? (undefined as unknown as number) : Number(state.categoryId),
    type: state.type,
    amount: amount as unknown as number,
    transactionDate: state.transactionDate,
    description: state.description,
    paymentMethod: state.paymentMethod === NONE ? undefined : (state.paymentMethod as TransactionsCreateInput['paymentMethod']),
  };
  const result = TransactionsCreateSchema.safeParse(payload);
  if (result.success) return { payload };
  const errors: Errors = zodFieldErrors(result.error);
  if (errors.mainPropertyId) errors.mainPropertyId = 'Elige una propiedad';
  if (errors.categoryId) errors.categoryId = 'Elige una categoría';
  if (errors.amount && amount === undefined) errors.amount = 'El importe es obligatorio';
  return { errors };
}

export interface RegisterTransactionDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** 'Registrar Transacción': records an income or an expense of one of the user's properties. */
export function RegisterTransactionDialog({ open, onOpenChange }: RegisterTransactionDialogProps) {
  const [state, setState] = useState<FormState>(initialState);
  const [errors, setErrors] = useState<Errors>({});
  const properties = usePropertyOptions(open);
  const categories = useTransactionCategories(open);
  const detail = usePropertyDetail(state.mainPropertyId ? Number(state.mainPropertyId) : undefined);
  const register = useRegisterTransaction();
  const { toast } = useToast();

  const categoryOptions = useMemo(
    () => (categories.data ?? []).filter((c) => c.isExpense === (state.type === 'Gasto')).map((c) => ({ value: String(c.id), label: c.categoryName })),
    [categories.data, state.type],
  );

  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
    setState((s) => {
      const next = { ...s, [key]: value };
      if (key === 'mainPropertyId') next.rentableUnitId = NONE;
      if (key === 'type') next.categoryId = '';
      return next;
    });
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const close = (next: boolean) => {
    if (!next) {
      setState(initialState());
      setErrors({});
    }
    onOpenChange(next);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = toPayload(state);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      return;
    }
    register.mutate(parsed.payload, {
      onSuccess: () => {
        toast({ title: 'Transacción registrada', description: 'La transacción ha sido registrada exitosamente' });
        close(false);
      },
      onError: (err) => {
        const body = readErrorBody(err);
        if (body?.fields) setErrors(body.fields as Errors);
        toast({ variant: 'destructive', title: 'Error', description: 'No se pudo registrar la transacción' });
      },
    });
  };

  const propertyOptions = (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }));
  const unitOptions = [{ value: NONE, label: 'Sin unidad concreta' }, ...(detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }))];

  return (
    <Dialog open={open} onOpenChange={close} title="Registrar Transacción" description="Anota un ingreso o un gasto de una de tus propiedades." width={560}>
      <StyledForm onSubmit={onSubmit} noValidate aria-label="Registrar Transacción">
        <SelectField
          label="Propiedad"
          placeholder={properties.isLoading ? 'Cargando...' : 'Selecciona una propiedad'}
          value={state.mainPropertyId || undefined}
          onValueChange={(v) => set('mainPropertyId', v)}
          options={propertyOptions}
          error={errors.mainPropertyId}
        />
        <SelectField
          label="Unidad (opcional)"
          value={state.rentableUnitId}
          onValueChange={(v) => set('rentableUnitId', v)}
          options={unitOptions}
          disabled={!state.mainPropertyId}
          error={errors.rentableUnitId}
        />
        <StyledRow>
          <SelectField
            label="Tipo"
            value={state.type}
            onValueChange={(v) => set('type', v as TransactionType)}
            options={TRANSACTION_TYPES.map((t) => ({ value: t, label: t }))}
            error={errors.type}
          />
          <SelectField
            label="Categoría"
            placeholder="Selecciona una categoría"
            value={state.categoryId || undefined}
            onValueChange={(v) => set('categoryId', v)}
            options={categoryOptions}
            error={errors.categoryId}
          />
        </StyledRow>
        <StyledRow>
          <TextField
            label="Importe (€)"
            inputMode="decimal"
            autoComplete="off"
            placeholder="0,00"
            value={state.amount}
            onChange={(e) => set('amount', e.target.value)}
            error={errors.amount}
          />
          <TextField label="Fecha" type="date" value={state.transactionDate} onChange={(e) => set('transactionDate', e.target.value)} error={errors.transactionDate} />
        </StyledRow>
        <TextField label="Descripción" value={state.description} maxLength={500} onChange={(e) => set('description', e.target.value)} error={errors.description} />
        <SelectField
          label="Método de pago"
          value={state.paymentMethod}
          onValueChange={(v) => set('paymentMethod', v)}
          options={[{ value: NONE, label: 'Sin especificar' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: m }))]}
          error={errors.paymentMethod}
        />
        <FormActions onCancel={() => close(false)} pending={register.isPending} submitLabel="Registrar" />
      </StyledForm>
    </Dialog>
  );
}
