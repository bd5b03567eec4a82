import { MaintenancePlansCreateSchema, ProvidersCreateSchema, type CurrentUser } from '@arrendia/api-contract';
import { formatEuros, formatNumber } from '@arrendia/locale-es';
import { Button, MetricCard, MetricGrid, PageHeader, Tabs, TabsContent, TabsList, TabsTrigger } from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { EntityFormDialog, NONE } from './EntityFormDialog';
import { PlanList } from './PlanList';
import { PROVIDER_FIELDS, ProviderList } from './ProviderList';
import { TaskFormDialog } from './TaskFormDialog';
import { TaskList } from './TaskList';
import { useActiveProviders, useCreatePlan, useCreateProvider, useProperties, useStats } from './useMaintenance';

const Toolbar = styled.div`
  display: flex;
  justify-content: flex-end;
  margin-bottom: ${({ theme }) => theme.space.md};
`;

function StatsCards() {
  const { data } = useStats();
  return (
    <MetricGrid>
      <MetricCard label="Tareas Pendientes" value={data ? String(data.pending) : null} />
      <MetricCard label="Completadas este Mes" value={data ? String(data.doneThisMonth) : null} />
      <MetricCard label="Coste este Mes" value={data ? formatEuros(data.costThisMonth) : null} />
      <MetricCard label="Tiempo de Respuesta Medio" value={data ? (data.averageResponseDays === null ? 'Sin datos' : `${formatNumber(data.averageResponseDays, 1)} días`) : null} />
    </MetricGrid>
  );
}

type Creating = 'task' | 'plan' | 'provider' | null;

const TABS = ['tasks', 'plans', 'providers'] as const;
type Tab = (typeof TABS)[number];

/**
 * /maintenance (spec §2): the computed cards and the tabs Tareas, Preventivo and Proveedores on real
 * data. The tab is in the URL (`?tab=providers`) with its list's page, filters and order, so that
 * back, reload and a shared link open the same list.
 */
export function MaintenanceScreen(_props: { user: CurrentUser | null }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab');
  const tab: Tab = TABS.find((t) => t === asked) ?? 'tasks';
  const setTab = (next: string) =>
    setSearch((current) => {
      const params = new URLSearchParams(current);
      if (next === 'tasks') params.delete('tab');
      else params.set('tab', next);
      return params;
    });
  const [creating, setCreating] = useState<Creating>(null);
  const properties = useProperties(creating === 'plan');
  const providers = useActiveProviders(creating === 'plan');
  const createPlan = useCreatePlan();
  const createProvider = useCreateProvider();
  const close = (open: boolean) => !open && setCreating(null);

  return (
    <>
      <PageHeader title="Mantenimiento" description="Tareas, mantenimiento preventivo y proveedores de tus propiedades." />
      <StatsCards />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Secciones de mantenimiento">
          <TabsTrigger value="tasks">Tareas</TabsTrigger>
          <TabsTrigger value="plans">Preventivo</TabsTrigger>
          <TabsTrigger value="providers">Proveedores</TabsTrigger>
        </TabsList>
        <TabsContent value="tasks">
          <Toolbar>
            <Button onClick={() => setCreating('task')}>Nueva Tarea</Button>
          </Toolbar>
          <TaskList />
        </TabsContent>
        <TabsContent value="plans">
          <Toolbar>
            <Button onClick={() => setCreating('plan')}>Nuevo Plan</Button>
          </Toolbar>
          <PlanList />
        </TabsContent>
        <TabsContent value="providers">
          <Toolbar>
            <Button onClick={() => setCreating('provider')}>Nuevo Proveedor</Button>
          </Toolbar>
          <ProviderList />
        </TabsContent>
      </Tabs>
      <TaskFormDialog open={creating === 'task'} onOpenChange={close} />
      <EntityFormDialog
        open={creating === 'plan'}
        onOpenChange={close}
        title="Nuevo Plan"
        description="Un mantenimiento que se repite: se programa su primera tarea y, al completarla, la siguiente."
        fields={[
          { name: 'title', label: 'Qué hay que hacer' },
          { name: 'mainPropertyId', label: 'Propiedad', kind: 'select', placeholder: 'Selecciona una propiedad', options: (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName })) },
          { name: 'intervalMonths', label: 'Cada cuántos meses', kind: 'number', initial: '12' },
          { name: 'nextDate', label: 'Primera fecha', kind: 'date' },
          {
            name: 'providerId',
            label: 'Proveedor (opcional)',
            kind: 'select',
            placeholder: 'Sin asignar',
            options: [{ value: NONE, label: 'Sin asignar' }, ...(providers.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.trade}` }))],
          },
          { name: 'estimatedCost', label: 'Coste estimado (€, opcional)', kind: 'number' },
        ]}
        schema={MaintenancePlansCreateSchema}
        mutation={createPlan}
        submitLabel="Crear Plan"
        success={{ title: 'Plan creado', description: 'Su primera tarea ha sido programada' }}
        failure="No se pudo crear el plan"
      />
      <EntityFormDialog
        open={creating === 'provider'}
        onOpenChange={close}
        title="Nuevo Proveedor"
        description="Sus datos fiscales y bancarios se comprueban antes de guardarlos."
        fields={PROVIDER_FIELDS}
        schema={ProvidersCreateSchema}
        mutation={createProvider}
        submitLabel="Crear Proveedor"
        success={{ title: 'Proveedor creado', description: 'El proveedor ha sido guardado' }}
        failure="No se pudo crear el proveedor"
      />
    </>
  );
}
