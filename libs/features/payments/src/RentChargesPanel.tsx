import { isSessionGone, serverMessage } from '@arrendia/api-client';
import type { CurrentUser, RentCharge } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { AlertDialog, Button, Card, CardDescription, CardTitle, DataTable, ListState, Pager, Skeleton, StatusBadge, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { RENT_CHARGES_PAGE_SIZE, useConfirmPayment, useRentCharges } from './usePayments';

/** What a charge shows: a marked transfer waiting for confirmation says so; otherwise its state. */
const shownState = (c: RentCharge) => (c.status === 'Transferencia indicada' ? 'Transferencia indicada' : c.state);

/**
 * The monthly rent charges in scope (issue 12), of one contract or all, newest first and paged:
 * month, tenant, amount, due date and state (Vencido to both sides once past due). The landlord's
 * side confirms reception ('Confirmar recepción', asked first), which writes the income once.
 */
export function RentChargesPanel({ user, contractId, title = 'Recibos de alquiler' }: { user: CurrentUser | null; contractId?: number; title?: string }) {
  const [page, setPage] = useState(1);
  const [toConfirm, setToConfirm] = useState<RentCharge | null>(null);
  const charges = useRentCharges(contractId, page);
  const confirm = useConfirmPayment();
  const { toast } = useToast();
  const confirms = can(user?.role?.roleName, 'payments:confirm');
  const headingId = contractId ? `rent-charges-${contractId}` : 'rent-charges';

  const doConfirm = () => {
    if (!toConfirm) return;
    confirm.mutate(toConfirm.id, {
      onSuccess: (charge) => toast({ title: 'Pago confirmado', description: `Renta ${charge.period}: ${formatEuros(charge.amount)} registrados como ingreso` }),
      onError: (error) => {
        if (isSessionGone(error)) return;
        toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo confirmar el pago' });
      },
    });
    setToConfirm(null);
  };

  return (
    <Card as="section" aria-labelledby={headingId} id={contractId ? undefined : 'historial-pagos'}>
      <CardTitle as="h2" id={headingId}>
        {title}
      </CardTitle>
      <ListState
        read={charges}
        variant="inline"
        skeleton={<Skeleton height="6rem" />}
        error="No se pudieron cargar los recibos"
        empty={charges.data?.rows.length === 0}
        whenEmpty={<CardDescription>Todavía no hay recibos: se generan cada mes en el día de pago.</CardDescription>}
      >
        {(data) => (
          <>
            <DataTable aria-labelledby={headingId}>
              <thead>
                <tr>
                  <th scope="col">Mes</th>
                  {!contractId && <th scope="col">Contrato</th>}
                  {confirms && <th scope="col">Inquilino</th>}
                  <th scope="col">Importe</th>
                  <th scope="col">Vence</th>
                  <th scope="col">Estado</th>
                  {confirms && <th scope="col">Acción</th>}
                </tr>
              </thead>
              <tbody>
                {data.rows.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">{c.period}</th>
                    {!contractId && (
                      <td>
                        {c.contractCode}
                        <br />
                        {c.propertyName} · {c.unitName}
                      </td>
                    )}
                    {confirms && <td>{c.tenantName ?? '—'}</td>}
                    <td data-align="end">{formatEuros(c.amount)}</td>
                    <td>{formatDate(c.dueDate)}</td>
                    <td>
                      <StatusBadge kind="rent" value={shownState(c)} />
                    </td>
                    {confirms && (
                      <td>
                        {c.status !== 'Pagado' && (
                          <Button size="sm" variant="outline" onClick={() => setToConfirm(c)} aria-label={`Confirmar recepción de la renta ${c.period} de ${c.contractCode}`}>
                            Confirmar recepción
                          </Button>
                        )}
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </DataTable>
            <Pager page={page} total={data.total} pageSize={RENT_CHARGES_PAGE_SIZE} onPageChange={setPage} label="Páginas de recibos" />
          </>
        )}
      </ListState>
      <AlertDialog
        open={toConfirm !== null}
        onOpenChange={(open) => !open && setToConfirm(null)}
        title="¿Confirmar la recepción del pago?"
        description={toConfirm ? `Se registrará un ingreso de ${formatEuros(toConfirm.amount)} por la renta ${toConfirm.period} (${toConfirm.contractCode}).` : undefined}
        confirmLabel="Confirmar"
        onConfirm={doConfirm}
      />
    </Card>
  );
}
