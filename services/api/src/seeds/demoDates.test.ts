import { startTestApp, type TestApp } from '../test/support';
import { seedDemo } from './demo';
import { DemoCalendar } from './demoCalendar';
import { describeDemoData } from './demoDataSuite';
import { demoContractCodes } from './demoPortfolio';
import { demoPortfolioPlan } from './demoPortfolioPlan';

/** 00:30 on New Year's Day in Madrid, still 31 December in UTC: a new month, a new year, day 1. */
const NEW_YEAR = new Date('2026-12-31T23:30:00Z');

describe('DemoCalendar', () => {
  it("counts months from today's Madrid date, across years", () => {
    const cal = new DemoCalendar(NEW_YEAR);
    expect(cal.today).toBe('2027-01-01');
    expect([cal.monthOf(0), cal.monthOf(-1), cal.monthOf(-13), cal.monthOf(12)]).toEqual([
      { year: 2027, month: 1 },
      { year: 2026, month: 12 },
      { year: 2025, month: 12 },
      { year: 2028, month: 1 },
    ]);
    expect(cal.offsetOf('2026-02-15')).toBe(-11);
    expect(cal.monthName(-1)).toBe('diciembre de 2026');
  });

  it('clamps a day past the end of its month to the last day', () => {
    const cal = new DemoCalendar(new Date('2028-01-15T12:00:00Z'));
    expect([cal.date(1, 31), cal.endOf(1), cal.endOf(-11), cal.date(0, 5)]).toEqual(['2028-02-29', '2028-02-29', '2027-02-28', '2028-01-05']);
  });

  it('tells the future from today and counts back from now', () => {
    const cal = new DemoCalendar(NEW_YEAR);
    expect([cal.isFuture('2027-01-01'), cal.isFuture('2027-01-02')]).toEqual([false, true]);
    expect(cal.ago(1, 2).toISOString()).toBe('2026-12-30T21:30:00.000Z');
  });
});

describe('demoContractCodes', () => {
  it('numbers contracts from 0001 within the year each starts, in order of start', () => {
    const cal = new DemoCalendar(NEW_YEAR);
    const plan = demoPortfolioPlan(cal);
    const codes = demoContractCodes(plan, cal);
    expect(new Set(codes.values()).size).toBe(plan.contracts.length);
    const byYear = new Map<string, string[]>();
    for (const c of [...plan.contracts].sort((a, b) => a.startMonth - b.startMonth)) {
      const code = codes.get(c.key)!;
      expect(code.slice(4, 8)).toBe(cal.date(c.startMonth, 1).slice(0, 4));
      byYear.set(code.slice(4, 8), [...(byYear.get(code.slice(4, 8)) ?? []), code.slice(9)]);
    }
    for (const numbers of byYear.values()) expect(numbers).toEqual(numbers.map((_, i) => String(i + 1).padStart(4, '0')));
  });
});

describe('demo data seeded just after midnight on New Year’s Day', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
    await seedDemo(t.knex, { now: NEW_YEAR });
  }, 60_000);
  afterAll(() => t.close());

  describeDemoData(() => ({ knex: t.knex, cal: new DemoCalendar(NEW_YEAR) }));
});
