/**
 * Numbers, money and dates the way a Spanish user reads them (es-ES).
 *
 * Numbers are formatted from their decimal text in plain TypeScript rather than with
 * Intl.NumberFormat: the output is then byte-identical in Node and in every browser whatever its
 * ICU version (es-ES grouping of 4-digit numbers and the space before '€' vary between them), and
 * a NUMERIC column's string never goes through a float.
 */

/** What every formatter shows for a missing or unreadable value (an em dash). */
export const EMPTY_VALUE = '—';

/** The no-break space (U+00A0) put between a number and its '€' or '%' sign. */
export const NBSP = '\u00a0';

/** The time zone of the product: instants are shown as Madrid wall-clock time. */
export const TIME_ZONE = 'Europe/Madrid';

/** Monday, in the `Date#getDay()` numbering (0 = Sunday): Spanish weeks start on Monday. */
export const WEEK_STARTS_ON = 1;

const MAX_DECIMALS = 6;
const DECIMAL_TEXT = /^([+-])?(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;

/**
 * `value` × 10^decimals as an exact integer, rounding half away from zero like PostgreSQL's
 * numeric. Numbers are read through their shortest round-trip text, so 1.005 is 1.005 (not
 * 1.00499999…) and rounds to 1.01.
 */
function toScaledInteger(value: string | number, decimals: number): number {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not a finite amount: ${value}`);
    // String() switches to exponent notation below 1e-6; such values round to 0 anyway.
    text = Math.abs(value) < 1e-7 ? '0' : String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    throw new TypeError(`Not a decimal amount: ${String(value)}`);
  }
  const match = DECIMAL_TEXT.exec(text);
  if (!match) throw new TypeError(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign, whole = '0', fractionPart, bareFraction] = match;
  const fraction = fractionPart ?? bareFraction ?? '';
  let scaled = Number(whole) * 10 ** decimals + Number(fraction.slice(0, decimals).padEnd(decimals, '0') || '0');
  if (fraction.length > decimals && fraction.charAt(decimals) >= '5') scaled += 1;
  if (!Number.isSafeInteger(scaled)) throw new RangeError(`Amount out of range: ${JSON.stringify(value)}`);
  return sign === '-' && scaled !== 0 ? -scaled : scaled;
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+$)/g, '.');
}

/** es-ES text of an integer scaled by 10^decimals: '.' groups thousands (always), ',' decimals. */
function formatScaled(scaled: number, decimals: number): string {
  const digits = String(Math.abs(scaled)).padStart(decimals + 1, '0');
  const whole = groupThousands(digits.slice(0, digits.length - decimals));
  const fraction = decimals > 0 ? `,${digits.slice(digits.length - decimals)}` : '';
  return `${scaled < 0 ? '-' : ''}${whole}${fraction}`;
}

function checkDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw new RangeError(`decimals must be an integer from 0 to ${MAX_DECIMALS}, got ${decimals}`);
  }
}

// ---------------------------------------------------------------------------------------------
// Money

/**
 * An amount in integer cents. Accepts a number or a machine decimal string such as a NUMERIC
 * column's '1234.50' (dot decimal separator, no grouping); more than two decimals are rounded half
 * away from zero. Throws a TypeError for anything else (use {@link parseMoneyEs} for what a
 * person types).
 * @example toCents('1234.5') // 123450
 */
export function toCents(value: string | number): number {
  return toScaledInteger(value, 2);
}

/**
 * The machine decimal string of an amount in cents, as a NUMERIC(10,2) column or the API carries
 * it: always two decimals, '.' as decimal separator, no grouping.
 * @example fromCents(-123450) // '-1234.50'
 */
export function fromCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Cents must be a safe integer, got ${cents}`);
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * Sums amounts exactly, in integer cents, and returns the total as a machine decimal string.
 * An empty list sums to '0.00'. Throws like {@link toCents} on a value that is not an amount.
 * @example sumMoney(['0.10', '0.20', 1]) // '1.30'
 */
export function sumMoney(values: readonly (string | number)[]): string {
  return fromCents(values.reduce<number>((total, value) => total + toCents(value), 0));
}

/**
 * An amount as a Spanish user reads it: '1.234,56 €' (two decimals, '.' grouping even for four
 * digits, a no-break space U+00A0 before '€', '-1.234,56 €' when negative). Takes a number or a
 * NUMERIC column's string; null, undefined, '' or anything that is not an amount gives
 * {@link EMPTY_VALUE} ('—').
 */
export function formatEuros(value: number | string | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  try {
    return `${formatScaled(toCents(value), 2)}${NBSP}€`;
  } catch {
    return EMPTY_VALUE;
  }
}

/**
 * A number in es-ES with a fixed number of decimals (0–6) and '.' grouping:
 * formatNumber(1234.5, 2) → '1.234,50'. Missing or unreadable values give {@link EMPTY_VALUE}.
 */
export function formatNumber(value: number | string | null | undefined, decimals = 0): string {
  checkDecimals(decimals);
  if (value === null || value === undefined) return EMPTY_VALUE;
  try {
    return formatScaled(toScaledInteger(value, decimals), decimals);
  } catch {
    return EMPTY_VALUE;
  }
}

/**
 * A percentage given in points (87.5 means 87,5 %, as the product's ROI and occupancy figures
 * are computed), with `decimals` decimals (default 1) and a no-break space before '%':
 * formatPercent(87.5) → '87,5 %'. Missing or unreadable values give {@link EMPTY_VALUE}.
 */
export function formatPercent(value: number | string | null | undefined, decimals = 1): string {
  const number = formatNumber(value, decimals);
  return number === EMPTY_VALUE ? number : `${number}${NBSP}%`;
}

/**
 * The canonical decimal text ('-1234.56') of a number typed the Spanish way, or null.
 *
 * With a comma, the comma is the decimal separator and dots must group thousands
 * ('1.234.567,8'). Without one, dots that group thousands exactly ('1.234', '1.234.567') are read
 * the Spanish way (1234), while a single dot otherwise is a decimal point ('1234.56', '12.5').
 * Spaces, a leading '+'/'-' and a '€' sign are allowed.
 */
function normalizeDecimalEs(input: string): string | null {
  if (typeof input !== 'string') return null;
  const text = input.replace(/[\s€]/g, '');
  const match = /^([+-]?)([\d.,]+)$/.exec(text);
  if (!match) return null;
  const [, sign = '', body = ''] = match;
  let whole: string;
  let fraction = '';
  const commas = body.split(',');
  if (commas.length > 2) return null;
  if (commas.length === 2) {
    [whole = '', fraction = ''] = commas;
    if (fraction.includes('.') || fraction === '') return null;
    if (whole.includes('.')) {
      if (!/^\d{1,3}(\.\d{3})+$/.test(whole)) return null;
      whole = whole.replace(/\./g, '');
    }
  } else if (/^\d{1,3}(\.\d{3})+$/.test(body)) {
    whole = body.replace(/\./g, '');
  } else {
    const dots = body.split('.');
    if (dots.length > 2) return null;
    [whole = '', fraction = ''] = dots;
    if (dots.length === 2 && fraction === '') return null;
  }
  if (!/^\d*$/.test(whole) || !/^\d*$/.test(fraction) || whole + fraction === '') return null;
  return `${sign === '-' ? '-' : ''}${whole || '0'}${fraction ? `.${fraction}` : ''}`;
}

/**
 * Reads a number typed in a form: '1.234,56' → 1234.56, and also '1234,56', '1234.56', '-12,5',
 * '1.500' (Spanish thousands: 1500) and '1.234,56 €'. Returns null when the text is not a number.
 * For money prefer {@link parseMoneyEs}, which never makes a float.
 */
export function parseDecimalEs(input: string): number | null {
  const canonical = normalizeDecimalEs(input);
  return canonical === null ? null : Number(canonical);
}

/**
 * Reads an amount typed in a form ('1.234,56', '1234.5', '1.500 €') into the machine decimal
 * string the API carries ('1234.56', '1500.00'); null when it is not a number or has more than
 * two decimals.
 */
export function parseMoneyEs(input: string): string | null {
  const canonical = normalizeDecimalEs(input);
  if (canonical === null || /\.\d{3,}$/.test(canonical)) return null;
  try {
    return fromCents(toCents(canonical));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Dates

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}(?::?\d{2})?)$/i;

let madridFormat: Intl.DateTimeFormat | undefined;

function madridWallClock(date: Date): WallClock | null {
  if (Number.isNaN(date.getTime())) return null;
  madridFormat ??= new Intl.DateTimeFormat('es-ES', {
    timeZone: TIME_ZONE,
    numberingSystem: 'latn',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, number>> = {};
  for (const part of madridFormat.formatToParts(date)) parts[part.type] = Number(part.value);
  const { year, month, day, hour, minute } = parts;
  if (year === undefined || month === undefined || day === undefined) return null;
  return { year, month, day, hour: (hour ?? 0) % 24, minute: minute ?? 0 };
}

function isCalendarDay(year: number, month: number, day: number): boolean {
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/**
 * Reads a date value the way the API and database hand it over:
 * - a Date or a string with 'Z' or an offset is an instant, shown in Madrid;
 * - 'YYYY-MM-DD' (a DATE column) is that calendar day, never shifted by a time zone;
 * - 'YYYY-MM-DDTHH:mm[:ss]' with no offset is already Madrid wall-clock time.
 * Anything else (including other string formats, whose meaning depends on the runtime) is null.
 */
function toWallClock(value: unknown): WallClock | null {
  if (value instanceof Date) return madridWallClock(value);
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const match = DATE_ONLY.exec(text) ?? LOCAL_DATE_TIME.exec(text);
  if (match) {
    const [year = 0, month = 0, day = 0, hour = 0, minute = 0] = match.slice(1).map(Number);
    if (!isCalendarDay(year, month, day) || hour > 23 || minute > 59) return null;
    return { year, month, day, hour, minute };
  }
  return INSTANT.test(text) ? madridWallClock(new Date(text)) : null;
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

function isoDateOf({ year, month, day }: WallClock): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/**
 * A date as 'dd/MM/yyyy'. A 'YYYY-MM-DD' string (a DATE column) is that calendar day with no
 * time-zone shift; a Date or an ISO instant with 'Z'/offset is the day in Madrid; a string
 * without offset ('2026-03-05T10:00') is taken as Madrid time. Null, undefined or an unreadable
 * value give {@link EMPTY_VALUE}.
 * @example formatDate('2026-03-05') // '05/03/2026'
 */
export function formatDate(value: Date | string | null | undefined): string {
  const clock = toWallClock(value);
  return clock ? `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)}` : EMPTY_VALUE;
}

/**
 * A date and time as 'dd/MM/yyyy HH:mm' (24 h), read like {@link formatDate}; a plain
 * 'YYYY-MM-DD' shows 00:00.
 * @example formatDateTime('2026-07-01T22:30:00Z') // '02/07/2026 00:30' (Madrid, summer time)
 */
export function formatDateTime(value: Date | string | null | undefined): string {
  const clock = toWallClock(value);
  if (!clock) return EMPTY_VALUE;
  return `${pad(clock.day)}/${pad(clock.month)}/${pad(clock.year, 4)} ${pad(clock.hour)}:${pad(clock.minute)}`;
}

/**
 * An instant as 'dd/MM/yyyy HH:mm:ss' in Madrid, for logs and checks that need the second.
 * Madrid's offset is whole hours, so its seconds are UTC's.
 * @example formatDateTimeSeconds('2026-07-01T22:30:05Z') // '02/07/2026 00:30:05'
 */
export function formatDateTimeSeconds(value: Date | string | null | undefined): string {
  const minutes = formatDateTime(value);
  const date = value instanceof Date ? value : typeof value === 'string' ? new Date(value) : null;
  if (minutes === EMPTY_VALUE || !date || Number.isNaN(date.getTime())) return minutes;
  return `${minutes}:${String(date.getUTCSeconds()).padStart(2, '0')}`;
}

/**
 * The calendar day of a value as 'YYYY-MM-DD' (the form of a DATE column and of
 * `<input type="date">`), read like {@link formatDate}; null when unreadable.
 * @example toIsoDate(new Date('2026-12-31T23:30:00Z')) // '2027-01-01' (already New Year in Madrid)
 */
export function toIsoDate(value: Date | string): string | null {
  const clock = toWallClock(value);
  return clock ? isoDateOf(clock) : null;
}

/** Today's date in Madrid as 'YYYY-MM-DD'; `now` is there for tests. */
export function todayIso(now: Date = new Date()): string {
  const clock = madridWallClock(now);
  if (!clock) throw new RangeError('Invalid date');
  return isoDateOf(clock);
}

/**
 * The Monday ({@link WEEK_STARTS_ON}) of the week holding a date, as 'YYYY-MM-DD'. The date is
 * read like {@link formatDate} (a Date is taken on its Madrid calendar day). Throws a RangeError
 * for an unreadable value.
 * @example startOfWeek('2026-03-08') // '2026-03-02' (a Sunday belongs to the week before)
 */
export function startOfWeek(value: Date | string): string {
  const clock = toWallClock(value);
  if (!clock) throw new RangeError(`Not a date: ${String(value)}`);
  const day = new Date(Date.UTC(clock.year, clock.month - 1, clock.day));
  day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() - WEEK_STARTS_ON + 7) % 7));
  return isoDateOf({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 });
}

/** A person's full name from its parts, trimmed; `fallback` ('Usuario', spec §2) when it has none. */
export function personName(person: { firstName?: string | null; lastName?: string | null } | null | undefined, fallback = 'Usuario'): string {
  return [person?.firstName, person?.lastName].map((part) => part?.trim()).filter(Boolean).join(' ') || fallback;
}

/**
 * A phone as people read it: a stored Spanish number (its 9 digits) in groups of three, '623 456 789';
 * anything else (an old value the migration could not normalise) as it is.
 */
export function formatPhone(value: string): string {
  return /^\d{9}$/.test(value) ? value.replace(/^(\d{3})(\d{3})(\d{3})$/, '$1 $2 $3') : value;
}

/** The `tel:` link of a phone: a stored Spanish number dials with its +34 prefix from anywhere. */
export function phoneHref(value: string): string {
  const digits = value.replace(/[^\d+]/g, '');
  return `tel:${/^\d{9}$/.test(digits) ? `+34${digits}` : digits}`;
}
