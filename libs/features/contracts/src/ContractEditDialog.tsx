import { CONTRACT_TRANSITIONS, ContractsUpdateSchema, DEPOSIT_STATUSES, type Contract, type ContractStatus, type RentUpdateClause } from '@arrendia/api-contract';
import { Dialog, Form, FormActions, LoadError, SelectField, Skeleton, TextAreaField, TextField, toast } from '@arrendia/ui';
import styled from 'styled-components';
import { useFormDialog } from '@arrendia/api-client';
import { clauseInput, clauseValues, RentUpdateClauseFieldset } from './RentUpdateClauseFieldset';
import { useContractDetail, useUpdateContract } from './useContracts';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(200px, 1fr));
  gap: ${({ theme }) => theme.space.md};
`;

const Wide = styled.div`
  grid-column: 1 / -1;
`;

/** The label of the button that moves a contract to `status` (decisions.md transitions). */
export const MOVE_LABELS: Readonly<Record<ContractStatus, string>> = {
  Pendiente: 'Marcar como Pendiente',
  Activo: 'Activar',
  Finalizado: 'Finalizar',
};

const KEEP = 'mantener';

const toText = (v: string | number | null) => (v === null ? '' : String(v));

interface EditDialogProps {
  contract: Contract;
  /** Its rent update clause (the detail's); without it, the dialog reads the contract's detail first. */
  rentUpdate?: RentUpdateClause;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Editar (decisions.md): the contract's editable fields, its rent update clause (issue 36) and its
 * status moves (Pendiente → Activo → Finalizado); Finalizado asks for the reason.
 */
export function ContractEditDialog({ rentUpdate, ...props }: EditDialogProps) {
  const { contract, open, onOpenChange } = props;
  const detail = useContractDetail(String(contract.id), rentUpdate === undefined);
  const clause = rentUpdate ?? detail.data?.rentUpdate;
  if (clause) return <ContractEditForm {...props} rentUpdate={clause} />;
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={`Editar contrato ${contract.contractCode}`} width={640}>
      {detail.isError ? <LoadError retry={detail}>No se pudo cargar el contrato</LoadError> : <Skeleton height="12rem" />}
    </Dialog>
  );
}

function ContractEditForm({ contract, rentUpdate, open, onOpenChange }: EditDialogProps & { rentUpdate: RentUpdateClause }) {
  const initialClause = clauseValues(rentUpdate);
  const initial = {
    endDate: toText(contract.endDate),
    rentAmount: contract.rentAmount,
    paymentDay: String(contract.paymentDay),
    depositAmount: contract.depositAmount,
    depositStatus: contract.depositStatus as string,
    renewalNoticeDays: toText(contract.renewalNoticeDays),
    status: KEEP as string,
    terminationReason: '',
    notes: contract.notes ?? '',
    ...initialClause,
  };
  const storedClause = clauseInput(initialClause);
  const moves = CONTRACT_TRANSITIONS[contract.status];
  const form = useFormDialog({
    schema: ContractsUpdateSchema,
    initialValues: initial,
    // Only what changed travels; the status only when a move was chosen.
    toInput: (values) => {
      const changes: Record<string, unknown> = {};
      if (values.endDate !== initial.endDate) changes.endDate = values.endDate === '' ? null : values.endDate;
      if (values.rentAmount !== initial.rentAmount) changes.rentAmount = values.rentAmount.replace(',', '.');
      if (values.paymentDay !== initial.paymentDay) changes.paymentDay = values.paymentDay;
      if (values.depositAmount !== initial.depositAmount) changes.depositAmount = values.depositAmount.replace(',', '.');
      if (values.depositStatus !== initial.depositStatus) changes.depositStatus = values.depositStatus;
      if (values.renewalNoticeDays !== initial.renewalNoticeDays) changes.renewalNoticeDays = values.renewalNoticeDays;
      if (values.notes !== initial.notes) changes.notes = values.notes;
      if (values.status !== KEEP) changes.status = values.status;
      if (values.status === 'Finalizado') changes.terminationReason = values.terminationReason;
      // The clause's fields that say something else than the stored clause (a value cleared by a change of mechanism too).
      const clause = clauseInput(values);
      for (const [key, value] of Object.entries(clause)) {
        if (value !== storedClause[key as keyof typeof storedClause]) changes[key] = value ?? null;
      }
      return changes;
    },
    validate: (values) => (values.status === 'Finalizado' && values.terminationReason.trim() === '' ? { terminationReason: 'Indica el motivo de finalización' } : {}),
    formErrorKey: 'form',
    mutation: useUpdateContract(contract.id),
    onOpenChange,
    onSuccess: () => toast({ title: 'Contrato actualizado', description: `El contrato ${contract.contractCode} ha sido actualizado` }),
    onFailure: (message) => toast({ title: 'Error', description: message, variant: 'destructive' }),
    failureMessage: 'No se pudo actualizar el contrato',
  });
  const { values, errors } = form;
  const field = (name: keyof typeof initial) => ({ name, ...form.field(name) });

  return (
    <Dialog open={open} onOpenChange={form.onOpenChange} title={`Editar contrato ${contract.contractCode}`} width={640}>
      <Form onSubmit={form.submit} aria-label={`Editar contrato ${contract.contractCode}`}>
        <Grid>
          <TextField label="Fecha de fin" type="date" {...field('endDate')} />
          <TextField label="Renta mensual (€)" inputMode="decimal" {...field('rentAmount')} />
          <TextField label="Día de pago" type="number" min={1} max={31} {...field('paymentDay')} />
          <TextField label="Fianza (€)" inputMode="decimal" {...field('depositAmount')} />
          <SelectField
            label="Estado de la fianza"
            {...form.select('depositStatus')}
            options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: s }))}
          />
          <TextField label="Preaviso de renovación (días)" type="number" min={0} max={365} {...field('renewalNoticeDays')} />
          <SelectField
            label="Estado"
            {...form.select('status')}
            options={[{ value: KEEP, label: `${contract.status} (sin cambios)` }, ...moves.map((s) => ({ value: s, label: `${MOVE_LABELS[s]} → ${s}` }))]}
            hint={moves.length === 0 ? 'Un contrato finalizado no cambia de estado.' : undefined}
          />
          {values.status === 'Finalizado' && (
            <Wide>
              <TextAreaField label="Motivo de finalización" rows={2} {...field('terminationReason')} />
            </Wide>
          )}
          <RentUpdateClauseFieldset form={form} />
          <Wide>
            <TextAreaField label="Notas" rows={3} {...field('notes')} error={errors.notes ?? errors.form} />
          </Wide>
        </Grid>
        <FormActions onCancel={form.close} pending={form.pending} submitLabel="Guardar cambios" />
      </Form>
    </Dialog>
  );
}
