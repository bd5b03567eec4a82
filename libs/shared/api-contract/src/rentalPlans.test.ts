import { APARTMENT_PLANS, fittingPlan, planFits, planLimitText, ROOM_PLANS } from './rentalPlans';

describe('rental plans (spec §9)', () => {
  it('holds the prices and limits of the spec, cheapest first', () => {
    expect(ROOM_PLANS.map((p) => [p.name, p.price, p.limit, p.highlight ?? null])).toEqual([
      ['Starter', 29, 10, null],
      ['Professional', 49, 50, 'Más popular'],
      ['Enterprise', 89, null, null],
    ]);
    expect(APARTMENT_PLANS.map((p) => [p.name, p.price, p.limit, p.highlight ?? null])).toEqual([
      ['Basic', 39, 5, null],
      ['Professional', 69, 20, 'Recomendado'],
      ['Enterprise', 119, null, null],
    ]);
  });

  it('fits a portfolio up to the limit included, and any portfolio in the unlimited plan', () => {
    expect(planFits(APARTMENT_PLANS[0], 5)).toBe(true);
    expect(planFits(APARTMENT_PLANS[0], 6)).toBe(false);
    expect(planFits(APARTMENT_PLANS[2], 100_000)).toBe(true);
    expect([0, 10, 11, 50, 51].map((n) => fittingPlan('rooms', n).name)).toEqual(['Starter', 'Starter', 'Professional', 'Professional', 'Enterprise']);
  });

  it('words each limit in Spanish', () => {
    expect(planLimitText('apartments', 20)).toBe('Hasta 20 apartamentos');
    expect(planLimitText('rooms', null)).toBe('Habitaciones ilimitadas');
  });
});
