import { z } from 'zod';
import { DATES_OUT_OF_ORDER_MESSAGE, IsoDateSchema, listQuerySchema, optionalFilter, optionalText } from './common';

/** What the audit log's actions mean, in Spanish; an action the list does not know is shown as it is. */
export const AUDIT_ACTION_LABELS: Readonly<Record<string, string>> = {
  create: 'Creación',
  update: 'Modificación',
  delete: 'Eliminación',
  register: 'Registro',
  login: 'Inicio de sesión',
  /** The right to erasure (issue 35): a person's data pseudonymised, what the law keeps kept. */
  erase: 'Supresión de datos personales',
};

export const auditActionLabel = (action: string): string => (Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action] : action);

/** Who made a change as the audit log names them: null for the system. */
export const AUDIT_SYSTEM_USER = 'Sistema';

/** A user id as a query string carries it: digits only (not '0x10' or '1e3'), within a PostgreSQL integer. */
const UserIdFilterSchema = z
  .string({ error: 'Identificador de usuario no válido' })
  .regex(/^[1-9]\d{0,9}$/, 'Identificador de usuario no válido')
  .transform(Number)
  .refine((n) => n <= 2147483647, 'Identificador de usuario no válido');

const fields = {
  userId: optionalFilter(UserIdFilterSchema),
  /** Part of the user's email or name, any case or accent. */
  user: optionalText(255),
  tableName: optionalFilter(z.string().regex(/^[a-z][a-z0-9_]{0,99}$/, 'Tabla no válida')),
  action: optionalFilter(z.string().regex(/^[a-z][a-z0-9_]{0,49}$/, 'Acción no válida')),
  /** Madrid calendar days, both included. */
  from: optionalFilter(IsoDateSchema),
  to: optionalFilter(IsoDateSchema),
};

const fromNotAfterTo = { path: ['to'], message: DATES_OUT_OF_ORDER_MESSAGE };
const datesInOrder = (v: { from?: string; to?: string }) => !v.from || !v.to || v.from <= v.to;

/** The filters of the audit log viewer and of its CSV export (query string). */
export const AuditLogFilterSchema = z.object(fields).refine(datesInOrder, fromNotAfterTo);
export type AuditLogFilter = z.output<typeof AuditLogFilterSchema>;

/** The fields the audit log sorts by (`?sort=changedAt`: oldest first); its own order is the newest first. */
export const AUDIT_LOG_SORTS = ['changedAt'] as const;

/** GET /api/admin/audit-log: the filters, the order and the page. */
export const AuditLogQuerySchema = listQuerySchema(AUDIT_LOG_SORTS, fields);
export type AuditLogQuery = z.output<typeof AuditLogQuerySchema>;

const ValuesSchema = z.record(z.string(), z.unknown()).nullable();

/** One row of the audit log viewer. */
export const AuditLogEntrySchema = z.object({
  id: z.number().int(),
  action: z.string(),
  tableName: z.string(),
  recordId: z.string().nullable(),
  changedAt: z.string(),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }).nullable(),
  oldValues: ValuesSchema,
  newValues: ValuesSchema,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntrySchema>;

/** The values the viewer's Tabla and Acción selects offer: those present in the log. */
export const AuditLogFacetsSchema = z.object({ tableNames: z.array(z.string()), actions: z.array(z.string()) });
export type AuditLogFacets = z.infer<typeof AuditLogFacetsSchema>;

/** The CSV export's columns, in order (Spanish Excel: ';' separated). */
export const AUDIT_CSV_HEADER = ['Fecha', 'Usuario', 'Acción', 'Tabla', 'Registro', 'Valores anteriores', 'Valores nuevos'] as const;

/** The most rows one CSV export holds; a bigger result is cut there and says so in `X-Truncated`. */
export const AUDIT_CSV_MAX_ROWS = 100_000;
