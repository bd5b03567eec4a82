import { LEAD_STATUSES, type Lead, type LeadsUpdateInput } from '@arrendia/api-contract';
import { isSessionGone, serverFieldErrors, serverMessage } from '@arrendia/api-client';
import { formatDateTime, formatPhone, personName } from '@arrendia/locale-es';
import { Card, CardTitle, FactList, SpreadRow, StatusBadge, useToast } from '@arrendia/ui';
import type { ReactNode } from 'react';
import { useUpdateLead } from './useAgent';

/** The orders a leads list offers (api-contract LEAD_SORTS); its own is the newest first. */
export const LEAD_ORDERS = [
  { value: 'createdAt', label: 'Más antiguos primero' },
  { value: 'name', label: 'Nombre (A–Z)' },
  { value: '-name', label: 'Nombre (Z–A)' },
] as const;

/** A leads list's status filter: every state of the pipeline. */
export const LEAD_STATUS_OPTIONS = LEAD_STATUSES.map((s) => ({ value: s, label: s }));

/** The lead's agent, or 'Sin agente'. */
export const leadAgentName = (lead: Lead) => (lead.assignedAgent ? personName(lead.assignedAgent) : 'Sin agente');

export interface LeadFactsProps {
  lead: Lead;
  /** Adds 'Agente asignado' (the agent's name or 'Sin agente'): for those who see other people's leads. */
  withAgent?: boolean;
  /** Adds the visitor's message. */
  withMessage?: boolean;
}

/** What a lead is about, how to reach the person, when it came, and (when asked) its agent and message. */
export function LeadFacts({ lead, withAgent = false, withMessage = true }: LeadFactsProps) {
  return (
    <FactList>
      <dt>Interesado en</dt>
      <dd>
        {lead.listing.title} ({lead.property.propertyName} · {lead.unit.unitName})
      </dd>
      <dt>Contacto</dt>
      <dd>{[lead.email, lead.phone && formatPhone(lead.phone)].filter(Boolean).join(' · ')}</dd>
      <dt>Recibido</dt>
      <dd>{formatDateTime(lead.createdAt)}</dd>
      {withAgent && (
        <>
          <dt>Agente asignado</dt>
          <dd>{leadAgentName(lead)}</dd>
        </>
      )}
      {withMessage && (
        <>
          <dt>Mensaje</dt>
          <dd>{lead.message}</dd>
        </>
      )}
    </FactList>
  );
}

/** Its priority and its status in the pipeline. */
export function LeadBadges({ lead }: { lead: Lead }) {
  return (
    <span>
      <StatusBadge kind="leadPriority" value={lead.priority} /> <StatusBadge kind="lead" value={lead.status} />
    </span>
  );
}

export interface LeadCardProps extends Omit<LeadFactsProps, 'lead'> {
  lead: Lead;
  /** What can be done with it: the agent's pipeline controls, or 'Ver'. */
  children?: ReactNode;
}

/** One lead in a CardList: its name (the article's name), its badges, its facts and its actions. */
export function LeadCard({ lead, children, ...facts }: LeadCardProps) {
  return (
    <li>
      <Card as="article" aria-labelledby={`lead-${lead.id}`}>
        <SpreadRow>
          <CardTitle as="h3" id={`lead-${lead.id}`}>
            {lead.name}
          </CardTitle>
          <LeadBadges lead={lead} />
        </SpreadRow>
        <LeadFacts lead={lead} {...facts} />
        {children}
      </Card>
    </li>
  );
}

/**
 * PATCH /api/leads/:id with its toasts: `successTitle` with the lead's name and new status, or the
 * API's reason (a refused move, a reassignment not allowed, an agent not of the agency) when it fails.
 */
export function useSaveLead(successTitle: string) {
  const update = useUpdateLead();
  const { toast } = useToast();
  const save = (lead: Lead, input: LeadsUpdateInput, onSuccess?: () => void) =>
    update.mutate(
      { id: lead.id, ...input },
      {
        onSuccess: () => {
          onSuccess?.();
          toast({ title: successTitle, description: `${lead.name}: ${input.status ?? lead.status}` });
        },
        onError: (error) => {
          // A refused field (an agent not of the agency) says more than the summary 'Revisa los campos marcados'.
          const reason = Object.values(serverFieldErrors(error))[0] ?? serverMessage(error) ?? 'No se pudo actualizar el cliente potencial';
          if (!isSessionGone(error)) toast({ variant: 'destructive', title: 'Error', description: reason });
        },
      },
    );
  return { save, isPending: update.isPending };
}
