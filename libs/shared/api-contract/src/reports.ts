import { z } from 'zod';
import { IdSchema, IsoDateSchema, PersonSchema } from './common';

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
});

export type Report = z.infer<typeof ReportSchema>;
