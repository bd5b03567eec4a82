import { isSessionGone, serverMessage } from '@arrendia/api-client';
import type { RentCharge } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Button, CardDescription, Dialog, FactList, LoadError, Skeleton, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { useMarkTransfer, usePaymentDetails } from './usePayments';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
  margin-top: ${({ theme }) => theme.space.lg};
`;
const Mono = styled.span`
  font-family: ${({ theme }) => theme.fonts.mono};
`;

/**
 * 'Pagar' (issue 12): rent is paid by bank transfer. The dialog shows the landlord's IBAN (masked
 * but for its last 4), the exact amount and the reference of this month's rent, and 'He realizado
 * la transferencia' tells the landlord's side to confirm it.
 */
export function PayRentDialog({ charge }: { charge: RentCharge }) {
  const [open, setOpen] = useState(false);
  const details = usePaymentDetails(open ? charge.id : null);
  const mark = useMarkTransfer();
  const { toast } = useToast();
  const done = charge.status !== 'Pendiente';
  const markDone = () =>
    mark.mutate(charge.id, {
      onSuccess: () => {
        setOpen(false);
        toast({ title: 'Transferencia indicada', description: 'Tu casero confirmará la recepción del pago.' });
      },
      onError: (error) => {
        if (isSessionGone(error)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo registrar la transferencia' });
      },
    });
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title="Pagar la renta"
      description={`Haz una transferencia con estos datos. Renta de ${charge.period}.`}
      trigger={<Button disabled={charge.status === 'Pagado'}>{charge.status === 'Pagado' ? 'Pagado' : 'Pagar'}</Button>}
    >
      {details.isPending ? (
        <Skeleton height="8rem" />
      ) : details.isError ? (
        <LoadError variant="inline" retry={details}>
          No se pudieron cargar los datos de pago
        </LoadError>
      ) : (
        <FactList $layout="rows">
          <dt>Beneficiario</dt>
          <dd>{details.data.beneficiary}</dd>
          <dt>IBAN</dt>
          <dd>{details.data.ibanMasked ? <Mono>{details.data.ibanMasked}</Mono> : 'Tu casero aún no ha indicado su IBAN: pídeselo por mensaje'}</dd>
          <dt>Importe</dt>
          <dd>{formatEuros(details.data.amount)}</dd>
          <dt>Concepto</dt>
          <dd>
            <Mono>{details.data.reference}</Mono>
          </dd>
          <dt>Vence</dt>
          <dd>{formatDate(details.data.dueDate)}</dd>
        </FactList>
      )}
      <Actions>
        {done ? (
          <CardDescription>Ya indicaste esta transferencia: falta que tu casero confirme la recepción.</CardDescription>
        ) : (
          <Button onClick={markDone} disabled={mark.isPending || details.isPending}>
            {mark.isPending ? 'Guardando...' : 'He realizado la transferencia'}
          </Button>
        )}
      </Actions>
    </Dialog>
  );
}
