import { LEAD_PRIORITIES, LEAD_TRANSITIONS, UNIT_TYPE_LABELS, type CurrentUser, type Lead, type LeadPriority, type LeadStatus, type UnitTypeName } from '@arrendia/api-contract';
import { isSessionGone, serverMessage } from '@arrendia/api-client';
import { formatDate, formatDateTime, formatEuros, formatPercent, formatPhone } from '@arrendia/locale-es';
import { DASHBOARD_TITLES } from '@arrendia/remote-contract';
import {
  Badge,
  Button,
  Card,
  CardDescription,
  CardList,
  CardTitle,
  FactList,
  ListDateFilter,
  ListFilters,
  ListFilterSelect,
  ListSearch,
  ListSortSelect,
  ListState,
  LoadError,
  MutedText,
  PagedList,
  PageHeader,
  SelectField,
  SkeletonCard,
  SpreadRow,
  StatusBadge,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  TextAreaField,
  useToast,
} from '@arrendia/ui';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { LEAD_ORDERS, LEAD_STATUS_OPTIONS, LeadCard, useSaveLead } from './LeadCard';
import { ScheduleVisitDialog } from './ScheduleVisitDialog';
import { useMyLeads, useMyProperties, useMyVisits, usePerformance, useUpdateVisit } from './useAgent';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;
const Track = styled.div`
  height: 10px;
  border-radius: ${({ theme }) => theme.radii.full};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  overflow: hidden;
`;
const Bar = styled.div`
  height: 100%;
  background: ${({ theme }) => theme.colors.primary};
`;

/** One lead of the agent's pipeline: move it along with a note, or book a visit. */
function PipelineLeadCard({ lead, onSchedule }: { lead: Lead; onSchedule: (lead: Lead) => void }) {
  const [next, setNext] = useState<LeadStatus | ''>('');
  const [notes, setNotes] = useState(lead.notes ?? '');
  const [priority, setPriority] = useState<LeadPriority>(lead.priority);
  const update = useSaveLead('Cliente actualizado');
  const moves = LEAD_TRANSITIONS[lead.status].filter((s) => s !== 'Visita programada');
  const open = lead.status !== 'Cerrado' && lead.status !== 'Descartado';
  const save = () => update.save(lead, { ...(next ? { status: next } : {}), ...(priority !== lead.priority ? { priority } : {}), notes }, () => setNext(''));
  return (
    <LeadCard lead={lead}>
      {open && (
        <Actions>
          <SelectField
            label="Nuevo estado"
            placeholder="Sin cambios"
            options={moves.map((s) => ({ value: s, label: s }))}
            value={next || undefined}
            onValueChange={(v) => setNext(v as LeadStatus)}
          />
          <SelectField label="Prioridad" options={LEAD_PRIORITIES.map((p) => ({ value: p, label: p }))} value={priority} onValueChange={(v) => setPriority(v as LeadPriority)} />
          <TextAreaField label="Notas" value={notes} onChange={(e) => setNotes(e.target.value)} rows={2} />
          <Button variant="outline" size="sm" onClick={save} disabled={update.isPending || (!next && priority === lead.priority && notes === (lead.notes ?? ''))}>
            {update.isPending ? 'Guardando...' : 'Guardar'}
          </Button>
          <Button size="sm" onClick={() => onSchedule(lead)} aria-label={`Programar Visita con ${lead.name}`}>
            Programar Visita
          </Button>
        </Actions>
      )}
    </LeadCard>
  );
}

/** The agent's own leads, searched, filtered by status, sorted and paged on the server (issue 33). */
function LeadsTab({ onSchedule }: { onSchedule: (lead: Lead) => void }) {
  const leads = useMyLeads();
  const { filters, setFilter } = leads;
  return (
    <PagedList
      list={leads}
      exportCsv
      noun="clientes potenciales"
      loading="Cargando clientes potenciales"
      error="No se pudieron cargar los clientes potenciales"
      filters={
        <ListFilters $columns="minmax(220px, 2fr) minmax(180px, 1fr) minmax(180px, 1fr)">
          <ListSearch label="Buscar por nombre o email" placeholder="Nombre o email…" value={filters.q} onChange={(v) => setFilter('q', v)} />
          <ListFilterSelect label="Estado" allLabel="Todos los estados" value={filters.status} onChange={(v) => setFilter('status', v)} options={LEAD_STATUS_OPTIONS} />
          <ListSortSelect list={leads} options={LEAD_ORDERS} />
        </ListFilters>
      }
      whenEmpty={<Card>Todavía no tienes clientes potenciales</Card>}
    >
      {(rows) => (
        <CardList aria-label="Clientes potenciales">
          {rows.map((lead) => (
            <PipelineLeadCard key={lead.id} lead={lead} onSchedule={onSchedule} />
          ))}
        </CardList>
      )}
    </PagedList>
  );
}

/** The orders of the agent's visits (api-contract VISIT_SORTS); their own is the soonest first. */
const VISIT_ORDERS = [{ value: '-startsAt', label: 'Más lejanas primero' }] as const;

/** The agent's booked visits, between two days if asked, sorted and paged on the server (issue 33). */
function VisitsTab() {
  const visits = useMyVisits();
  const { filters, setFilter } = visits;
  const update = useUpdateVisit();
  const { toast } = useToast();
  const mark = (id: number, status: 'Realizada' | 'Cancelada') =>
    update.mutate(
      { id, status },
      {
        onSuccess: () => toast({ title: status === 'Realizada' ? 'Visita realizada' : 'Visita cancelada', description: 'La visita ha sido actualizada' }),
        onError: (error) => {
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: serverMessage(error) ?? 'No se pudo actualizar la visita' });
        },
      },
    );
  return (
    <PagedList
      list={visits}
      exportCsv
      noun="visitas"
      loading="Cargando visitas"
      error="No se pudieron cargar las visitas"
      filters={
        <ListFilters $columns="repeat(3, minmax(0, 1fr))">
          <ListDateFilter label="Desde" value={filters.from} onChange={(v) => setFilter('from', v)} />
          <ListDateFilter label="Hasta" value={filters.to} onChange={(v) => setFilter('to', v)} />
          <ListSortSelect list={visits} options={VISIT_ORDERS} />
        </ListFilters>
      }
      whenEmpty={<Card>No tienes visitas programadas</Card>}
    >
      {(rows) => (
        <CardList aria-label="Visitas programadas">
          {rows.map((visit) => (
            <li key={visit.id}>
              <Card as="article" aria-labelledby={`visit-${visit.id}`}>
                <SpreadRow>
                  <CardTitle as="h3" id={`visit-${visit.id}`}>
                    {formatDateTime(visit.startsAt)} · {visit.contactName}
                  </CardTitle>
                  <span>
                    <StatusBadge kind="visitType" value={visit.visitType} /> <StatusBadge kind="visit" value={visit.status} />
                  </span>
                </SpreadRow>
                <FactList>
                  <dt>Propiedad</dt>
                  <dd>
                    {visit.property.propertyName} · {visit.unit.unitName}
                  </dd>
                  <dt>Dirección</dt>
                  <dd>{visit.property.address}</dd>
                  <dt>Hasta</dt>
                  <dd>{formatDateTime(visit.endsAt).slice(-5)}</dd>
                  {visit.contactPhone && (
                    <>
                      <dt>Teléfono</dt>
                      <dd>{visit.contactPhone ? formatPhone(visit.contactPhone) : null}</dd>
                    </>
                  )}
                  {visit.notes && (
                    <>
                      <dt>Notas</dt>
                      <dd>{visit.notes}</dd>
                    </>
                  )}
                </FactList>
                <Actions>
                  <Button size="sm" variant="outline" onClick={() => mark(visit.id, 'Realizada')} disabled={update.isPending}>
                    Marcar como realizada
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => mark(visit.id, 'Cancelada')} disabled={update.isPending}>
                    Cancelar visita
                  </Button>
                </Actions>
              </Card>
            </li>
          ))}
        </CardList>
      )}
    </PagedList>
  );
}

function PropertiesTab() {
  const properties = useMyProperties();
  return (
    <ListState
      read={properties}
      loading="Cargando tus propiedades"
      error="No se pudieron cargar tus propiedades"
      empty={!properties.data?.length}
      whenEmpty={<Card>No tienes propiedades asignadas</Card>}
    >
      {(data) => (
        <CardList aria-label="Mis propiedades">
          {data.map((p) => (
            <li key={p.id}>
              <Card as="article" aria-labelledby={`agent-property-${p.id}`}>
                <CardTitle as="h3" id={`agent-property-${p.id}`}>
                  {p.propertyName}
                </CardTitle>
                <MutedText>{p.address}</MutedText>
                <Badge $tone={p.status === 'Alquilada' ? 'green' : p.status === 'En visita' ? 'yellow' : 'blue'}>{p.status}</Badge>
                <FactList>
                  <dt>Tipo</dt>
                  <dd>{p.unitTypes.length ? p.unitTypes.map((t) => UNIT_TYPE_LABELS[t as UnitTypeName] ?? t).join(', ') : '—'}</dd>
                  <dt>Precio</dt>
                  <dd>{Number(p.monthlyRent) > 0 ? `${formatEuros(p.monthlyRent)}/mes` : '—'}</dd>
                  <dt>Unidades alquiladas</dt>
                  <dd>
                    {p.rentedUnits} de {p.units}
                  </dd>
                  <dt>Clientes potenciales abiertos</dt>
                  <dd>{p.openLeads}</dd>
                </FactList>
              </Card>
            </li>
          ))}
        </CardList>
      )}
    </ListState>
  );
}

function PerformanceTab() {
  const performance = usePerformance();
  if (performance.isLoading) return <SkeletonCard label="Cargando tu rendimiento" />;
  if (performance.isError || !performance.data) return <LoadError retry={performance}>No se pudo cargar tu rendimiento</LoadError>;
  const p = performance.data;
  return (
    <Card as="section" aria-labelledby="agent-performance">
      <CardTitle as="h2" id="agent-performance">
        Rendimiento del mes
      </CardTitle>
      <FactList $layout="rows" aria-label="Cifras del mes">
        <dt>Clientes potenciales</dt>
        <dd>{p.leads}</dd>
        <dt>Visitas</dt>
        <dd>{p.visits}</dd>
        <dt>Contratos firmados</dt>
        <dd>{p.signedContracts}</dd>
        <dt>Comisiones ({formatPercent(p.commissionRate, 2)} de las rentas cobradas)</dt>
        <dd>{formatEuros(p.commissions)}</dd>
        <dt>Objetivo mensual</dt>
        <dd>{formatEuros(p.monthlyTarget)}</dd>
      </FactList>
      <Track role="progressbar" aria-label="Objetivo mensual alcanzado" aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, p.progress)}>
        <Bar style={{ width: `${Math.min(100, p.progress)}%` }} />
      </Track>
      <CardDescription>{formatPercent(p.progress)} del objetivo</CardDescription>
    </Card>
  );
}

const AGENT_TABS = ['leads', 'visits', 'properties', 'performance'] as const;

/**
 * The agent's dashboard (spec §2): Clientes Potenciales (default), Visitas Programadas, Mis
 * Propiedades and Rendimiento on the agent's real pipeline, and 'Programar Visita'. The open tab
 * is in the URL (?tab=visits) with its list's page, filters and order, so a reload or the back
 * button gives the same list.
 */
export function AgentDashboard({ user }: { user: CurrentUser | null }) {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = AGENT_TABS.find((t) => t === requested) ?? 'leads';
  const setTab = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  const [booking, setBooking] = useState<{ open: boolean; lead: Lead | null }>({ open: false, lead: null });
  return (
    <>
      <PageHeader
        title={DASHBOARD_TITLES.agent}
        description={`Hola, ${user?.firstName?.trim() || 'Usuario'}. Hoy es ${formatDate(new Date())}.`}
        actions={<Button onClick={() => setBooking({ open: true, lead: null })}>Programar Visita</Button>}
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList aria-label="Secciones del agente">
          <TabsTrigger value="leads">Clientes Potenciales</TabsTrigger>
          <TabsTrigger value="visits">Visitas Programadas</TabsTrigger>
          <TabsTrigger value="properties">Mis Propiedades</TabsTrigger>
          <TabsTrigger value="performance">Rendimiento</TabsTrigger>
        </TabsList>
        <TabsContent value="leads">
          <LeadsTab onSchedule={(lead) => setBooking({ open: true, lead })} />
        </TabsContent>
        <TabsContent value="visits">
          <VisitsTab />
        </TabsContent>
        <TabsContent value="properties">
          <PropertiesTab />
        </TabsContent>
        <TabsContent value="performance">
          <PerformanceTab />
        </TabsContent>
      </Tabs>
      <ScheduleVisitDialog open={booking.open} lead={booking.lead} onOpenChange={(open) => setBooking((b) => ({ ...b, open }))} />
    </>
  );
}
