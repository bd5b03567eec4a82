import { CONTRACT_TRANSITIONS, ContractsUpdateSchema, DEPOSIT_STATUSES, type Contract, type ContractStatus, type ContractsUpdateInput } from '@arrendia/api-contract';
import { Dialog, FormActions, SelectField, TextAreaField, TextField, toast } from '@arrendia/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { isSessionGone, serverFieldErrors, serverMessage, zodFieldErrors, type FieldErrors } from '@arrendia/api-client';
import { useUpdateContract } from './useContracts';

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

/**
 * Editar (decisions.md): the contract's editable fields and its status moves
 * (Pendiente → Activo → Finalizado); Finalizado asks for the reason.
 */
export function ContractEditDialog({ contract, open, onOpenChange }: { contract: Contract; open: boolean; onOpenChange: (open: boolean) => void }) {
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
  };
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const update = useUpdateContract(contract.id);
  const moves = CONTRACT_TRANSITIONS[contract.status];

  const close = (next: boolean) => {
    if (next) setValues(initial);
    setErrors({});
    onOpenChange(next);
  };

  const field = (name: keyof typeof initial) => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: event.target.value })),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Only what changed travels; the status only when a move was chosen.
    const changes: ContractsUpdateInput = {};
    if (values.endDate !== initial.endDate) changes.endDate = values.endDate === '' ? null : values.endDate;
    if (values.rentAmount !== initial.rentAmount) changes.rentAmount = values.rentAmount.replace(',', '.') as unknown as number;
    if (values.paymentDay !== initial.paymentDay) changes.paymentDay = values.paymentDay as unknown as number;
    if (values.depositAmount !== initial.depositAmount) changes.depositAmount = values.depositAmount.replace(',', '.') as unknown as number;
    if (values.depositStatus !== initial.depositStatus) changes.depositStatus = values.depositStatus as Contract['depositStatus'];
    if (values.renewalNoticeDays !== initial.renewalNoticeDays) changes.renewalNoticeDays = values.renewalNoticeDays as unknown as number;
    if (values.notes !== initial.notes) changes.notes = values.notes;
    if (values.status !== KEEP) changes.status = values.status as ContractStatus;
    if (changes.status === 'Finalizado') {
      if (values.terminationReason.trim() === '') {
        setErrors({ terminationReason: 'Indica el motivo de finalización' });
        return;
      }
      changes.terminationReason = values.terminationReason;
    }
    const parsed = ContractsUpdateSchema.safeParse(changes);
    if (!parsed.success) {
      const fieldErrors = zodFieldErrors(parsed.error);
      setErrors(Object.keys(fieldErrors).length ? fieldErrors : { form: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: 'Contrato actualizado', description: `El contrato ${contract.contractCode} ha sido actualizado` });
        onOpenChange(false);
      },
      onError: (error) => {
        setErrors(serverFieldErrors(error));
        if (!isSessionGone(error)) toast({ title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar el contrato', variant: 'destructive' });
      },
    });
  };

  return (
    <Dialog open={open} onOpenChange={close} title={`Editar contrato ${contract.contractCode}`} width={640}>
      <form onSubmit={submit} noValidate aria-label={`Editar contrato ${contract.contractCode}`}>
        <Grid>
          <TextField label="Fecha de fin" type="date" {...field('endDate')} />
          <TextField label="Renta mensual (€)" inputMode="decimal" {...field('rentAmount')} />
          <TextField label="Día de pago" type="number" min={1} max={31} {...field('paymentDay')} />
          <TextField label="Fianza (€)" inputMode="decimal" {...field('depositAmount')} />
          <SelectField
            label="Estado de la fianza"
            value={values.depositStatus}
            onValueChange={(depositStatus) => setValues((v) => ({ ...v, depositStatus }))}
            options={DEPOSIT_STATUSES.map((s) => ({ value: s, label: s }))}
            error={errors.depositStatus}
          />
          <TextField label="Preaviso de renovación (días)" type="number" min={0} max={365} {...field('renewalNoticeDays')} />
          <SelectField
            label="Estado"
            value={values.status}
            onValueChange={(status) => setValues((v) => ({ ...v, status }))}
            options={[{ value: KEEP, label: `${contract.status} (sin cambios)` }, ...moves.map((s) => ({ value: s, label: `${MOVE_LABELS[s]} → ${s}` }))]}
            error={errors.status}
            hint={moves.length === 0 ? 'Un contrato finalizado no cambia de estado.' : undefined}
          />
          {values.status === 'Finalizado' && (
            <Wide>
              <TextAreaField label="Motivo de finalización" rows={2} {...field('terminationReason')} />
            </Wide>
          )}
          <Wide>
            <TextAreaField label="Notas" rows={3} {...field('notes')} error={errors.notes ?? errors.form} />
          </Wide>
        </Grid>
        <FormActions onCancel={() => close(false)} pending={update.isPending} submitLabel="Guardar cambios" />
      </form>
    </Dialog>
  );
}
