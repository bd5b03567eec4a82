import { anniversaryIn, INDEX_SERIES, LEASE_USES, RENT_UPDATE_MECHANISMS, type IndexSeries, type LeaseUse, type RentUpdateMechanism } from '@arrendia/law-es';
import { z } from 'zod';
import { IdSchema, IsoDateSchema, listQuerySchema, MoneySchema, optionalFilter, optionalText } from './common';

/**
 * Rent updates (issue 36). The rules are libs/shared/law-es (rentUpdate.ts); this is what travels.
 *
 * - A contract's clause: `rentUpdateMechanism`, `rentUpdateValue` (the % of a fixed percentage or
 *   the € of a fixed amount), `rentUpdateFloor` (lowest % allowed; 0: the rent never goes down),
 *   `rentUpdateMonthsBefore` (the index month: n months before the anniversary's; null: two, the
 *   latest the INE has published a month before it), `leaseUse` and `signedOn`, on the contract
 *   form (POST /api/contracts, PATCH /api/contracts/:id) and in its detail.
 * - `GET /api/index-values?series=&page=&pageSize=`: the values, newest month first;
 *   `POST /api/index-values` (super admin) adds one month of one series.
 * - `GET /api/rent-updates?month=YYYY-MM&status=&propertyId=`: the proposals of the user's
 *   contracts whose anniversary falls in that month (all months without it), paged;
 *   `GET /api/rent-updates/:id`; `PATCH /api/rent-updates/:id {percent}` (≤ what the law allows:
 *   409 otherwise) or `{discarded: true}`; `POST /api/rent-updates/:id/notice`: the tenant's notice
 *   letter (PDF in the contract's documents, email, portal), the new rent from the month after.
 * - `GET /api/contracts/:id/rent-history`: every rent the contract has had.
 */

export { INDEX_SERIES, LEASE_USES, RENT_UPDATE_MECHANISMS, type IndexSeries, type LeaseUse, type RentUpdateMechanism };

export const RENT_UPDATE_MECHANISM_LABELS: Readonly<Record<RentUpdateMechanism, string>> = {
  none: 'Sin actualización',
  ipc: 'IPC general',
  igc: 'Índice de Garantía de Competitividad (IGC)',
  irav: 'Índice de referencia de arrendamientos de vivienda (IRAV)',
  fixed_percentage: 'Porcentaje fijo',
  fixed_amount: 'Importe fijo',
};

export const LEASE_USE_LABELS: Readonly<Record<LeaseUse, string>> = {
  vivienda: 'Vivienda habitual',
  otro: 'Uso distinto de vivienda',
};

export const INDEX_SERIES_LABELS: Readonly<Record<IndexSeries, string>> = {
  IPC: 'IPC general (variación anual)',
  IGC: 'Índice de Garantía de Competitividad',
  IRAV: 'IRAV',
};

/** The default index month: two months before the anniversary's, the latest published a month before it. */
export const RENT_UPDATE_DEFAULT_MONTHS_BEFORE = 2;

/** Days before an anniversary its proposal is made: the one month's notice of LAU art. 18.2 and a margin. */
export const RENT_UPDATE_NOTICE_DAYS = 45;

export const RENT_UPDATE_MESSAGES = {
  iravNotHousing: 'El IRAV solo sirve para actualizar alquileres de vivienda habitual',
  valueRequired: 'Indica el porcentaje o el importe de la actualización',
  valueNotAllowed: 'Este tipo de actualización no lleva porcentaje ni importe',
  aboveLimit: 'No se puede aplicar más de lo que permite la ley',
  notEditable: 'Esta actualización ya se ha notificado o descartado: no se puede cambiar',
  waitingForIndex: 'Falta el índice de referencia: la actualización espera a que se publique',
  noChange: 'No hay cambio de renta que notificar',
  indexExists: 'Ya hay un valor de ese índice para ese mes',
  notFound: 'No se ha encontrado la actualización de renta',
} as const;

const percentField = (message: string) =>
  z.coerce
    .number({ error: message })
    .refine((v) => Number.isFinite(v), message)
    .refine((v) => v >= -100 && v <= 100, 'El porcentaje debe estar entre −100 y 100')
    .refine((v) => Math.abs(Math.round(v * 1000) - v * 1000) < 1e-6, 'Como mucho tres decimales');

const nullableNumber = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' || v === undefined ? null : v), schema.nullable());

/** The clause fields of the contract form; every one optional on an edit. */
export const RentUpdateClauseFields = {
  rentUpdateMechanism: z.enum(RENT_UPDATE_MECHANISMS, { error: 'Tipo de actualización no válido' }),
  rentUpdateValue: nullableNumber(z.coerce.number({ error: 'Indica un número' }).refine((v) => Number.isFinite(v) && v >= 0 && v <= 100_000, 'Indica un número entre 0 y 100.000')),
  rentUpdateFloor: nullableNumber(percentField('Indica un porcentaje')),
  rentUpdateMonthsBefore: nullableNumber(z.coerce.number({ error: 'Indica un número de meses' }).int('Indica un número entero de meses').min(1, 'Entre 1 y 12 meses').max(12, 'Entre 1 y 12 meses')),
  leaseUse: z.enum(LEASE_USES, { error: 'Uso no válido' }),
  signedOn: z.preprocess((v) => (v === '' ? null : v), IsoDateSchema.nullable()),
};

/** The clause's own coherence (the form's and the API's): a value for the fixed ones, none for the others, the IRAV for homes only. */
export function clauseIssues(v: { rentUpdateMechanism?: RentUpdateMechanism; rentUpdateValue?: number | null; leaseUse?: LeaseUse }): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  const mechanism = v.rentUpdateMechanism;
  if (mechanism === undefined) return issues;
  const fixed = mechanism === 'fixed_percentage' || mechanism === 'fixed_amount';
  if (fixed && (v.rentUpdateValue === null || v.rentUpdateValue === undefined)) issues.push({ path: 'rentUpdateValue', message: RENT_UPDATE_MESSAGES.valueRequired });
  if (!fixed && v.rentUpdateValue !== null && v.rentUpdateValue !== undefined) issues.push({ path: 'rentUpdateValue', message: RENT_UPDATE_MESSAGES.valueNotAllowed });
  if (mechanism === 'fixed_percentage' && typeof v.rentUpdateValue === 'number' && v.rentUpdateValue > 100) issues.push({ path: 'rentUpdateValue', message: 'El porcentaje debe estar entre 0 y 100' });
  if (mechanism === 'irav' && v.leaseUse === 'otro') issues.push({ path: 'rentUpdateMechanism', message: RENT_UPDATE_MESSAGES.iravNotHousing });
  return issues;
}

/** A contract's clause as its detail shows it. */
export const RentUpdateClauseSchema = z.object({
  mechanism: z.enum(RENT_UPDATE_MECHANISMS),
  value: z.string().nullable(),
  floorPercent: z.string().nullable(),
  monthsBefore: z.number().int().nullable(),
  leaseUse: z.enum(LEASE_USES),
  signedOn: z.string(),
  /** The next anniversary on which the rent may be updated (null: no clause, or the contract ends first). */
  nextUpdateOn: z.string().nullable(),
  /** The update notified to the tenant and not yet applied (status 'notificada'): the new rent, from when, and the notice letter. */
  upcoming: z
    .object({
      newRent: MoneySchema,
      effectiveFrom: z.string(),
      noticeDocumentId: z.number().int().nullable(),
    })
    .nullable(),
});
export type RentUpdateClause = z.infer<typeof RentUpdateClauseSchema>;

/**
 * The next anniversary after `today` on which a contract's rent may be updated (LAU art. 18.1: "en
 * la fecha en que se cumpla cada año de vigencia"): null without a clause, for a finished contract,
 * or when the contract ends before it.
 */
export function nextRentUpdateOn(lease: { rentUpdateMechanism: RentUpdateMechanism; startDate: string; endDate: string | null; status?: string }, today: string): string | null {
  if (lease.rentUpdateMechanism === 'none' || lease.status === 'Finalizado') return null;
  const first = Number(lease.startDate.slice(0, 4)) + 1;
  let year = Math.max(first, Number(today.slice(0, 4)));
  if (anniversaryIn(lease.startDate, year) <= today) year += 1;
  const next = anniversaryIn(lease.startDate, year);
  return lease.endDate !== null && next > lease.endDate ? null : next;
}

// ---------------------------------------------------------------------------------------------
// Index values

export const IndexValueSchema = z.object({
  id: z.number().int(),
  series: z.enum(INDEX_SERIES),
  month: z.string(),
  value: z.string(),
  publishedOn: z.string(),
  source: z.string(),
  createdAt: z.string(),
});
export type IndexValue = z.infer<typeof IndexValueSchema>;

export const INDEX_VALUE_SORTS = ['month'] as const;
export const IndexValuesListQuerySchema = listQuerySchema(INDEX_VALUE_SORTS, {
  series: optionalFilter(z.enum(INDEX_SERIES, { error: 'Serie no válida: IPC, IGC o IRAV' })),
});

const MonthSchema = z
  .string({ error: 'Indica el mes (AAAA-MM)' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'El mes debe tener el formato AAAA-MM')
  .refine((v) => v >= '2000-01', 'Mes demasiado antiguo');

/** POST /api/index-values (super admin): one month of one series, its variation in % with up to 3 decimals. */
export const IndexValueCreateSchema = z
  .object({
    series: z.enum(INDEX_SERIES, { error: 'Serie no válida: IPC, IGC o IRAV' }),
    month: MonthSchema,
    value: percentField('Indica la variación en %'),
    publishedOn: IsoDateSchema,
    source: optionalText(255),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.publishedOn.slice(0, 7) <= v.month) ctx.addIssue({ code: 'custom', path: ['publishedOn'], message: 'Un índice se publica después del mes al que se refiere' });
  });
export type IndexValueCreateData = z.output<typeof IndexValueCreateSchema>;

/** Where a value read from the INE's public JSON service says it came from. */
export const INDEX_VALUE_INE_SOURCE = 'INE (servicio JSON)';

/** How many of the latest months `POST /api/index-values/fetch` asks the INE for, by default and at most. */
export const INDEX_VALUE_FETCH_MONTHS = { default: 12, max: 60 } as const;

export const INDEX_VALUE_MESSAGES = {
  ineNotConfigured: 'La lectura del INE no está configurada en este servidor (INE_API_URL)',
  ineUnreachable: 'El servicio del INE no ha respondido. Inténtalo más tarde o añade el valor a mano',
  ineBadAnswer: 'El servicio del INE ha dado una respuesta que no se entiende: no se ha guardado nada',
} as const;

/** POST /api/index-values/fetch (super admin): reads the latest `months` of each series from the INE. */
export const IndexValueFetchSchema = z
  .object({
    months: z.coerce
      .number({ error: 'Indica un número de meses' })
      .int('Indica un número entero de meses')
      .min(1, `Entre 1 y ${INDEX_VALUE_FETCH_MONTHS.max} meses`)
      .max(INDEX_VALUE_FETCH_MONTHS.max, `Entre 1 y ${INDEX_VALUE_FETCH_MONTHS.max} meses`)
      .optional(),
  })
  .strict();
export type IndexValueFetchData = z.output<typeof IndexValueFetchSchema>;

/** The answer of the fetch: the values added, and how many months read were already stored. */
export const IndexValueFetchResultSchema = z.object({ added: z.array(IndexValueSchema), skipped: z.number().int() });
export type IndexValueFetchResult = z.infer<typeof IndexValueFetchResultSchema>;

// ---------------------------------------------------------------------------------------------
// Proposals

export const RENT_UPDATE_STATUSES = ['pendiente_indice', 'propuesta', 'notificada', 'aplicada', 'descartada'] as const;
export type RentUpdateStatus = (typeof RENT_UPDATE_STATUSES)[number];

export const RENT_UPDATE_STATUS_LABELS: Readonly<Record<RentUpdateStatus, string>> = {
  pendiente_indice: 'Falta el índice',
  propuesta: 'Propuesta',
  notificada: 'Notificada',
  aplicada: 'Aplicada',
  descartada: 'Descartada',
};

export const RentUpdateSchema = z.object({
  id: z.number().int(),
  status: z.enum(RENT_UPDATE_STATUSES),
  contract: z.object({ id: z.number().int(), contractCode: z.string(), leaseUse: z.enum(LEASE_USES) }),
  unit: z.object({ id: z.number().int(), unitName: z.string() }),
  property: z.object({ id: z.number().int(), propertyName: z.string() }),
  tenants: z.array(z.object({ id: z.number().int(), name: z.string() })),
  anniversary: z.string(),
  mechanism: z.enum(RENT_UPDATE_MECHANISMS),
  referenceMonth: z.string(),
  oldRent: MoneySchema,
  clausePercent: z.string().nullable(),
  limitPercent: z.string().nullable(),
  limitBasis: z.string().nullable(),
  /** The most the law allows here. */
  allowedPercent: z.string().nullable(),
  /** What will be (or was) applied: the allowed one unless the landlord chose less. */
  percent: z.string().nullable(),
  newRent: MoneySchema.nullable(),
  explanation: z.array(z.string()),
  /** 'Falta el índice de …' while it waits. */
  waitingFor: z.string().nullable(),
  effectiveFrom: z.string().nullable(),
  noticeDocumentId: z.number().int().nullable(),
  noticedAt: z.string().nullable(),
  appliedAt: z.string().nullable(),
});
export type RentUpdate = z.infer<typeof RentUpdateSchema>;

const MonthFilter = optionalFilter(MonthSchema);
export const RENT_UPDATE_SORTS = ['anniversary'] as const;
export const RentUpdatesListQuerySchema = listQuerySchema(RENT_UPDATE_SORTS, {
  month: MonthFilter,
  status: optionalFilter(z.enum(RENT_UPDATE_STATUSES, { error: 'Estado no válido' })),
  propertyId: optionalFilter(IdSchema),
  contractId: optionalFilter(IdSchema),
});

/** PATCH /api/rent-updates/:id: a lower percentage than allowed, or none at all. */
export const RentUpdatePatchSchema = z.union(
  [
    z.object({ percent: percentField('Indica el porcentaje que aplicas') }).strict(),
    z.object({ discarded: z.literal(true, { error: 'Indica discarded: true para no actualizar' }) }).strict(),
  ],
  { error: 'Indica el porcentaje que aplicas o que no actualizas la renta' },
);
export type RentUpdatePatchData = z.output<typeof RentUpdatePatchSchema>;

export const RentUpdateParamsSchema = z.object({ id: IdSchema });

/** The reason of the first row of a contract's rent history: the rent it started with. */
export const RENT_HISTORY_INITIAL_REASON = 'Renta inicial del contrato';

/** A rent the contract has had, from when and why. */
export const RentHistoryEntrySchema = z.object({
  rentAmount: MoneySchema,
  validFrom: z.string(),
  reason: z.string(),
  rentUpdateId: z.number().int().nullable(),
});
export type RentHistoryEntry = z.infer<typeof RentHistoryEntrySchema>;
