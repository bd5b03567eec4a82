import type { StatusTone } from '../theme/themes';
import { Badge } from './Badge';

export type StatusKind = 'contract' | 'incident' | 'priority' | 'lead' | 'visit' | 'maintenance' | 'rent' | 'principal' | 'leadPriority' | 'visitType';

/**
 * The one value → tone table of spec §4. A contract in any other status is blue (the spec says so);
 * an unknown incident status or priority, which the spec does not foresee, is grey.
 */
export const STATUS_TONES: Readonly<Record<StatusKind, { values: Readonly<Record<string, StatusTone>>; otherwise: StatusTone }>> = {
  contract: { values: { Activo: 'green', Pendiente: 'yellow', Finalizado: 'grey' }, otherwise: 'blue' },
  incident: { values: { Abierta: 'red', 'En Progreso': 'yellow', Resuelta: 'green', Cerrada: 'grey' }, otherwise: 'grey' },
  priority: { values: { Urgente: 'red', Alta: 'orange', Media: 'yellow', Baja: 'green' }, otherwise: 'grey' },
  // The agent's pipeline (issue 11): new leads stand out, closed ones recede.
  lead: { values: { Nuevo: 'blue', Contactado: 'yellow', 'Visita programada': 'orange', Cerrado: 'green', Descartado: 'grey' }, otherwise: 'grey' },
  visit: { values: { Programada: 'blue', Realizada: 'green', Cancelada: 'grey' }, otherwise: 'grey' },
  maintenance: { values: { Programado: 'blue', 'En progreso': 'yellow', Completado: 'green', Cancelado: 'grey' }, otherwise: 'grey' },
  // A month's rent (issue 12), as both sides read it.
  rent: { values: { 'Al día': 'green', Pendiente: 'yellow', Vencido: 'red', 'Transferencia indicada': 'blue' }, otherwise: 'grey' },
  // A principal owner's report status (spec §4): 'Al día' is normal, any other destructive.
  principal: { values: { 'Al día': 'green' }, otherwise: 'red' },
  // A lead's priority and a visit's type (spec §4): 'Alta' destructive, 'Media' normal.
  leadPriority: { values: { Alta: 'red', Media: 'grey' }, otherwise: 'grey' },
  visitType: { values: { 'Primera visita': 'blue', 'Segunda visita': 'grey' }, otherwise: 'grey' },
};

/** The tone a contract status, incident status or priority is drawn in. */
export function statusTone(kind: StatusKind, value: string): StatusTone {
  const table = STATUS_TONES[kind];
  return Object.prototype.hasOwnProperty.call(table.values, value) ? table.values[value] : table.otherwise;
}

export interface StatusBadgeProps {
  kind: StatusKind;
  /** The status or priority as the API sends it ('Activo', 'En Progreso', 'Urgente'); shown as is. */
  value: string;
  className?: string;
}

/**
 * A contract status, incident status or priority in its spec §4 colour. The colour is never the
 * only signal: the value is written in the badge.
 */
export function StatusBadge({ kind, value, className }: StatusBadgeProps) {
  const tone = statusTone(kind, value);
  return (
    <Badge className={className} $tone={tone} data-tone={tone}>
      {value}
    </Badge>
  );
}
