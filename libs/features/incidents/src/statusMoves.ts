import { INCIDENT_TRANSITIONS, type IncidentStatus } from '@arrendia/api-contract';
import type { IconName } from '@arrendia/ui';

/** The first 8 characters of the id as text (spec §2). */
export const shortId = (id: number | string) => String(id).slice(0, 8);

/** The states an incident may move to next (decisions.md); none once Cerrada. */
export const nextStatuses = (status: IncidentStatus): readonly IncidentStatus[] => INCIDENT_TRANSITIONS[status] ?? [];

/** The status icon drawn beside the title. */
export const STATUS_ICONS: Readonly<Record<IncidentStatus, IconName>> = {
  Abierta: 'alert',
  'En Progreso': 'wrench',
  Resuelta: 'check',
  Cerrada: 'shield',
};

/** The label of a move in the Actualizar Estado menu: reopening reads as such. */
export const moveLabel = (from: IncidentStatus, to: IncidentStatus) => (from === 'Resuelta' && to === 'Abierta' ? 'Reabrir (Abierta)' : `Pasar a ${to}`);
