import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, PersonSchema } from './common';

export const REPORT_TYPES = ['financial', 'occupancy', 'tenants'] as const;

export type ReportType = (typeof REPORT_TYPES)[number];

export const REPORT_TYPE_LABELS: Readonly<Record<ReportType, string>> = {
  financial: 'Reporte Financiero',
  occupancy: 'Reporte de Ocupación',
  tenants: 'Reporte de Inquilinos',
};

/**
 * The longest period a report covers: it has a row and a query per month, and years 0001 to 9999
 * took 20 s and 5 MB of PDF per request.
 */
export const REPORT_MAX_YEARS = 10;

/** Whether the day `to` comes before the day `years` years after `from` (both 'YYYY-MM-DD'). */
function withinYears(from: string, to: string, years: number): boolean {
  const bound = Number(from.slice(0, 4)) + years;
  return bound > 9999 || to < `${String(bound).padStart(4, '0')}${from.slice(4)}`;
}

/**
 * POST /api/reports: the report and its period (both days included); `ownerUserId` narrows it to
 * one principal's portfolio (a delegated owner's principal, or any owner for the super admin).
 */
export const ReportsCreateSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: 'Tipo de reporte no válido' }),
    from: IsoDateSchema,
    to: IsoDateSchema,
    ownerUserId: IdSchema.optional(),
  })
  .strict()
  .refine((v) => v.from <= v.to, { message: 'La fecha final no puede ser anterior a la inicial', path: ['to'] })
  .refine((v) => withinYears(v.from, v.to, REPORT_MAX_YEARS), { message: `El periodo no puede superar ${REPORT_MAX_YEARS} años`, path: ['to'] });

export type ReportsCreateInput = z.input<typeof ReportsCreateSchema>;
export type ReportsCreateData = z.output<typeof ReportsCreateSchema>;

/** A generated report's metadata (GET /api/reports, POST /api/reports). */
export const ReportSchema = z.object({
  id: z.number().int(),
  reportType: z.enum(REPORT_TYPES),
  periodFrom: z.string(),
  periodTo: z.string(),
  fileName: z.string(),
  fileSizeKb: z.number().int(),
  createdAt: z.string(),
  /** The principal the report is about; null for a report of the requester's own scope. */
  owner: PersonSchema.nullable(),
  /** The one property a scheduled report covers (its name when it was generated); null for the whole scope. */
  propertyName: z.string().nullable(),
});

export type Report = z.infer<typeof ReportSchema>;

// ---------------------------------------------------------------------------------------------
// Reportes programados (issue 33, point 6)

export const REPORT_SCHEDULES_PATH = '/api/report-schedules';

/** How often a scheduled report is generated: the month or the quarter that has just ended. */
export const REPORT_FREQUENCIES = ['mensual', 'trimestral'] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

export const REPORT_FREQUENCY_LABELS: Readonly<Record<ReportFrequency, string>> = {
  mensual: 'Mensual',
  trimestral: 'Trimestral',
};

/**
 * The schedule the settings switch 'Reportes mensuales' stands for: the monthly financial report of
 * the whole portfolio. Turning the switch on creates it, off deletes it, and deleting or creating it
 * in 'Programados' moves the switch.
 */
export const DEFAULT_REPORT_SCHEDULE = { reportType: 'financial', frequency: 'mensual', propertyId: null } as const satisfies {
  reportType: ReportType;
  frequency: ReportFrequency;
  propertyId: null;
};

/** GET /api/report-schedules: the user's own schedules, oldest first unless sorted. */
export const REPORT_SCHEDULE_SORTS = ['createdAt'] as const;
export const ReportSchedulesListQuerySchema = listQuerySchema(REPORT_SCHEDULE_SORTS, {});

/** POST /api/report-schedules: a report, how often, and one property of the user's (or null: 'Toda la cartera'). */
export const ReportSchedulesCreateSchema = z
  .object({
    reportType: z.enum(REPORT_TYPES, { error: 'Tipo de reporte no válido' }),
    frequency: z.enum(REPORT_FREQUENCIES, { error: 'Elige mensual o trimestral' }),
    propertyId: z.preprocess((v) => (v === '' || v === undefined ? null : v), z.union([IdSchema, z.null()], { error: 'Elige una propiedad o toda la cartera' })),
  })
  .strict();
export type ReportSchedulesCreateInput = z.input<typeof ReportSchedulesCreateSchema>;
export type ReportSchedulesCreateData = z.output<typeof ReportSchedulesCreateSchema>;

/** A scheduled report as 'Programados' lists it. */
export const ReportScheduleSchema = z.object({
  id: z.number().int(),
  reportType: z.enum(REPORT_TYPES),
  frequency: z.enum(REPORT_FREQUENCIES),
  /** The property it covers; null for the whole portfolio. */
  property: z.object({ id: z.number().int(), propertyName: z.string() }).nullable(),
  createdAt: z.string(),
  /** The first day ('YYYY-MM-DD') of the last period whose report was generated; null before the first. */
  lastPeriodGenerated: z.string().nullable(),
  /** The Madrid day ('YYYY-MM-DD') the next report is generated: the first day after its period ends. */
  nextRunDate: z.string(),
  /** The schedule of the 'Reportes mensuales' switch (DEFAULT_REPORT_SCHEDULE). */
  isDefault: z.boolean(),
});
export type ReportSchedule = z.infer<typeof ReportScheduleSchema>;
