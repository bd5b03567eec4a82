import { isValidIban, isValidNifCif, isValidSpanishPhone, normalizeIban, normalizeNifCif, normalizeSpanishPhone, stripBidiControls, VALIDATION_MESSAGES } from '@arrendia/locale-es';
import { z } from 'zod';

/** A money amount as the API returns it: NUMERIC(10,2) as exact text ('1234.50'). */
export const MoneySchema = z.string().regex(/^-?\d+(\.\d{1,2})?$/);

/** A money amount as a form sends it: a number or numeric text, at most 2 decimals, within NUMERIC(10,2). */
export const MoneyInputSchema = z.coerce
  .number({ error: 'Introduce un importe válido' })
  .refine((v) => Number.isFinite(v), 'Introduce un importe válido')
  .refine((v) => Math.abs(v) < 1e8, 'El importe es demasiado grande')
  .refine((v) => Math.round(v * 100) === Number((v * 100).toFixed(6)), 'El importe admite como mucho 2 decimales');

/** Numeric form fields turn an empty value into undefined, otherwise a number (spec §5); '12,5' reads as 12.5. */
export const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v.replace(',', '.')) : v), schema.optional());

/** A non-negative money amount. */
export const PositiveMoneyInputSchema = MoneyInputSchema.refine((v) => v >= 0, 'El importe no puede ser negativo');

/** A calendar date 'YYYY-MM-DD' that exists. */
export const IsoDateSchema = z
  .string({ error: 'La fecha es obligatoria' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha debe tener el formato AAAA-MM-DD')
  .refine((v) => {
    const d = new Date(`${v}T00:00:00Z`);
    // Year 0000 does not exist: JavaScript accepts it, PostgreSQL refuses it (a 400 without fields).
    return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v && !v.startsWith('0000');
  }, 'La fecha no existe');

/** A database id in a path or body. */
export const IdSchema = z
  // A number, or digits as a path or query string gives them; not `true`, `[3]` or '0x10'.
  .union([z.number(), z.string().trim().regex(/^\d{1,10}$/)], { error: 'Identificador no válido' })
  .transform(Number)
  .pipe(z.number().int('Identificador no válido').positive('Identificador no válido').max(2147483647, 'Identificador no válido'));

/**
 * Text a user types for others to read (names, titles), trimmed and without bidirectional control
 * characters: invisible, they would let a name read otherwise than it is (issue 30).
 */
export const shownText = (message?: string) => z.string(message === undefined ? undefined : { error: message }).overwrite(stripBidiControls).trim();

/** Optional free text: empty strings become undefined. */
export const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' && stripBidiControls(v).trim() === '' ? undefined : v), shownText().max(max, `Máximo ${max} caracteres`).optional());

export const requiredText = (max: number, message: string) => shownText(message).min(1, message).max(max, `Máximo ${max} caracteres`);

/** Server-side paging: `?page=1&pageSize=20`. */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** A list's order: one of its sortable fields, ascending or descending. */
export interface ListSort<F extends string = string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** The message of a `sort` the list does not know (400, field `sort`). */
export const UNKNOWN_SORT_MESSAGE = 'Campo de ordenación no válido';

/** `?sort=createdAt` or `?sort=-createdAt` (descending), read as a ListSort; '' or absent: none. */
export function parseSort<F extends string>(value: string, fields: readonly F[]): ListSort<F> | null {
  const direction = value.startsWith('-') ? 'desc' : 'asc';
  const field = (direction === 'desc' ? value.slice(1) : value) as F;
  return fields.includes(field) ? { field, direction } : null;
}

/** A ListSort as the query string writes it. */
export const sortParam = (sort: ListSort): string => `${sort.direction === 'desc' ? '-' : ''}${sort.field}`;

/**
 * A list's query: paging, `sort` among `sortFields` (an unknown field is a 400 naming `sort`) and
 * its filters. Every list of the API reads its query with one of these (issue 33).
 */
export function listQuerySchema<const F extends readonly [string, ...string[]], S extends z.ZodRawShape>(sortFields: F, filters: S) {
  const sort = optionalFilter(
    z.string().transform((value, ctx): ListSort<F[number]> => {
      const parsed = parseSort<F[number]>(value, sortFields);
      if (!parsed) {
        ctx.addIssue({ code: 'custom', message: UNKNOWN_SORT_MESSAGE });
        return z.NEVER;
      }
      return parsed;
    }),
  );
  return PageQuerySchema.extend({ sort, ...filters }).refine((v) => inOrder(v as { from?: unknown; to?: unknown }), {
    path: ['to'],
    message: DATES_OUT_OF_ORDER_MESSAGE,
  });
}

const inOrder = (v: { from?: unknown; to?: unknown }) => !datedFilter(v.from) || !datedFilter(v.to) || v.from <= v.to;

/** A list's `to` before its `from` (400, field `to`). */
export const DATES_OUT_OF_ORDER_MESSAGE = 'La fecha final no puede ser anterior a la inicial';

const datedFilter = (v: unknown): v is string => typeof v === 'string' && v !== '';

/** A page of results with its total count. */
export const pageOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });

/** An empty query value (`?status=`, what a "todos" select sends) means "no filter". */
/** The most rows a list's CSV (`GET /api/<list>.csv`, issue 35) holds; a bigger list is cut there and says so in `X-Truncated`. */
export const LIST_CSV_MAX_ROWS = 100_000;

export const optionalFilter = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** A list's free text (`?q=`): trimmed, at most `max` characters, blank for none; one value, not a repeated key. */
export const listSearch = (max = 100) =>
  z.preprocess((v) => (typeof v === 'string' && stripBidiControls(v).trim() === '' ? undefined : v), shownText('Texto de búsqueda no válido').max(max, `Máximo ${max} caracteres`).optional());

/** A yes/no filter (`?archived=true`) as a boolean; absent or '' (a select's 'Todas'): no filter. */
export const booleanFilter = () => optionalFilter(z.enum(['true', 'false'], { error: 'Indica true o false' }).transform((v) => v === 'true'));

/** A person as a screen names it. */
export const PersonSchema = z.object({ id: z.number().int(), firstName: z.string().nullable(), lastName: z.string().nullable() });

export type Person = z.infer<typeof PersonSchema>;

/** A form's empty text means "none". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** An optional field the user may also clear: absent leaves it, '' or null clears it (stored NULL). */
export const clearable = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());

/** A Spanish NIF, NIE or CIF (locale-es), stored upper-case without separators. */
export const NifCifSchema = z
  .string({ error: VALIDATION_MESSAGES.nifCif })
  .trim()
  .max(20, VALIDATION_MESSAGES.nifCif)
  .transform(normalizeNifCif)
  .refine(isValidNifCif, VALIDATION_MESSAGES.nifCif);

/** An IBAN with a valid check digit (locale-es), stored upper-case without spaces. */
export const IbanSchema = z
  .string({ error: VALIDATION_MESSAGES.iban })
  .max(50, VALIDATION_MESSAGES.iban)
  .transform(normalizeIban)
  .refine(isValidIban, VALIDATION_MESSAGES.iban);

/** A Spanish phone number, typed with or without +34 and separators, stored as its 9 digits. */
export const SpanishPhoneSchema = z
  .string({ error: VALIDATION_MESSAGES.phone })
  .trim()
  .max(30, VALIDATION_MESSAGES.phone)
  .refine(isValidSpanishPhone, VALIDATION_MESSAGES.phone)
  .transform(normalizeSpanishPhone);

/** A phone a create form may leave blank ('' or absent: none); otherwise a Spanish phone, stored as its 9 digits. */
export const optionalPhone = () => z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), SpanishPhoneSchema.optional());
