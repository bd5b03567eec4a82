/**
 * The plans of the two rental types (spec §9), written once: the public site's pricing pages show
 * them and the super admin's /apartments-management and /rooms-management compare the real
 * portfolio against their limits.
 */
export const RENTAL_KINDS = ['apartments', 'rooms'] as const;
export type RentalKind = (typeof RENTAL_KINDS)[number];

export interface RentalPlan {
  readonly name: string;
  /** Whole euros per month. */
  readonly price: number;
  /** How many apartments or rooms the plan covers; null is unlimited. */
  readonly limit: number | null;
  /** The marketing badge of the plan the spec singles out ('popular', 'recommended'). */
  readonly highlight?: string;
}

/** Rooms plans: Starter 29 (up to 10 rooms), Professional 49 (up to 50, popular), Enterprise 89 (unlimited). */
export const ROOM_PLANS: readonly RentalPlan[] = [
  { name: 'Starter', price: 29, limit: 10 },
  { name: 'Professional', price: 49, limit: 50, highlight: 'Más popular' },
  { name: 'Enterprise', price: 89, limit: null },
];

/** Apartments plans: Basic 39 (up to 5), Professional 69 (up to 20, recommended), Enterprise 119 (unlimited). */
export const APARTMENT_PLANS: readonly RentalPlan[] = [
  { name: 'Basic', price: 39, limit: 5 },
  { name: 'Professional', price: 69, limit: 20, highlight: 'Recomendado' },
  { name: 'Enterprise', price: 119, limit: null },
];

export const RENTAL_PLANS: Readonly<Record<RentalKind, readonly RentalPlan[]>> = { apartments: APARTMENT_PLANS, rooms: ROOM_PLANS };

/** What a plan counts, in Spanish: the plural noun and the unlimited plan's line. */
export const RENTAL_UNIT_WORDS: Readonly<Record<RentalKind, { plural: string; unlimited: string }>> = {
  apartments: { plural: 'apartamentos', unlimited: 'Apartamentos ilimitados' },
  rooms: { plural: 'habitaciones', unlimited: 'Habitaciones ilimitadas' },
};

/** 'Hasta 20 apartamentos' or 'Apartamentos ilimitados'. */
export function planLimitText(kind: RentalKind, limit: number | null): string {
  return limit === null ? RENTAL_UNIT_WORDS[kind].unlimited : `Hasta ${limit} ${RENTAL_UNIT_WORDS[kind].plural}`;
}

/** Whether a portfolio of `count` apartments or rooms fits in the plan. */
export function planFits(plan: RentalPlan, count: number): boolean {
  return plan.limit === null || count <= plan.limit;
}

/** The cheapest plan a portfolio of `count` fits (the plans are listed cheapest first; the last is unlimited). */
export function fittingPlan(kind: RentalKind, count: number): RentalPlan {
  const plans = RENTAL_PLANS[kind];
  return plans.find((plan) => planFits(plan, count)) ?? plans[plans.length - 1];
}
