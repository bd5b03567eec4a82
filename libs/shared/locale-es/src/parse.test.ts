import { excelSerialToIsoDate, parseDateEs } from './index';

describe('parseDateEs', () => {
  it.each<[string, string]>([
    ['01/03/2026', '2026-03-01'],
    ['1/3/2026', '2026-03-01'],
    [' 31/12/2025 ', '2025-12-31'],
    ['29/02/2024', '2024-02-29'],
    ['05-11-2026', '2026-11-05'],
    ['05.11.2026', '2026-11-05'],
    ['2026-03-01', '2026-03-01'],
    ['2026-3-1', '2026-03-01'],
    ['2026-03-01T00:00:00.000Z', '2026-03-01'],
  ])('reads %p as %p (day first, never month first)', (input, expected) => {
    expect(parseDateEs(input)).toBe(expected);
  });

  it.each(['', 'mañana', '31/02/2026', '29/02/2025', '01/13/2026', '00/01/2026', '01/03/26', '1/3/26', '01/03-2026', '2026/03/01', '12/31/2025', '2026-02-30', '01/03/2026 10:00', '45292'])(
    'returns null for %p',
    (input) => {
      expect(parseDateEs(input)).toBeNull();
    },
  );
});

describe('excelSerialToIsoDate', () => {
  it('reads the 1900 date system as Excel shows it', () => {
    expect(excelSerialToIsoDate(45292)).toBe('2024-01-01');
    expect(excelSerialToIsoDate(1)).toBeNull();
    expect(excelSerialToIsoDate(61)).toBe('1900-03-01');
    expect(excelSerialToIsoDate(44197)).toBe('2021-01-01');
    // A time of day is dropped, not rounded to the next day.
    expect(excelSerialToIsoDate(45292.99)).toBe('2024-01-01');
  });

  it('refuses what is no date', () => {
    expect(excelSerialToIsoDate(Number.NaN)).toBeNull();
    expect(excelSerialToIsoDate(-5)).toBeNull();
    expect(excelSerialToIsoDate(3_000_000)).toBeNull();
  });
});
