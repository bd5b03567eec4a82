import { LEAD_PRIORITIES, LEAD_TRANSITIONS, type CurrentUser, type Lead, type LeadPriority } from '@arrendia/api-contract';
import { errorStatus } from '@arrendia/api-client';
import { personName } from '@arrendia/locale-es';
import { can } from '@arrendia/permissions';
import { Button, Card, CardDescription, CardTitle, DetailGrid, LoadError, PageHeader, RowActions, SelectField, SkeletonCard, TextAreaField } from '@arrendia/ui';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { LeadBadges, LeadFacts, useSaveLead } from './LeadCard';
import { usePropertyAgents } from '@arrendia/api-client';
import { useLead } from './useAgent';

const BackLink = styled(Link)`
  color: ${({ theme }) => theme.colors.primaryText};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${({ theme }) => theme.space.sm};
`;

const SUCCESS = 'Cliente potencial actualizado';
const Back = () => <BackLink to="/leads">← Volver a Clientes Potenciales</BackLink>;

/**
 * 'Agente asignado': who of the managing agency works the lead. Offered to whoever may assign agents
 * (the agency's manager, the super admin) when the property has an agency (its agents' list is not
 * empty, or the lead has an agent); the choice is saved at once. The API refuses anyone else.
 */
function AgentSelect({ lead }: { lead: Lead }) {
  const agents = usePropertyAgents(lead.property.id, true);
  const update = useSaveLead(SUCCESS);
  const current = lead.assignedAgent;
  // The assigned agent is offered even before (or without) the list, so the select can name it.
  const people = [...(current && !agents.data?.some((a) => a.id === current.id) ? [current] : []), ...(agents.data ?? [])];
  if (people.length === 0) return <CardDescription>{agents.isPending ? 'Cargando agentes…' : 'Sin agente: ninguna agencia gestiona esta propiedad.'}</CardDescription>;
  return (
    <SelectField
      label="Agente asignado"
      placeholder="Sin agente"
      value={current ? String(current.id) : undefined}
      disabled={update.isPending}
      options={people.map((p) => ({ value: String(p.id), label: personName(p) }))}
      onValueChange={(value) => {
        if (Number(value) !== current?.id) update.save(lead, { assignedAgentUserId: Number(value) });
      }}
    />
  );
}

/** 'Seguimiento': the moves LEAD_TRANSITIONS allows, its priority, its agent (for a manager) and the notes. */
function FollowUp({ lead, user }: { lead: Lead; user: CurrentUser | null }) {
  const [notes, setNotes] = useState(lead.notes ?? '');
  const update = useSaveLead(SUCCESS);
  const moves = LEAD_TRANSITIONS[lead.status];
  return (
    <Card as="section" aria-labelledby="lead-follow-up">
      <CardTitle as="h2" id="lead-follow-up">
        Seguimiento
      </CardTitle>
      <Stack>
        {moves.length > 0 ? (
          <RowActions role="group" aria-label="Cambiar estado">
            {moves.map((status) => (
              <Button key={status} size="sm" variant="outline" disabled={update.isPending} onClick={() => update.save(lead, { status })}>
                Pasar a {status}
              </Button>
            ))}
          </RowActions>
        ) : (
          <CardDescription>Este cliente potencial está {lead.status.toLowerCase()}: su estado ya no cambia.</CardDescription>
        )}
        <SelectField
          label="Prioridad"
          options={LEAD_PRIORITIES.map((p) => ({ value: p, label: p }))}
          value={lead.priority}
          disabled={update.isPending}
          onValueChange={(v) => {
            if (v !== lead.priority) update.save(lead, { priority: v as LeadPriority });
          }}
        />
        {can(user?.role?.roleName, 'properties:assign') && <AgentSelect lead={lead} />}
        <TextAreaField label="Notas" value={notes} onChange={(e) => setNotes(e.target.value)} rows={4} maxLength={5000} />
        <Button size="sm" onClick={() => update.save(lead, { notes })} disabled={update.isPending || notes === (lead.notes ?? '')}>
          {update.isPending ? 'Guardando...' : 'Guardar notas'}
        </Button>
      </Stack>
    </Card>
  );
}

/** /leads/:id: the lead's facts and message, and its follow-up. */
export function LeadDetailView({ user }: { user: CurrentUser | null }) {
  const { id = '' } = useParams();
  const read = useLead(id);
  const { data: lead, isPending, error } = read;

  if (isPending) return <SkeletonCard label="Cargando cliente potencial" />;
  if (!lead) {
    if (errorStatus(error) === 404 || errorStatus(error) === 400) {
      return (
        <Card as="section">
          <PageHeader title="Cliente potencial no encontrado" description="El cliente potencial que buscas no existe o no tienes acceso a él." />
          <Back />
        </Card>
      );
    }
    // Any other failure may pass: the page says what it is and offers «Reintentar».
    return (
      <>
        <PageHeader title="Cliente potencial" />
        <LoadError retry={read}>No se pudo cargar el cliente potencial</LoadError>
        <Back />
      </>
    );
  }

  return (
    <>
      <Back />
      <PageHeader title={lead.name} description={`${lead.property.propertyName} · ${lead.unit.unitName}`} actions={<LeadBadges lead={lead} />} />
      <DetailGrid>
        <Card as="section" aria-labelledby="lead-facts">
          <CardTitle as="h2" id="lead-facts">
            Datos
          </CardTitle>
          <LeadFacts lead={lead} withAgent />
        </Card>
        {/* Keyed by the saved notes: a save (or another's) starts the field from what is stored. */}
        <FollowUp key={lead.notes ?? ''} lead={lead} user={user} />
      </DetailGrid>
    </>
  );
}
