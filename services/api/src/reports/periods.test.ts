import { duePeriod, nextRunDate, periodJustEnded, periodStart } from './periods';

describe('report periods', () => {
  it('are calendar months, or quarters from January, April, July and October', () => {
    expect(periodStart('mensual', '2026-05-17')).toBe('2026-05-01');
    expect(['2026-01-31', '2026-02-15', '2026-03-31'].map((d) => periodStart('trimestral', d))).toEqual(['2026-01-01', '2026-01-01', '2026-01-01']);
    expect(periodStart('trimestral', '2026-12-31')).toBe('2026-10-01');
  });

  it('end on the Madrid calendar: 22:30 UTC on 31 March is already 1 April, 1 January closes last year', () => {
    expect(periodJustEnded('mensual', new Date('2026-03-31T21:30:00Z'))).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(periodJustEnded('mensual', new Date('2026-03-31T22:30:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(periodJustEnded('trimestral', new Date('2027-01-01T09:00:00Z'))).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodJustEnded('mensual', new Date('2028-03-01T09:00:00Z'))).toEqual({ from: '2028-02-01', to: '2028-02-29' });
  });

  it('come due once each, from the period a schedule was created in, and the next run date says when', () => {
    const monthly = { frequency: 'mensual' as const, createdAt: new Date('2026-03-10T10:00:00Z'), lastPeriodGenerated: null };
    expect(duePeriod(monthly, new Date('2026-03-20T10:00:00Z'))).toBeNull();
    expect(nextRunDate(monthly, new Date('2026-03-20T10:00:00Z'))).toBe('2026-04-01');
    // The 1st before the job has run: due today.
    expect(duePeriod(monthly, new Date('2026-04-01T10:00:00Z'))).toEqual({ from: '2026-03-01', to: '2026-03-31' });
    expect(nextRunDate(monthly, new Date('2026-04-01T10:00:00Z'))).toBe('2026-04-01');
    const generated = { ...monthly, lastPeriodGenerated: '2026-03-01' };
    expect(duePeriod(generated, new Date('2026-04-01T10:00:00Z'))).toBeNull();
    expect(nextRunDate(generated, new Date('2026-04-01T10:00:00Z'))).toBe('2026-05-01');
    const quarterly = { frequency: 'trimestral' as const, createdAt: '2026-11-30T23:30:00Z', lastPeriodGenerated: null };
    expect(nextRunDate(quarterly, new Date('2026-12-05T10:00:00Z'))).toBe('2027-01-01');
  });
});
