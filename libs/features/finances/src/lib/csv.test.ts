import { monthlyCsv, UTF8_BOM } from './csv';
import { addMonths, analysisFrom, currentMonth, longMonthLabel, shortMonthLabel } from './months';

describe('monthlyCsv', () => {
  it('writes month;income;expenses;net with decimal commas, a BOM and CRLF lines', () => {
    const csv = monthlyCsv([
      { month: '2026-10', income: '1234.50', expenses: '0.00', net: '1234.50' },
      { month: '2026-11', income: '100.00', expenses: '310.45', net: '-210.45' },
    ]);
    expect(csv.startsWith(UTF8_BOM)).toBe(true);
    expect(csv.slice(1)).toBe('month;income;expenses;net\r\n2026-10;1234,50;0,00;1234,50\r\n2026-11;100,00;310,45;-210,45\r\n');
  });

  it('writes only the header for no months', () => {
    expect(monthlyCsv([])).toBe(`${UTF8_BOM}month;income;expenses;net\r\n`);
  });
});

describe('months', () => {
  it('reads the Madrid month and moves across years', () => {
    expect(currentMonth(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01');
    expect(addMonths('2026-01', -1)).toBe('2025-12');
    expect(analysisFrom(new Date('2026-11-21T10:00:00Z'))).toBe('2026-05-01');
    expect(analysisFrom(new Date('2026-03-05T10:00:00Z'))).toBe('2025-09-01');
  });

  it('labels months in Spanish', () => {
    expect(shortMonthLabel('2026-09')).toBe('sept 2026');
    expect(longMonthLabel('2026-11')).toBe('Noviembre de 2026');
  });
});
