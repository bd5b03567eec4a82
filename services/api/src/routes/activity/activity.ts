import { ActivityQuerySchema, type ActivityItem, type ActivityType } from '@arrendia/api-contract';
import { formatEuros } from '@arrendia/locale-es';
import type { Knex } from 'knex';
import type { Ctx } from '../../context';
import { currentUser } from '../../middlewares/authenticate';
import { parseInput } from '../../middlewares/validate';
import type { User } from '../../models/User';
import { scopeAuditLog, type ActivityTable } from '../../policies/scope';

type Db = Knex | Knex.Transaction;
type Values = Record<string, unknown> | null;


interface AuditRow {
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
}

/**
 * The newest audit-log rows about properties, contracts, incidents and transactions the user may
 * see now; plus the properties it deleted itself (they no longer exist to be scoped).
 */
async function auditRows(db: Db, user: User, limit: number): Promise<AuditRow[]> {
  return scopeAuditLog(db, db('audit_log').leftJoin('users', 'users.id', 'audit_log.userId').select('audit_log.*', 'users.firstName', 'users.lastName'), user)
    .orderBy([
      { column: 'audit_log.changedAt', order: 'desc' },
      { column: 'audit_log.id', order: 'desc' },
    ])
    .limit(limit);
}

/** Names of the records the rows are about, by table and id: the live row first, else the audited values. */
async function recordNames(db: Db, rows: AuditRow[]): Promise<Map<string, string>> {
  const idsOf = (table: ActivityTable) => [...new Set(rows.filter((r) => r.tableName === table).map((r) => Number(r.recordId)))].filter(Number.isInteger);
  const [properties, contracts, incidents] = await Promise.all([
    db('main_properties').select('id', 'propertyName as name').whereIn('id', idsOf('main_properties')),
    db('contracts').select('id', 'contractCode as name').whereIn('id', idsOf('contracts')),
    db('incidents').select('id', 'title as name').whereIn('id', idsOf('incidents')),
  ]);
  const names = new Map<string, string>();
  for (const [table, list] of [
    ['main_properties', properties],
    ['contracts', contracts],
    ['incidents', incidents],
  ] as const) {
    for (const row of list as { id: number; name: string }[]) names.set(`${table}:${row.id}`, row.name);
  }
  return names;
}

const text = (values: Values, key: string): string | null => {
  const v = values?.[key];
  return typeof v === 'string' || typeof v === 'number' ? String(v) : null;
};

/** The Spanish line and the spec's activity type (§3) of one audit row. */
export function describeAuditRow(row: AuditRow, name: string | null): { type: ActivityType | null; description: string } {
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
function linkOf(row: AuditRow, exists: boolean): string | null {
  if (!exists) return null;
  if (row.tableName === 'main_properties') return `/properties/${row.recordId}`;
  if (row.tableName === 'contracts') return `/contracts/${row.recordId}`;
  if (row.tableName === 'incidents') return `/incidents/${row.recordId}`;
  return null;
}

/** The user's recent activity, newest first (see auditRows). */
export async function recentActivity(db: Db, user: User, limit: number): Promise<ActivityItem[]> {
  const rows = await auditRows(db, user, limit);
  const names = await recordNames(db, rows);
  return rows.map((row) => {
    const name = names.get(`${row.tableName}:${row.recordId}`) ?? null;
    const actorName = [row.firstName, row.lastName].filter(Boolean).join(' ').trim() || null;
    return {
      id: Number(row.id),
      ...describeAuditRow(row, name),
      changedAt: new Date(row.changedAt).toISOString(),
      link: linkOf(row, name !== null),
      actorName,
    };
  });
}

/** GET /api/activity?limit=10 → the newest changes in the user's scope, described in Spanish. */
export async function list(ctx: Ctx) {
  const { limit } = parseInput(ActivityQuerySchema, ctx.query);
  ctx.set('Cache-Control', 'no-store');
  ctx.body = await recentActivity(ctx.knex, currentUser(ctx), limit);
}
