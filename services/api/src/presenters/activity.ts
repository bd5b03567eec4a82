import type { ActivityItem, ActivityType } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import type { ActivityTable } from '../policies/scope';

type Values = Record<string, unknown> | null;

/** An audit-log row about a property, a contract, an incident or a transaction, with its author's name. */
export interface ActivityRow {
  id: number | string;
  userId: number | null;
  action: string;
  tableName: ActivityTable;
  recordId: string;
  oldValues: Values;
  newValues: Values;
  changedAt: Date | string;
  firstName: string | null;
  lastName: string | null;
  /** The record's name while it exists (queries/recentActivity.ts), else null. */
  recordName: string | null;
}

const text = (values: Values, key: string): string | null => {
  const v = values?.[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};

/** The Spanish line and the spec's activity type (§3) of one audit row. */
export function describeAuditRow(row: ActivityRow, name: string | null): { type: ActivityType | null; description: string } {
  const values = row.newValues ?? row.oldValues;
  switch (row.tableName) {
    case 'main_properties': {
      const label = `Propiedad ${name ?? text(row.oldValues, 'propertyName') ?? text(row.newValues, 'propertyName') ?? row.recordId}`;
      if (row.action === 'create') return { type: null, description: `${label} creada` };
      if (row.action === 'delete') return { type: null, description: `${label} eliminada` };
      if (row.newValues?.isArchived === true) return { type: null, description: `${label} archivada` };
      if (row.newValues?.isArchived === false) return { type: null, description: `${label} restaurada` };
      return { type: null, description: `${label} actualizada` };
    }
    case 'contracts': {
      const label = `Contrato ${name ?? text(values, 'contractCode') ?? row.recordId}`;
      if (row.action === 'create') return { type: 'contract_signed', description: `${label} creado` };
      const status = text(row.newValues, 'status');
      if (status === 'Activo') return { type: 'contract_signed', description: `${label} activado` };
      if (status === 'Finalizado') return { type: null, description: `${label} finalizado` };
      return { type: null, description: `${label} actualizado` };
    }
    case 'incidents': {
      const label = `Incidencia «${name ?? text(values, 'title') ?? row.recordId}»`;
      if (row.action === 'create') return { type: 'new_incident', description: `Nueva incidencia: ${name ?? text(values, 'title') ?? row.recordId}` };
      const status = text(row.newValues, 'status');
      if (status === 'Resuelta') return { type: 'incident_resolved', description: `${label} resuelta` };
      if (status === 'Cerrada') return { type: 'incident_resolved', description: `${label} cerrada` };
      if (status === 'Abierta') return { type: null, description: `${label} reabierta` };
      if (status === 'En Progreso') return { type: null, description: `${label} en progreso` };
      return { type: null, description: `${label} actualizada` };
    }
    case 'transactions': {
      const amount = text(values, 'amount');
      const what = text(values, 'description');
      const suffix = `${amount ? `: ${formatEuros(amount)}` : ''}${what ? ` (${what})` : ''}`;
      if (text(values, 'type') === 'Ingreso') return { type: 'payment_received', description: `Pago recibido${suffix}` };
      return { type: null, description: `Gasto registrado${suffix}` };
    }
  }
}

/** Where a record is shown, while it exists. */
function linkOf(row: ActivityRow, exists: boolean): string | null {
  if (!exists) return null;
  if (row.tableName === 'main_properties') return `/properties/${row.recordId}`;
  if (row.tableName === 'contracts') return `/contracts/${row.recordId}`;
  if (row.tableName === 'incidents') return `/incidents/${row.recordId}`;
  return null;
}

/** One line of 'Actividad Reciente'. */
export function presentActivityItem(row: ActivityRow): ActivityItem {
  const actorName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || null;
  return {
    id: Number(row.id),
    ...describeAuditRow(row, row.recordName),
    changedAt: new Date(row.changedAt).toISOString(),
    link: linkOf(row, row.recordName !== null),
    actorName,
  };
}
