import { MaintenancePlansUpdateSchema, type MaintenancePlan } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatDate, formatEuros } from '@arrendia/locale-es';
import { Badge, Button, Card, CardList, CardTitle, FactList, ListFilters, ListFilterSelect, ListSearch, ListSortSelect, PagedList, RowActions, SpreadRow, useToast } from '@arrendia/ui';
import { useState } from 'react';
import { EntityFormDialog, NONE } from './EntityFormDialog';
import { useActiveProviders, usePlanList, useProperties, usePropertyUnits, useUpdatePlan } from './useMaintenance';

/** The orders the plans list offers (api-contract MAINTENANCE_PLAN_SORTS); its own is the soonest next date first. */
const PLAN_ORDERS = [
  { value: '-nextDate', label: 'Próxima fecha (más lejanas primero)' },
  { value: 'title', label: 'Título (A–Z)' },
] as const;
const ACTIVE_OPTIONS = [
  { value: 'true', label: 'Activos' },
  { value: 'false', label: 'Pausados' },
];

/**
 * 'Editar' a plan: what, where in its property, with whom, how often, when next and its cost; the
 * change reaches its task still to start. A provider deactivated since stays offered as it is.
 */
function PlanEditDialog({ plan, onClose }: { plan: MaintenancePlan; onClose: () => void }) {
  const detail = usePropertyUnits(plan.property.id);
  const providers = useActiveProviders(true);
  const active = (providers.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.trade}` }));
  const kept = plan.provider && !active.some((o) => o.value === String(plan.provider!.id)) ? [{ value: String(plan.provider.id), label: `${plan.provider.name} (inactivo)` }] : [];
  return (
    <EntityFormDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="Editar Plan"
      description={`El plan de ${plan.property.propertyName}. Los cambios se aplican también a su próxima tarea programada.`}
      fields={[
        { name: 'title', label: 'Qué hay que hacer', initial: plan.title },
        { name: 'description', label: 'Descripción (opcional)', initial: plan.description ?? '' },
        {
          name: 'rentableUnitId',
          label: 'Unidad (opcional)',
          kind: 'select',
          options: [{ value: NONE, label: 'Toda la propiedad' }, ...(detail.data?.units ?? []).map((u) => ({ value: String(u.id), label: u.unitName }))],
          initial: plan.unit ? String(plan.unit.id) : NONE,
        },
        { name: 'providerId', label: 'Proveedor (opcional)', kind: 'select', options: [{ value: NONE, label: 'Sin asignar' }, ...active, ...kept], initial: plan.provider ? String(plan.provider.id) : NONE },
        { name: 'intervalMonths', label: 'Cada cuántos meses', kind: 'number', initial: String(plan.intervalMonths) },
        { name: 'nextDate', label: 'Próxima fecha', kind: 'date', initial: plan.nextDate },
        { name: 'estimatedCost', label: 'Coste estimado (€, opcional)', kind: 'number', initial: plan.estimatedCost ?? '' },
      ]}
      schema={MaintenancePlansUpdateSchema}
      mutation={useUpdatePlan(plan.id)}
      sendEmpty
      submitLabel="Guardar Cambios"
      pendingLabel="Guardando..."
      success={{ title: 'Plan actualizado', description: plan.title }}
      failure="No se pudo actualizar el plan"
    />
  );
}

function PlanCard({ plan, onEdit }: { plan: MaintenancePlan; onEdit: () => void }) {
  const update = useUpdatePlan(plan.id);
  const { toast } = useToast();
  const resuming = !plan.isActive;
  const toggle = () =>
    update.mutate(
      { isActive: resuming },
      {
        onSuccess: () =>
          toast(resuming ? { title: 'Plan reanudado', description: 'Su próxima tarea queda programada' } : { title: 'Plan pausado', description: 'No programará más tareas hasta que lo reanudes' }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar el plan' });
        },
      },
    );
  return (
    <li>
      <Card as="article" aria-labelledby={`plan-${plan.id}`}>
        <SpreadRow>
          <CardTitle as="h3" id={`plan-${plan.id}`}>
            {plan.title}
          </CardTitle>
          {!plan.isActive && <Badge $variant="neutral">Pausado</Badge>}
        </SpreadRow>
        <FactList>
          <dt>Dónde</dt>
          <dd>{[plan.property.propertyName, plan.unit?.unitName].filter(Boolean).join(' · ')}</dd>
          <dt>Cada</dt>
          <dd>{plan.intervalMonths === 1 ? '1 mes' : `${plan.intervalMonths} meses`}</dd>
          <dt>Próxima fecha</dt>
          <dd>{formatDate(plan.nextDate)}</dd>
          <dt>Proveedor</dt>
          <dd>{plan.provider?.name ?? 'Sin asignar'}</dd>
          {plan.estimatedCost !== null && (
            <>
              <dt>Coste estimado</dt>
              <dd>{formatEuros(plan.estimatedCost)}</dd>
            </>
          )}
        </FactList>
        <RowActions>
          <Button size="sm" variant="outline" onClick={onEdit}>
            Editar
          </Button>
          <Button size="sm" variant="outline" onClick={toggle} disabled={update.isPending}>
            {resuming ? 'Reanudar' : 'Pausar'}
          </Button>
        </RowActions>
      </Card>
    </li>
  );
}

/**
 * 'Preventivo': the user's preventive plans, paged, filtered and ordered on the server (the state in
 * the URL, under 'plans.'), each editable and paused or resumed from its card.
 */
export function PlanList() {
  const plans = usePlanList();
  const properties = useProperties(true);
  const [editing, setEditing] = useState<MaintenancePlan | null>(null);
  const { filters, setFilter } = plans;
  return (
    <>
      <PagedList
        list={plans}
        noun="planes"
        loading="Cargando planes"
        error="No se pudieron cargar los planes"
        filters={
          <ListFilters $columns="2fr repeat(3, 1fr)">
            <ListSearch label="Buscar planes" value={filters.q} onChange={(v) => setFilter('q', v)} />
            <ListFilterSelect
              label="Propiedad"
              allLabel="Todas"
              value={filters.propertyId}
              onChange={(v) => setFilter('propertyId', v)}
              options={(properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName }))}
            />
            <ListFilterSelect label="Estado" value={filters.active} onChange={(v) => setFilter('active', v)} options={ACTIVE_OPTIONS} />
            <ListSortSelect list={plans} options={PLAN_ORDERS} />
          </ListFilters>
        }
        whenEmpty={<Card>No hay planes de mantenimiento preventivo</Card>}
      >
        {(rows) => (
          <CardList aria-label="Planes preventivos">
            {rows.map((plan) => (
              <PlanCard key={plan.id} plan={plan} onEdit={() => setEditing(plan)} />
            ))}
          </CardList>
        )}
      </PagedList>
      {editing && <PlanEditDialog key={editing.id} plan={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
