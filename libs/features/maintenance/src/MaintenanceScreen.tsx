import {
  MAINTENANCE_TASK_TYPES,
  MaintenancePlansCreateSchema,
  MaintenanceTasksCreateSchema,
  ProvidersCreateSchema,
  type CurrentUser,
  type MaintenanceTask,
  type MaintenanceTaskStatus,
} from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatDate, formatEuros, formatNumber, formatPhone } from '@arrendia/locale-es';
import { Badge, Button, Card, CardList, CardTitle, FactList, ListState, MetricCard, MetricGrid, PageHeader, SpreadRow, StatusBadge, Tabs, TabsContent, TabsList, TabsTrigger, useToast } from '@arrendia/ui';
import { useState } from 'react';
import styled from 'styled-components';
import { EntityFormDialog } from './EntityFormDialog';
import { useCreatePlan, useCreateProvider, useCreateTask, usePlans, useProperties, useProviders, useStats, useTasks, useUpdateTask } from './useMaintenance';

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

function TaskCard({ task }: { task: MaintenanceTask }) {
  const update = useUpdateTask();
  const { toast } = useToast();
  const move = (status: MaintenanceTaskStatus, done: string) =>
    update.mutate(
      { id: task.id, status },
      {
        onSuccess: () => toast({ title: done, description: task.title }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar la tarea' });
        },
      },
    );
  return (
    <li>
      <Card as="article" aria-labelledby={`task-${task.id}`}>
        <SpreadRow>
          <CardTitle as="h3" id={`task-${task.id}`}>
            {task.title}
          </CardTitle>
          <span>
            <StatusBadge kind="maintenance" value={task.status} /> <Badge $variant="neutral">{task.taskType}</Badge>
          </span>
        </SpreadRow>
        <FactList>
          <dt>Dónde</dt>
          <dd>{[task.property.propertyName, task.unit?.unitName].filter(Boolean).join(' · ')}</dd>
          <dt>Fecha</dt>
          <dd>{formatDate(task.scheduledDate)}</dd>
          <dt>Proveedor</dt>
          <dd>{task.provider?.name ?? 'Sin asignar'}</dd>
          <dt>Coste</dt>
          <dd>{task.cost === null ? '—' : formatEuros(task.cost)}</dd>
          {task.incidentId !== null && (
            <>
              <dt>Incidencia</dt>
              <dd>#{task.incidentId}</dd>
            </>
          )}
        </FactList>
        {task.status === 'Programado' && (
          <Button size="sm" onClick={() => move('En progreso', 'Tarea iniciada')} disabled={update.isPending}>
            Iniciar Tarea
          </Button>
        )}
        {task.status === 'En progreso' && (
          <Button size="sm" onClick={() => move('Completado', 'Tarea completada')} disabled={update.isPending}>
            Completar Tarea
          </Button>
        )}
      </Card>
    </li>
  );
}

function TasksTab() {
  const tasks = useTasks();
  return (
    <ListState
      read={tasks}
      loading="Cargando tareas"
      error="No se pudieron cargar las tareas"
      empty={!tasks.data?.length}
      whenEmpty={<Card>No hay tareas de mantenimiento</Card>}
    >
      {(data) => (
        <CardList aria-label="Tareas">
          {data.map((task) => (
            <TaskCard key={task.id} task={task} />
          ))}
        </CardList>
      )}
    </ListState>
  );
}

function PlansTab() {
  const plans = usePlans();
  return (
    <ListState
      read={plans}
      loading="Cargando planes"
      error="No se pudieron cargar los planes"
      empty={!plans.data?.length}
      whenEmpty={<Card>No hay planes de mantenimiento preventivo</Card>}
    >
      {(data) => (
        <CardList aria-label="Planes preventivos">
          {data.map((plan) => (
            <li key={plan.id}>
              <Card as="article" aria-labelledby={`plan-${plan.id}`}>
                <CardTitle as="h3" id={`plan-${plan.id}`}>
                  {plan.title}
                </CardTitle>
                <FactList>
                  <dt>Dónde</dt>
                  <dd>{[plan.property.propertyName, plan.unit?.unitName].filter(Boolean).join(' · ')}</dd>
                  <dt>Cada</dt>
                  <dd>{plan.intervalMonths === 1 ? '1 mes' : `${plan.intervalMonths} meses`}</dd>
                  <dt>Próxima fecha</dt>
                  <dd>{formatDate(plan.nextDate)}</dd>
                  <dt>Proveedor</dt>
                  <dd>{plan.provider?.name ?? 'Sin asignar'}</dd>
                </FactList>
              </Card>
            </li>
          ))}
        </CardList>
      )}
    </ListState>
  );
}

function ProvidersTab() {
  const providers = useProviders();
  return (
    <ListState
      read={providers}
      loading="Cargando proveedores"
      error="No se pudieron cargar los proveedores"
      empty={!providers.data?.length}
      whenEmpty={<Card>Todavía no tienes proveedores</Card>}
    >
      {(data) => (
        <CardList aria-label="Proveedores">
          {data.map((p) => (
            <li key={p.id}>
              <Card as="article" aria-labelledby={`provider-${p.id}`}>
                <CardTitle as="h3" id={`provider-${p.id}`}>
                  {p.name}
                </CardTitle>
                <FactList>
                  <dt>Oficio</dt>
                  <dd>{p.trade}</dd>
                  <dt>NIF/CIF</dt>
                  <dd>{p.nifCif}</dd>
                  <dt>Contacto</dt>
                  <dd>{[p.telefono && formatPhone(p.telefono), p.email].filter(Boolean).join(' · ') || '—'}</dd>
                </FactList>
              </Card>
            </li>
          ))}
        </CardList>
      )}
    </ListState>
  );
}

type Creating = 'task' | 'plan' | 'provider' | null;

/** /maintenance (spec §2): the computed cards and the tabs Tareas, Preventivo and Proveedores on real data. */
export function MaintenanceScreen(_props: { user: CurrentUser | null }) {
  const [tab, setTab] = useState('tasks');
  const [creating, setCreating] = useState<Creating>(null);
  const properties = useProperties(creating === 'task' || creating === 'plan');
  const providers = useProviders();
  const createTask = useCreateTask();
  const createPlan = useCreatePlan();
  const createProvider = useCreateProvider();
  const propertyField = { name: 'mainPropertyId', label: 'Propiedad', kind: 'select' as const, placeholder: 'Selecciona una propiedad', options: (properties.data ?? []).map((p) => ({ value: String(p.id), label: p.propertyName })) };
  const providerField = { name: 'providerId', label: 'Proveedor (opcional)', kind: 'select' as const, placeholder: 'Sin asignar', options: (providers.data ?? []).map((p) => ({ value: String(p.id), label: `${p.name} · ${p.trade}` })) };
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
          <TasksTab />
        </TabsContent>
        <TabsContent value="plans">
          <Toolbar>
            <Button onClick={() => setCreating('plan')}>Nuevo Plan</Button>
          </Toolbar>
          <PlansTab />
        </TabsContent>
        <TabsContent value="providers">
          <Toolbar>
            <Button onClick={() => setCreating('provider')}>Nuevo Proveedor</Button>
          </Toolbar>
          <ProvidersTab />
        </TabsContent>
      </Tabs>
      <EntityFormDialog
        open={creating === 'task'}
        onOpenChange={close}
        title="Nueva Tarea"
        description="Una reparación o revisión en una de tus propiedades."
        fields={[
          { name: 'title', label: 'Título' },
          propertyField,
          { name: 'taskType', label: 'Tipo', kind: 'select', options: MAINTENANCE_TASK_TYPES.map((t) => ({ value: t, label: t })), initial: 'Correctivo' },
          { name: 'scheduledDate', label: 'Fecha prevista', kind: 'date' },
          providerField,
          { name: 'cost', label: 'Coste (€, opcional)', kind: 'number' },
        ]}
        schema={MaintenanceTasksCreateSchema}
        mutation={createTask}
        submitLabel="Crear Tarea"
        success={{ title: 'Tarea creada', description: 'La tarea ha sido programada' }}
        failure="No se pudo crear la tarea"
      />
      <EntityFormDialog
        open={creating === 'plan'}
        onOpenChange={close}
        title="Nuevo Plan"
        description="Un mantenimiento que se repite: se programa su primera tarea y, al completarla, la siguiente."
        fields={[
          { name: 'title', label: 'Qué hay que hacer' },
          propertyField,
          { name: 'intervalMonths', label: 'Cada cuántos meses', kind: 'number', initial: '12' },
          { name: 'nextDate', label: 'Primera fecha', kind: 'date' },
          providerField,
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
        fields={[
          { name: 'name', label: 'Nombre' },
          { name: 'trade', label: 'Oficio' },
          { name: 'nifCif', label: 'NIF/CIF' },
          { name: 'telefono', label: 'Teléfono (opcional)', kind: 'tel' },
          { name: 'email', label: 'Correo electrónico (opcional)', kind: 'email' },
          { name: 'ibanBancaria', label: 'IBAN (opcional)' },
        ]}
        schema={ProvidersCreateSchema}
        mutation={createProvider}
        submitLabel="Crear Proveedor"
        success={{ title: 'Proveedor creado', description: 'El proveedor ha sido guardado' }}
        failure="No se pudo crear el proveedor"
      />
    </>
  );
}
