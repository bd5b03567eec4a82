import { PAYMENT_METHODS, TRANSACTION_STATUSES, TRANSACTION_TYPES, type Transaction, type TransactionStatus, type TransactionType } from '@arrendia/api-contract';
import type { FormDialog } from '@arrendia/api-client';
import { fromCents, parseMoneyEs, toCents, todayIso } from '@arrendia/locale-es';
import { SelectField, TextField } from '@arrendia/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import { useTransactionCategories } from './lib/api';

/** Select items cannot carry '' (spec §5): this value stands for "none chosen". */
export const NONE = 'none';

export const StyledRow = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(180px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

export const StyledFormError = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.dangerText};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** What the fields that describe a movement hold: 'Registrar Transacción' and 'Editar movimiento' alike. */
export type MovementValues = {
  type: TransactionType;
  categoryId: string;
  amount: string;
  transactionDate: string;
  description: string;
  paymentMethod: string;
  status: TransactionStatus;
};

export const emptyMovement = (): MovementValues => ({
  type: 'Gasto',
  categoryId: '',
  amount: '',
  transactionDate: todayIso(),
  description: '',
  paymentMethod: NONE,
  status: 'Completado',
});

/** A recorded movement as the form shows it: the amount the Spanish way ('42,10'). */
export const movementValues = (t: Transaction): MovementValues => ({
  type: t.type,
  categoryId: t.categoryId === null ? '' : String(t.categoryId),
  amount: fromCents(toCents(t.amount)).replace('.', ','),
  transactionDate: t.transactionDate.slice(0, 10),
  description: t.description ?? '',
  paymentMethod: t.paymentMethod ?? NONE,
  status: t.status,
});

/** The amount typed the Spanish way as the shared schema reads it: text that is no amount is no number, and the schema says so. */
export const amountInput = (text: string) => (text.trim() === '' ? undefined : (parseMoneyEs(text) ?? Number.NaN));

/** The name of a listed movement: its description, else its category, else its type. */
export const movementName = (t: Transaction, categoryName: string | null | undefined) => t.description || categoryName || t.type;

/**
 * Tipo, Categoría (of that type), Importe, Fecha, Descripción, Método de pago and, when asked,
 * Estado. A change clears its field's message; a new type clears the category chosen for the old one.
 */
export function MovementFields<V extends MovementValues>({ form, withStatus = false }: { form: FormDialog<V>; withStatus?: boolean }) {
  const { values } = form;
  const categories = useTransactionCategories();
  const categoryOptions = useMemo(
    () => (categories.data ?? []).filter((c) => c.isExpense === (values.type === 'Gasto')).map((c) => ({ value: String(c.id), label: c.categoryName })),
    [categories.data, values.type],
  );

  const set = (key: keyof MovementValues, value: string) => {
    form.set(key, value as V[typeof key]);
    if (key === 'type') form.set('categoryId', '' as V['categoryId']);
    form.setErrors({ ...form.errors, [key]: undefined });
  };
  const text = (key: 'amount' | 'transactionDate' | 'description') => ({ ...form.field(key), onChange: (e: { target: { value: string } }) => set(key, e.target.value) });
  const choice = (key: 'type' | 'categoryId' | 'paymentMethod' | 'status') => ({ ...form.select(key), onValueChange: (v: string) => set(key, v) });
  const paymentMethod = (
    <SelectField label="Método de pago" options={[{ value: NONE, label: 'Sin especificar' }, ...PAYMENT_METHODS.map((m) => ({ value: m, label: m }))]} {...choice('paymentMethod')} />
  );

  return (
    <>
      <StyledRow>
        <SelectField label="Tipo" options={TRANSACTION_TYPES.map((t) => ({ value: t, label: t }))} {...choice('type')} />
        <SelectField label="Categoría" placeholder="Selecciona una categoría" options={categoryOptions} {...choice('categoryId')} />
      </StyledRow>
      <StyledRow>
        <TextField label="Importe (€)" inputMode="decimal" autoComplete="off" placeholder="0,00" {...text('amount')} />
        <TextField label="Fecha" type="date" {...text('transactionDate')} />
      </StyledRow>
      <TextField label="Descripción" maxLength={500} {...text('description')} />
      {withStatus ? (
        <StyledRow>
          {paymentMethod}
          <SelectField label="Estado" options={TRANSACTION_STATUSES.map((s) => ({ value: s, label: s }))} {...choice('status')} />
        </StyledRow>
      ) : (
        paymentMethod
      )}
    </>
  );
}
