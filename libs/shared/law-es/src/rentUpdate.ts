/**
 * The annual rent update of a Spanish lease (issue 36): what the contract's clause gives and what
 * the law lets a landlord apply on each anniversary.
 *
 * Legal basis (checked against the texts and the public sources cited in rentUpdate.test.ts):
 * - Ley 29/1994 de Arrendamientos Urbanos (LAU), art. 18.1 (wording of RDL 7/2019, contracts from
 *   6 March 2019): the rent is updated only on each anniversary and only as agreed ("en defecto de
 *   pacto expreso, no se aplicará actualización"); an agreed update that names no index follows the
 *   annual variation of the Índice de Garantía de Competitividad (IGC); and "en todo caso" the
 *   increase may not exceed the annual variation of the IPC, the reference month being the last one
 *   published on the update date.
 * - LAU art. 18.2: the updated rent is payable from the month after the written notice that states
 *   the percentage applied (see `effectiveFrom`).
 * - LAU disposición adicional 11.ª (added by Ley 12/2023, por el derecho a la vivienda) and the
 *   Resolución del INE de 18 de diciembre de 2024: the Índice de Referencia para la Actualización de
 *   Arrendamientos de Vivienda (IRAV) is the limit of every update from 1 January 2025 of a housing
 *   lease signed from the law's entry into force (26 May 2023).
 * - RDL 6/2022, art. 46 (extended by RDL 11/2022 and RDL 20/2022, and by Ley 12/2023 disp. final
 *   6.ª): housing updates falling from 31 March 2022 to 31 December 2023 are limited to the IGC's
 *   variation (which is itself bounded at 2 %), and those of 2024 to 3 %.
 * - RDL 8/2026, de 20 de marzo (BOE-A-2026-6545): 2 % again for housing updates from 22 March 2026.
 *   Its end date was not found in the sources checked: it applies until a later rule ends it here.
 * - Leases for a use other than housing (LAU arts. 3 and 4.3) follow their clause: none of these
 *   limits applies to them.
 *
 * The extraordinary limits let a landlord who is not a large holder agree a higher increase with the
 * tenant; the product never applies more than the limit (the agreement is outside it).
 *
 * Money is handled in cents and rounded once, half up, to the cent: every public worked example
 * reproduced in the tests is rounded that way.
 */

export const RENT_UPDATE_MECHANISMS = ['none', 'ipc', 'igc', 'irav', 'fixed_percentage', 'fixed_amount'] as const;
export type RentUpdateMechanism = (typeof RENT_UPDATE_MECHANISMS)[number];

/** What the lease is for: the tenant's permanent home (LAU art. 2) or any other use (art. 3). */
export const LEASE_USES = ['vivienda', 'otro'] as const;
export type LeaseUse = (typeof LEASE_USES)[number];

/** The index series the product keeps, each an annual variation in % as its publisher gives it. */
export const INDEX_SERIES = ['IPC', 'IGC', 'IRAV'] as const;
export type IndexSeries = (typeof INDEX_SERIES)[number];

/** The index each mechanism follows. */
export const MECHANISM_SERIES: Readonly<Partial<Record<RentUpdateMechanism, IndexSeries>>> = { ipc: 'IPC', igc: 'IGC', irav: 'IRAV' };

/** Contracts signed from this date have the IPC as the ceiling of any update (RDL 7/2019, LAU art. 18.1). */
export const IPC_CEILING_SIGNED_FROM = '2019-03-06';
/** Ley 12/2023 entered into force on 26 May 2023: housing leases signed from then are limited by the IRAV. */
export const IRAV_SIGNED_FROM = '2023-05-26';
/** The IRAV limits updates from 1 January 2025 (LAU disp. adic. 11.ª; Resolución INE 18-12-2024). */
export const IRAV_UPDATES_FROM = '2025-01-01';
/** The IGC is bounded: below 0 % it counts as 0 % (no revision) and above 2 % as 2 % (Ley 2/2015, art. 7). */
export const IGC_FLOOR = 0;
export const IGC_CEILING = 2;

/** A limit on housing updates falling between two dates (inclusive); `to` null: no end known. */
export interface ExtraordinaryLimit {
  from: string;
  to: string | null;
  /** A fixed percentage, or 'IGC': the IGC's applicable variation. */
  percent: number | 'IGC';
  basis: string;
}

export const EXTRAORDINARY_LIMITS: readonly ExtraordinaryLimit[] = [
  { from: '2022-03-31', to: '2023-12-31', percent: 'IGC', basis: 'art. 46 del Real Decreto-ley 6/2022 (prorrogado por los RDL 11/2022 y 20/2022 y por la disposición final 6.ª de la Ley 12/2023)' },
  { from: '2024-01-01', to: '2024-12-31', percent: 3, basis: 'disposición final 6.ª de la Ley 12/2023 (art. 46 del Real Decreto-ley 6/2022)' },
  { from: '2026-03-22', to: null, percent: 2, basis: 'Real Decreto-ley 8/2026, de 20 de marzo' },
];

/** One published value: the annual variation (in %) of a series for a month (YYYY-MM). */
export interface IndexReading {
  series: IndexSeries;
  month: string;
  value: number;
}

/** The contract's update clause. */
export interface RentUpdateClause {
  mechanism: RentUpdateMechanism;
  /** The percentage of 'fixed_percentage', or the euros of 'fixed_amount'. */
  value?: number | null;
  /** The lowest percentage the clause allows (e.g. 0: the rent never goes down); null: none. */
  floorPercent?: number | null;
}

export interface RentUpdateInput {
  clause: RentUpdateClause;
  use: LeaseUse;
  /** Signature date (YYYY-MM-DD): which rules the lease falls under. */
  signedOn: string;
  /** The anniversary the update falls on (YYYY-MM-DD). */
  updateOn: string;
  /** The rent in force, in euros ('850.00' or 850). */
  rent: string | number;
  /** The values of the reference month, by series (the caller reads them); absent: not published. */
  readings: Partial<Record<IndexSeries, IndexReading>>;
  /** The reference month (YYYY-MM) the readings are of: named in 'Falta el índice de …'. */
  referenceMonth: string;
}

/** A limit the law put on this update. */
export interface AppliedLimit {
  percent: number;
  /** In Spanish: which rule, with its reference. */
  basis: string;
}

export type RentUpdateResult =
  | { kind: 'none'; reason: string }
  | { kind: 'missing_index'; series: IndexSeries; month: string; message: string }
  | {
      kind: 'update';
      /** What the clause alone gives, in % (a fixed amount as its share of the rent). */
      clausePercent: number;
      /** The most the law allows for this update (the tightest limit), or null when none applies. */
      limit: AppliedLimit | null;
      /** The percentage applied: the clause's, raised to its floor, cut to the limit. */
      percent: number;
      /** The rent before and after, in cents. */
      oldRentCents: number;
      newRentCents: number;
      /** The Spanish account of the calculation, line by line (the notice letter prints it). */
      explanation: string[];
    };

const MONTHS = ['enero', 'febrero', 'marzo', 'abril', 'mayo', 'junio', 'julio', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre'];

/** 'YYYY-MM' → 'septiembre de 2025'. */
export function monthName(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return `${MONTHS[m - 1]} de ${y}`;
}

/** The refusal of a proposal whose index month has no value yet (issue 36). */
export const missingIndexMessage = (series: IndexSeries, month: string) => `Falta el índice de ${monthName(month)} (${series})`;

/** Euros ('850.5', 850.5) → cents, exactly for up to two decimals. */
export function toCents(euros: string | number): number {
  const text = typeof euros === 'number' ? euros.toFixed(2) : euros.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Importe no válido: ${euros}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** The percentage as an integer of millionths of a percent, so that no float enters the money. */
const MICRO = 1_000_000;
const micro = (percent: number) => Math.round(percent * MICRO);

/** `cents` raised by `percent` %, rounded once to the cent, half up. */
export function applyPercent(cents: number, percent: number): number {
  // cents × percent / 100, in integers: the product of two exact integers, divided once.
  const scaled = BigInt(cents) * BigInt(micro(percent));
  const divisor = BigInt(100 * MICRO);
  const quotient = scaled / divisor;
  const remainder = scaled % divisor;
  // Half up (towards +∞) on the exact remainder.
  let delta = quotient;
  if (remainder * 2n >= divisor) delta += 1n;
  else if (remainder < 0n && remainder * 2n < -divisor) delta -= 1n;
  return cents + Number(delta);
}

/** The IGC as it applies: bounded between 0 % and 2 % (Ley 2/2015, art. 7; RD 55/2017). */
export const applicableIgc = (value: number) => Math.min(IGC_CEILING, Math.max(IGC_FLOOR, value));

/** A rate as the notices and messages print it: es-ES, up to three decimals ('2,19 %', '-0,3 %'). */
export const spanishPercent = (value: number | string) => `${Number(value).toLocaleString('es-ES', { minimumFractionDigits: 0, maximumFractionDigits: 3 })} %`;
const euros = (cents: number) => `${(cents / 100).toLocaleString('es-ES', { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true })} €`;

/** The extraordinary limit in force on `updateOn` for a housing lease, if any. */
export function extraordinaryLimitOn(updateOn: string): ExtraordinaryLimit | null {
  return EXTRAORDINARY_LIMITS.find((l) => l.from <= updateOn && (l.to === null || updateOn <= l.to)) ?? null;
}

/**
 * The series whose value of the reference month this update needs: the clause's index, and for a
 * housing lease the indices of the limits that apply (IPC, IRAV, IGC).
 */
export function seriesNeeded(input: Pick<RentUpdateInput, 'clause' | 'use' | 'signedOn' | 'updateOn'>): IndexSeries[] {
  const needed = new Set<IndexSeries>();
  const own = MECHANISM_SERIES[input.clause.mechanism];
  if (input.clause.mechanism === 'none') return [];
  if (own) needed.add(own);
  if (input.use === 'vivienda') {
    if (input.signedOn >= IPC_CEILING_SIGNED_FROM) needed.add('IPC');
    if (input.signedOn >= IRAV_SIGNED_FROM && input.updateOn >= IRAV_UPDATES_FROM) needed.add('IRAV');
    if (extraordinaryLimitOn(input.updateOn)?.percent === 'IGC') needed.add('IGC');
  }
  return INDEX_SERIES.filter((s) => needed.has(s));
}

/**
 * The limits the law puts on a housing update, tightest first: the extraordinary one of its date,
 * the IRAV (leases signed from 26 May 2023, updates from 2025), the IPC (leases from 6 March 2019).
 */
function limitsOf(input: RentUpdateInput): AppliedLimit[] {
  if (input.use !== 'vivienda') return [];
  const limits: AppliedLimit[] = [];
  const month = monthName(input.referenceMonth);
  const extraordinary = extraordinaryLimitOn(input.updateOn);
  if (extraordinary) {
    const percent = extraordinary.percent === 'IGC' ? applicableIgc(input.readings.IGC!.value) : extraordinary.percent;
    limits.push({ percent, basis: extraordinary.percent === 'IGC' ? `variación del IGC de ${month} (${extraordinary.basis})` : `límite del ${spanishPercent(percent)} (${extraordinary.basis})` });
  }
  if (input.signedOn >= IRAV_SIGNED_FROM && input.updateOn >= IRAV_UPDATES_FROM) {
    limits.push({ percent: input.readings.IRAV!.value, basis: `IRAV de ${month} (disposición adicional 11.ª de la LAU, contratos firmados desde el 26 de mayo de 2023)` });
  }
  if (input.signedOn >= IPC_CEILING_SIGNED_FROM) {
    limits.push({ percent: input.readings.IPC!.value, basis: `variación anual del IPC de ${month} (art. 18.1 de la LAU)` });
  }
  return limits.sort((a, b) => a.percent - b.percent);
}

/**
 * What the update of `input.updateOn` may be: none (no clause), waiting for an index value, or the
 * percentage and new rent with the limit applied. A lease for another use follows its clause alone.
 */
export function computeRentUpdate(input: RentUpdateInput): RentUpdateResult {
  const { clause } = input;
  if (clause.mechanism === 'none') {
    return { kind: 'none', reason: 'El contrato no tiene cláusula de actualización de la renta: sin pacto expreso no se actualiza (art. 18.1 de la LAU)' };
  }
  for (const series of seriesNeeded(input)) {
    if (input.readings[series] === undefined) return { kind: 'missing_index', series, month: input.referenceMonth, message: missingIndexMessage(series, input.referenceMonth) };
  }

  const oldRentCents = toCents(input.rent);
  const month = monthName(input.referenceMonth);
  const explanation: string[] = [];
  let clausePercent: number;
  switch (clause.mechanism) {
    case 'ipc':
      clausePercent = input.readings.IPC!.value;
      explanation.push(`Cláusula: variación anual del IPC general de ${month}: ${spanishPercent(clausePercent)}.`);
      break;
    case 'igc': {
      const raw = input.readings.IGC!.value;
      clausePercent = applicableIgc(raw);
      explanation.push(
        raw === clausePercent
          ? `Cláusula: variación anual del IGC de ${month}: ${spanishPercent(raw)}.`
          : `Cláusula: variación anual del IGC de ${month}: ${spanishPercent(raw)}, que se aplica como ${spanishPercent(clausePercent)} (el IGC se toma entre el 0 % y el 2 %).`,
      );
      break;
    }
    case 'irav':
      clausePercent = input.readings.IRAV!.value;
      explanation.push(`Cláusula: IRAV de ${month}: ${spanishPercent(clausePercent)}.`);
      break;
    case 'fixed_percentage':
      clausePercent = clause.value ?? 0;
      explanation.push(`Cláusula: porcentaje fijo del ${spanishPercent(clausePercent)}.`);
      break;
    case 'fixed_amount': {
      const amount = toCents(clause.value ?? 0);
      clausePercent = oldRentCents === 0 ? 0 : Number(((amount / oldRentCents) * 100).toFixed(6));
      explanation.push(`Cláusula: importe fijo de ${euros(amount)} (${spanishPercent(Number(clausePercent.toFixed(3)))} de la renta).`);
      break;
    }
  }

  let percent = clausePercent;
  if (clause.floorPercent !== null && clause.floorPercent !== undefined && percent < clause.floorPercent) {
    percent = clause.floorPercent;
    explanation.push(`El contrato fija un mínimo del ${spanishPercent(clause.floorPercent)}.`);
  }
  const [limit = null] = limitsOf(input);
  if (limit && percent > limit.percent) {
    percent = limit.percent;
    explanation.push(`Límite legal: ${limit.basis}: ${spanishPercent(limit.percent)}.`);
  } else if (limit) {
    explanation.push(`Dentro del límite legal: ${limit.basis}: ${spanishPercent(limit.percent)}.`);
  } else if (input.use === 'otro') {
    explanation.push('Arrendamiento para uso distinto del de vivienda: se aplica lo pactado, sin los límites de la vivienda (arts. 4.3 y 18 de la LAU).');
  }

  // A fixed amount within its limit adds exactly that amount; anything else is the percentage of the rent.
  const newRentCents = clause.mechanism === 'fixed_amount' && percent === clausePercent ? oldRentCents + toCents(clause.value ?? 0) : applyPercent(oldRentCents, percent);
  explanation.push(`Renta actual ${euros(oldRentCents)} × ${spanishPercent(Number(percent.toFixed(3)))} = renta nueva ${euros(newRentCents)}.`);
  return { kind: 'update', clausePercent, limit, percent, oldRentCents, newRentCents, explanation };
}

/**
 * The first month the updated rent is payable (YYYY-MM-01): LAU art. 18.2, "a partir del mes
 * siguiente a aquel en que la parte interesada lo notifique a la otra parte por escrito"; never
 * before the anniversary itself (art. 18.1: only "en la fecha en que se cumpla cada año").
 */
export function effectiveFrom(noticeOn: string, updateOn: string): string {
  const [y, m] = noticeOn.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  const anniversaryMonth = `${updateOn.slice(0, 7)}-01`;
  return next > anniversaryMonth ? next : anniversaryMonth;
}

/** The anniversary of `startDate` (YYYY-MM-DD) in `year` (29 February → 28 February in a common year). */
export function anniversaryIn(startDate: string, year: number): string {
  const [, m, d] = startDate.split('-').map(Number) as [number, number, number];
  const last = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return `${year}-${String(m).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}

/** 'YYYY-MM' moved by `delta` months. */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

/** 'YYYY-MM-DD' moved by `days` days. */
export function shiftDay(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}

/**
 * The anniversary of a lease to propose an update for on `today`: the one that enters the notice
 * window (`noticeDays` ahead) or passed less than `catchUpDays` ago (a day the job did not run),
 * from the first anniversary on and not after the lease ends; null when none.
 */
export function anniversaryDue(lease: { startDate: string; endDate: string | null }, today: string, { noticeDays, catchUpDays }: { noticeDays: number; catchUpDays: number }): string | null {
  const last = shiftDay(today, noticeDays);
  const first = shiftDay(today, -catchUpDays);
  const startYear = Number(lease.startDate.slice(0, 4));
  for (let year = Number(last.slice(0, 4)); year > startYear; year -= 1) {
    const anniversary = anniversaryIn(lease.startDate, year);
    if (anniversary > last) continue;
    if (anniversary < first) return null;
    if (lease.endDate !== null && anniversary > lease.endDate) return null;
    return anniversary;
  }
  return null;
}
