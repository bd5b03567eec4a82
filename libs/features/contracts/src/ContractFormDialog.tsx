import {
  CONTRACT_DEFAULTS,
  CONTRACT_STATUSES,
  ContractsCreateSchema,
  DEPOSIT_STATUSES,
  isDwellingType,
  isResidentialType,
  legalDeposit,
  type UnitOption,
} from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import { Dialog, Form, FormActions, SelectField, TextAreaField, TextField, toast, FormGrid, FormWide } from '@arrendia/ui';
import styled from 'styled-components';
import { useFormDialog } from '@arrendia/api-client';
import { clauseInput, clauseValues, RentUpdateClauseFieldset } from './RentUpdateClauseFieldset';
import { useAvailableUnits, useCreateContract } from './useContracts';

const Warning = styled.p`
  grid-column: 1 / -1;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.tones.yellow.background};
  color: ${({ theme }) => theme.tones.yellow.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

/** The default contract code: a prefix plus the current time in milliseconds (spec §3). */
export const generateContractCode = (now: number = Date.now()) => `ARR-${now}`;

type Values = Record<
  | 'contractCode'
  | 'rentableUnitId'
  | 'startDate'
  | 'endDate'
  | 'rentAmount'
  | 'paymentDay'
  | 'depositAmount'
  | 'depositStatus'
  | 'status'
  | 'renewalNoticeDays'
  | 'terminationReason'
  | 'notes'
  | 'rentUpdateMechanism'
  | 'rentUpdateValue'
  | 'rentUpdateFloor'
  | 'rentUpdateMonthsBefore'
  | 'leaseUse'
  | 'signedOn',
  string
>;

const initialValues = (): Values => ({
  contractCode: generateContractCode(),
  rentableUnitId: '',
  startDate: '',
  endDate: '',
  rentAmount: '',
  paymentDay: String(CONTRACT_DEFAULTS.paymentDay),
  depositAmount: String(CONTRACT_DEFAULTS.depositAmount),
  depositStatus: CONTRACT_DEFAULTS.depositStatus,
  status: CONTRACT_DEFAULTS.status,
  renewalNoticeDays: String(CONTRACT_DEFAULTS.renewalNoticeDays),
  terminationReason: '',
  notes: '',
  // No clause (the API's default), the use from the unit once chosen, signed on the start date.
  ...clauseValues(undefined),
});

/** Spanish decimal comma accepted in the money boxes. */
const money = (text: string) => (text.trim() === '' ? undefined : text.trim().replace(',', '.'));

/**
 * The LAU check of decisions.md: the deposit should be one month's rent for a vivienda or
 * habitación and two for other uses. Returns the warning text, or null when it matches or
 * cannot be told yet.
 */
export function depositWarning(unit: UnitOption | undefined, rentText: string, depositText: string): string | null {
  const rent = Number(money(rentText));
  const deposit = Number(money(depositText) ?? 0);
  if (!unit || !Number.isFinite(rent) || rent <= 0 || !Number.isFinite(deposit)) return null;
  const dwelling = isDwellingType(unit.typeName);
  const legal = legalDeposit(rent, dwelling);
  if (Math.round(deposit * 100) === Math.round(legal * 100)) return null;
  return `La fianza legal (LAU) para ${dwelling ? 'una vivienda' : 'este uso'} es ${dwelling ? 'una mensualidad' : 'dos mensualidades'}: ${formatEuros(legal)}. La fianza indicada es ${formatEuros(deposit)}.`;
}

export interface ContractFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** The contract form of spec §3 with the §9 defaults, the unit chosen among the user's free units. */
export function ContractFormDialog({ open, onOpenChange }: ContractFormDialogProps) {
  const units = useAvailableUnits(open);
  const form = useFormDialog({
    schema: ContractsCreateSchema,
    // A fresh form (and a fresh code) for the next contract.
    initialValues,
    toInput: (values) => ({
      contractCode: values.contractCode,
      rentableUnitId: values.rentableUnitId === '' ? undefined : Number(values.rentableUnitId),
      startDate: values.startDate === '' ? undefined : values.startDate,
      // endDate travels as null when empty (spec §7).
      endDate: values.endDate === '' ? null : values.endDate,
      rentAmount: money(values.rentAmount),
      paymentDay: values.paymentDay === '' ? undefined : Number(values.paymentDay),
      depositAmount: money(values.depositAmount),
      depositStatus: values.depositStatus,
      status: values.status,
      renewalNoticeDays: values.renewalNoticeDays === '' ? undefined : Number(values.renewalNoticeDays),
      terminationReason: values.terminationReason,
      notes: values.notes,
      ...clauseInput(values),
    }),
    clientMessages: (values) => ({ rentableUnitId: 'Elige la unidad del contrato', ...(money(values.rentAmount) === undefined ? { rentAmount: 'La renta es obligatoria' } : {}) }),
    mutation: useCreateContract(),
    onOpenChange,
    onSuccess: () => toast({ title: 'Contrato creado', description: 'El contrato ha sido creado exitosamente' }),
    onFailure: () => toast({ title: 'Error', description: 'No se pudo crear el contrato', variant: 'destructive' }),
    failureMessage: 'No se pudo crear el contrato',
  });
  const { values, errors } = form;
  const unit = units.data?.find((u) => String(u.id) === values.rentableUnitId);
  const warning = depositWarning(unit, values.rentAmount, values.depositAmount);
  const field = (name: keyof Values) => ({ name, ...form.field(name) });

  const chooseUnit = (id: string) => {
    const chosen = units.data?.find((u) => String(u.id) === id);
    form.set('rentableUnitId', id);
    // The use follows the unit's type (LAU arts. 2 and 3); the select may say otherwise.
    if (chosen) form.set('leaseUse', isResidentialType(chosen.typeName) ? 'vivienda' : 'otro');
    if (!values.rentAmount) form.set('rentAmount', chosen?.baseRentPrice ?? '');
  };

  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.id), label: `${u.propertyName} · ${u.unitName}` }));

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title="Nuevo Contrato" description="Contrato de alquiler de una de tus unidades libres." width={720}>
      <Form onSubmit={form.submit} aria-label="Nuevo Contrato">
        <FormGrid>
          <TextField label="Código del contrato" {...field('contractCode')} />
          <SelectField
            label="Unidad"
            name="rentableUnitId"
            value={values.rentableUnitId || undefined}
            onValueChange={chooseUnit}
            placeholder={units.isPending ? 'Cargando unidades...' : unitOptions.length === 0 ? 'No hay unidades libres' : 'Elige una unidad'}
            options={unitOptions}
            error={errors.rentableUnitId}
          />
          <TextField label="Fecha de inicio" type="date" {...field('startDate')} />
          <TextField label="Fecha de fin (opcional)" type="date" {...field('endDate')} />
          <TextField label="Renta mensual (€)" inputMode="decimal" {...field('rentAmount')} />
          <TextField label="Día de pago" type="number" min={1} max={31} {...field('paymentDay')} />
          <TextField label="Fianza (€)" inputMode="decimal" {...field('depositAmount')} />
          <SelectField
            label="Estado de la fianza"
            name="depositStatus"
            {...form.select('depositStatus')}
            options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          {warning && <Warning role="status">{warning}</Warning>}
          <SelectField
            label="Estado"
            name="status"
            {...form.select('status')}
            options={CONTRACT_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          <TextField label="Preaviso de renovación (días)" type="number" min={0} max={365} {...field('renewalNoticeDays')} />
          {values.status === 'Finalizado' && (
            <FormWide>
              <TextAreaField label="Motivo de finalización" rows={2} {...field('terminationReason')} />
            </FormWide>
          )}
          <RentUpdateClauseFieldset form={form} />
          <FormWide>
            <TextAreaField label="Notas (opcional)" rows={3} {...field('notes')} />
          </FormWide>
        </FormGrid>
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Crear Contrato" />
      </Form>
    </Dialog>
  );
}
