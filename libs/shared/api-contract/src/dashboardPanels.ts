import { z } from 'zod';
import { IdSchema, MoneySchema } from './common';
import { INCIDENT_PRIORITIES, UNIT_STATUSES } from './enums';

/**
 * `GET /api/dashboard/trends`: what the metric cards' trend captions compare against (decisions.md:
 * "fixed trend captions become real changes"), over the user's scope, Madrid calendar months.
 */
export const DashboardTrendsSchema = z.object({
  /** Completed income of this month and of the previous one, exact decimal text. */
  monthlyIncome: MoneySchema,
  previousMonthIncome: MoneySchema,
  /** (this − previous) / previous × 100, one decimal; null when the previous month had no income. */
  incomeChangePercent: z.number().nullable(),
  /** Non-archived properties in scope created this month. */
  propertiesAddedThisMonth: z.number().int(),
  /** Active units of non-archived properties in scope, and how many of them are Alquilado. */
  rentedUnits: z.number().int(),
  totalUnits: z.number().int(),
  /** Incidents in scope reported this month, and open ones (Abierta, En Progreso) that are Urgente. */
  incidentsReportedThisMonth: z.number().int(),
  urgentOpenIncidents: z.number().int(),
});
export type DashboardTrends = z.infer<typeof DashboardTrendsSchema>;

/** Activity types of spec §3; rows that are none of them have type null. */
export const ACTIVITY_TYPES = ['new_incident', 'payment_received', 'contract_signed', 'incident_resolved'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const ACTIVITY_DEFAULT_LIMIT = 10;
export const ACTIVITY_MAX_LIMIT = 50;

/** `GET /api/activity?limit=`: the newest audit-log rows of the user's scope (default 10, at most 50). */
export const ActivityQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Indica un número entre 1 y 50' })
    .int('Indica un número entre 1 y 50')
    .min(1, 'Indica un número entre 1 y 50')
    .max(ACTIVITY_MAX_LIMIT, 'Indica un número entre 1 y 50')
    .default(ACTIVITY_DEFAULT_LIMIT),
});

/** One line of 'Actividad Reciente': an audited change of a property, contract, incident or transaction. */
export const ActivityItemSchema = z.object({
  id: z.number().int(),
  type: z.enum(ACTIVITY_TYPES).nullable(),
  /** Spanish, e.g. 'Contrato ARR-2026-0003 creado'. */
  description: z.string(),
  /** ISO timestamp. */
  changedAt: z.string(),
  /** A screen that shows the record, when it still exists and has one ('/contracts/3'). */
  link: z.string().nullable(),
  /** Who did it ('Marta Gil'), when known. */
  actorName: z.string().nullable(),
});
export type ActivityItem = z.infer<typeof ActivityItemSchema>;

export const TASK_KINDS = ['contract_end', 'renewal_notice', 'incident'] as const;
export type TaskKind = (typeof TASK_KINDS)[number];

/** Contract ends within this many days become tasks. */
export const TASK_CONTRACT_END_DAYS = 60;
/** Renewal notices (endDate − renewalNoticeDays) due within this many days become tasks. */
export const TASK_RENEWAL_NOTICE_DAYS = 30;

/** `GET /api/tasks?limit=` (default 20, at most 100). */
export const TasksQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'Indica un número entre 1 y 100' })
    .int('Indica un número entre 1 y 100')
    .min(1, 'Indica un número entre 1 y 100')
    .max(100, 'Indica un número entre 1 y 100')
    .default(20),
});

/** One upcoming task: a contract ending, a renewal notice due, or an open incident; sorted by date. */
export const TaskSchema = z.object({
  /** Stable key, e.g. 'contract_end-12'. */
  id: z.string(),
  kind: z.enum(TASK_KINDS),
  /** 'YYYY-MM-DD': the end date, the notice date, or the day the incident was reported. */
  date: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string(),
  /** The incident's priority; null for contract tasks. */
  priority: z.enum(INCIDENT_PRIORITIES).nullable(),
});
export type Task = z.infer<typeof TaskSchema>;

/**
 * `GET /api/units?available=&propertyId=`: the units the user manages, for the contract form.
 * `available=true` keeps the active units of non-archived properties with no Activo contract.
 */
export const UnitsListQuerySchema = z.object({
  available: z
    .enum(['true', 'false'], { error: 'Indica true o false' })
    .transform((v) => v === 'true')
    .optional(),
  propertyId: IdSchema.optional(),
});

/** A unit as the contract form offers it: with its property and type (the LAU deposit depends on it). */
export const UnitOptionSchema = z.object({
  id: z.number().int(),
  unitName: z.string(),
  currentStatus: z.enum(UNIT_STATUSES),
  baseRentPrice: MoneySchema.nullable(),
  typeName: z.string(),
  propertyId: z.number().int(),
  propertyName: z.string(),
  hasActiveContract: z.boolean(),
});
export type UnitOption = z.infer<typeof UnitOptionSchema>;

/** Whether a unit type is a dwelling for the LAU deposit (one month; two for other uses). */
export const isDwellingType = (typeName: string) => typeName === 'vivienda' || typeName === 'habitacion';
