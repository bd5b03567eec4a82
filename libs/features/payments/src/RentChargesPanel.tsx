import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { RENT_CHARGE_STATUSES, type CurrentUser, type RentCharge } from '@arrendia/api-contract';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { AlertDialog, Button, Card, CardDescription, CardTitle, DataTable, ListDateFilter, ListFilters, ListFilterSelect, PagedList, Skeleton, SortHeader, StatusBadge, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { useConfirmPayment, usePropertyOptions, useRentChargeList } from './usePayments';

/** What a charge shows: a marked transfer waiting for confirmation says so; otherwise its state. */
const shownState = (c: RentCharge) => (c.status === 'Transferencia indicada' ? 'Transferencia indicada' : c.state);

/**
 * The monthly rent charges in scope (issue 12), of one contract or all, latest due date first and
 * paged on the server (issue 33: filtered by state, due dates and property, sorted by due date or
 * amount, all of it in the URL): month, tenant, amount, due date and state (Vencido to both sides
 * once past due). The landlord's side confirms reception ('Confirmar recepción', asked first),
 * which writes the income once.
 */
export function RentChargesPanel({ user, contractId, title = 'Recibos de alquiler' }: { user: CurrentUser | null; contractId?: number; title?: string }) {
  const [toConfirm, setToConfirm] = useState<RentCharge | null>(null);
  const charges = useRentChargeList(contractId);
  const { filters, setFilter } = charges;
  // One contract's charges are of one property; a tenant reads no properties.
  const byProperty = !contractId && can(user?.role?.roleName, 'properties:read');
  const properties = usePropertyOptions(byProperty);
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
      <PagedList
        list={charges}
        exportCsv
        noun="recibos"
        variant="inline"
        loading="Cargando recibos"
        skeleton={(busy) => (
          <div role="group" {...busy}>
            <Skeleton height="6rem" />
          </div>
        )}
        error="No se pudieron cargar los recibos"
        filters={
          <ListFilters $columns={byProperty ? 'repeat(4, minmax(0, 1fr))' : 'repeat(3, minmax(0, 1fr))'}>
            <ListFilterSelect label="Estado del recibo" value={filters.status} onChange={(v) => setFilter('status', v)} options={RENT_CHARGE_STATUSES.map((value) => ({ value, label: value }))} />
            <ListDateFilter label="Vence desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
            <ListDateFilter label="Vence hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
            {byProperty && (
              <ListFilterSelect
                label="Propiedad"
                allLabel="Todas"
                value={filters.propertyId}
                onChange={(v) => setFilter('propertyId', v)}
                options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
              />
            )}
          </ListFilters>
        }
        whenEmpty={<CardDescription>Todavía no hay recibos: se generan cada mes en el día de pago.</CardDescription>}
      >
        {(rows) => (
          <DataTable aria-labelledby={headingId}>
            <thead>
              <tr>
                <th scope="col">Mes</th>
                {!contractId && <th scope="col">Contrato</th>}
                {confirms && <th scope="col">Inquilino</th>}
                <SortHeader list={charges} field="amount" align="end">
                  Importe
                </SortHeader>
                <SortHeader list={charges} field="dueDate">
                  Vence
                </SortHeader>
                <th scope="col">Estado</th>
                {confirms && <th scope="col">Acción</th>}
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
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
        )}
      </PagedList>
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
