import {
  EMPTY_VALUE,
  NBSP,
  WEEK_STARTS_ON,
  formatDate,
  formatPhone,
  phoneHref,
  formatDateTime,
  formatDateTimeSeconds,
  formatEuros,
  formatNumber,
  formatPercent,
  fromCents,
  parseDecimalEs,
  parseMoneyEs,
  startOfWeek,
  sumMoney,
  toCents,
  toIsoDate,
  todayIso,
} from './index';

describe('formatEuros', () => {
  it.each<[number | string, string]>([
    [1234.56, '1.234,56\u00a0€'],
    [0, '0,00\u00a0€'],
    ['1500', '1.500,00\u00a0€'],
    [1234567.8, '1.234.567,80\u00a0€'],
    [-1234.56, '-1.234,56\u00a0€'],
    ['1234.50', '1.234,50\u00a0€'],
    ['-0.50', '-0,50\u00a0€'],
    [12, '12,00\u00a0€'],
    [999, '999,00\u00a0€'],
    ['99999999.99', '99.999.999,99\u00a0€'],
    [' 950.00 ', '950,00\u00a0€'],
  ])('shows %p as %p', (value, expected) => {
    expect(formatEuros(value)).toBe(expected);
  });

  it('groups thousands even for a four-digit amount, which Intl es-ES does not', () => {
    expect(formatEuros(1234)).toBe('1.234,00\u00a0€');
  });

  it('puts a no-break space (U+00A0) before the euro sign', () => {
    expect(NBSP).toBe('\u00a0');
    expect(formatEuros(1)).toBe(`1,00${NBSP}€`);
  });

  it('rounds half away from zero on the decimal value, not on the float', () => {
    expect(formatEuros(1.005)).toBe('1,01\u00a0€');
    expect(formatEuros(-1.005)).toBe('-1,01\u00a0€');
    expect(formatEuros(999.995)).toBe('1.000,00\u00a0€');
  });

  it('never shows a negative zero', () => {
    expect(formatEuros(-0.004)).toBe('0,00\u00a0€');
    expect(formatEuros(-0)).toBe('0,00\u00a0€');
  });

  it.each([null, undefined, '', 'abc', '12,50', Number.NaN, Number.POSITIVE_INFINITY])(
    'shows an em dash for %p',
    (value) => {
      expect(formatEuros(value as number | string | null | undefined)).toBe('—');
      expect(EMPTY_VALUE).toBe('—');
    },
  );
});

describe('money arithmetic in cents', () => {
  it('reads NUMERIC strings and numbers into integer cents', () => {
    expect(toCents('1234.50')).toBe(123450);
    expect(toCents('1234.5')).toBe(123450);
    expect(toCents('1500')).toBe(150000);
    expect(toCents(0.1)).toBe(10);
    expect(toCents(-0.05)).toBe(-5);
    expect(toCents('.5')).toBe(50);
    expect(toCents(19.99)).toBe(1999);
  });

  it('refuses text that is not a machine decimal', () => {
    expect(() => toCents('1.234,56')).toThrow(TypeError);
    expect(() => toCents('abc')).toThrow(TypeError);
    expect(() => toCents(Number.NaN)).toThrow(RangeError);
  });

  it('writes cents back as a two-decimal string', () => {
    expect(fromCents(123450)).toBe('1234.50');
    expect(fromCents(5)).toBe('0.05');
    expect(fromCents(-5)).toBe('-0.05');
    expect(fromCents(0)).toBe('0.00');
    expect(fromCents(-123456)).toBe('-1234.56');
    expect(() => fromCents(1.5)).toThrow(RangeError);
  });

  it('sums 0.10 + 0.20 to exactly 0.30, where floats give 0.30000000000000004', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(sumMoney(['0.10', '0.20'])).toBe('0.30');
    expect(sumMoney([0.1, 0.2])).toBe('0.30');
  });

  it('sums many amounts of mixed types without drift', () => {
    expect(sumMoney(Array.from({ length: 1000 }, () => '0.10'))).toBe('100.00');
    expect(sumMoney(['1200.00', 850.5, '-300.25', '19.99'])).toBe('1770.24');
  });

  it('sums an empty list to 0.00', () => {
    expect(sumMoney([])).toBe('0.00');
  });
});

describe('formatPercent', () => {
  it('shows percentage points with one decimal by default', () => {
    expect(formatPercent(87.5)).toBe('87,5\u00a0%');
    expect(formatPercent(0)).toBe('0,0\u00a0%');
    expect(formatPercent(100)).toBe('100,0\u00a0%');
  });

  it('takes the number of decimals', () => {
    expect(formatPercent(12.345, 2)).toBe('12,35\u00a0%');
    expect(formatPercent(33.3333, 0)).toBe('33\u00a0%');
  });

  it('keeps the sign, groups thousands and drops a rounded-away minus', () => {
    expect(formatPercent(-3.04)).toBe('-3,0\u00a0%');
    expect(formatPercent(1234.5)).toBe('1.234,5\u00a0%');
    expect(formatPercent(-0.04)).toBe('0,0\u00a0%');
  });

  it('shows an em dash for a missing value', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(Number.NaN)).toBe('—');
  });

  it('refuses a number of decimals out of range', () => {
    expect(() => formatPercent(1, -1)).toThrow(RangeError);
    expect(() => formatPercent(1, 1.5)).toThrow(RangeError);
  });
});

describe('formatNumber', () => {
  it('formats es-ES numbers with fixed decimals', () => {
    expect(formatNumber(1234.5, 2)).toBe('1.234,50');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber('85.25', 1)).toBe('85,3');
    expect(formatNumber(undefined)).toBe('—');
  });
});

describe('parseDecimalEs', () => {
  it.each<[string, number]>([
    ['1.234,56', 1234.56],
    ['1234.56', 1234.56],
    ['1234,56', 1234.56],
    ['-12,5', -12.5],
    ['+7', 7],
    ['1.500', 1500],
    ['1.234.567,89', 1234567.89],
    [' 1.234,56 € ', 1234.56],
    ['12.5', 12.5],
    ['1234.500', 1234.5],
    ['0,05', 0.05],
    [',5', 0.5],
  ])('reads %p as %p', (input, expected) => {
    expect(parseDecimalEs(input)).toBe(expected);
  });

  it.each(['', ' ', 'abc', '1,2,3', '12.34.5', '1.23,4', '12,34.5', '1..2', ',', '1,', '1.', '12a', '--1'])(
    'returns null for %p',
    (input) => {
      expect(parseDecimalEs(input)).toBeNull();
    },
  );
});

describe('parseMoneyEs', () => {
  it('turns a typed amount into the two-decimal string the API carries', () => {
    expect(parseMoneyEs('1.234,5')).toBe('1234.50');
    expect(parseMoneyEs('1.500 €')).toBe('1500.00');
    expect(parseMoneyEs('950')).toBe('950.00');
    expect(parseMoneyEs('-0,99')).toBe('-0.99');
  });

  it('refuses more than two decimals instead of rounding them away', () => {
    expect(parseMoneyEs('12,345')).toBeNull();
    expect(parseMoneyEs('abc')).toBeNull();
  });
});

describe('formatDate', () => {
  it('shows a DATE column value as that calendar day', () => {
    expect(formatDate('2026-03-05')).toBe('05/03/2026');
    expect(formatDate('2026-12-31')).toBe('31/12/2026');
  });

  it('does not shift a plain date whatever the time zone of the runtime', () => {
    const original = process.env.TZ;
    try {
      process.env.TZ = 'Pacific/Honolulu';
      expect(formatDate('2026-03-05')).toBe('05/03/2026');
      expect(formatDate(new Date('2026-03-05T10:00:00Z'))).toBe('05/03/2026');
    } finally {
      if (original === undefined) delete process.env.TZ;
      else process.env.TZ = original;
    }
  });

  it('shows an instant on its calendar day in Madrid', () => {
    expect(formatDate('2026-07-01T22:30:00Z')).toBe('02/07/2026');
    expect(formatDate(new Date('2026-07-01T21:59:00Z'))).toBe('01/07/2026');
  });

  it.each([null, undefined, '', 'hola', '2026-02-30', '2026-13-01', '05/03/2026', new Date(Number.NaN)])(
    'shows an em dash for %p',
    (value) => {
      expect(formatDate(value as Date | string | null | undefined)).toBe('—');
    },
  );
});

describe('formatDateTimeSeconds', () => {
  it('adds the second to the Madrid date and time', () => {
    expect(formatDateTimeSeconds('2026-07-01T22:30:05Z')).toBe('02/07/2026 00:30:05');
    expect(formatDateTimeSeconds(new Date('2026-01-15T08:00:59Z'))).toBe('15/01/2026 09:00:59');
  });

  it('shows the empty value for nothing or an unreadable value', () => {
    expect(formatDateTimeSeconds(null)).toBe(EMPTY_VALUE);
    expect(formatDateTimeSeconds('no es una fecha')).toBe(EMPTY_VALUE);
  });
});

describe('formatDateTime', () => {
  it('shows an instant in Madrid summer time (UTC+2), 24 h', () => {
    expect(formatDateTime('2026-07-01T22:30:00Z')).toBe('02/07/2026 00:30');
    expect(formatDateTime(new Date('2026-07-01T12:05:00Z'))).toBe('01/07/2026 14:05');
  });

  it('shows an instant in Madrid winter time (UTC+1)', () => {
    expect(formatDateTime('2026-01-15T23:30:00Z')).toBe('16/01/2026 00:30');
  });

  it('follows the change to summer time on the last Sunday of March', () => {
    expect(formatDateTime('2026-03-29T00:59:00Z')).toBe('29/03/2026 01:59');
    expect(formatDateTime('2026-03-29T01:00:00Z')).toBe('29/03/2026 03:00');
  });

  it('reads explicit offsets and the text form PostgreSQL gives a timestamptz', () => {
    expect(formatDateTime('2026-07-01T22:30:00+02:00')).toBe('01/07/2026 22:30');
    expect(formatDateTime('2026-07-01 22:30:00+00')).toBe('02/07/2026 00:30');
    expect(formatDateTime('2026-07-01T22:30:00.123Z')).toBe('02/07/2026 00:30');
  });

  it('takes a time without offset as Madrid time and a plain date as midnight', () => {
    expect(formatDateTime('2026-03-05T09:05')).toBe('05/03/2026 09:05');
    expect(formatDateTime('2026-03-05 18:45:10')).toBe('05/03/2026 18:45');
    expect(formatDateTime('2026-03-05')).toBe('05/03/2026 00:00');
  });

  it('shows an em dash for an impossible time', () => {
    expect(formatDateTime('2026-03-05T24:00')).toBe('—');
    expect(formatDateTime(null)).toBe('—');
  });
});

describe('toIsoDate and todayIso', () => {
  it('gives the Madrid calendar day of an instant', () => {
    expect(toIsoDate(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01');
    expect(toIsoDate('2026-03-05')).toBe('2026-03-05');
    expect(toIsoDate('no es una fecha')).toBeNull();
  });

  it("gives today's date in Madrid", () => {
    expect(todayIso(new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
    expect(todayIso()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe('startOfWeek', () => {
  it('starts weeks on Monday', () => {
    expect(WEEK_STARTS_ON).toBe(1);
  });

  it.each([
    ['2026-03-02', '2026-03-02'], // Monday
    ['2026-03-05', '2026-03-02'], // Thursday
    ['2026-03-07', '2026-03-02'], // Saturday
    ['2026-03-08', '2026-03-02'], // Sunday belongs to the week before
    ['2026-03-09', '2026-03-09'], // next Monday
    ['2026-01-01', '2025-12-29'], // across a year
    ['2024-03-01', '2024-02-26'], // across a leap February
  ])('gives the Monday of %p as %p', (day, monday) => {
    expect(startOfWeek(day)).toBe(monday);
  });

  it('takes an instant on its Madrid day', () => {
    // Sunday 23:30 UTC is already Monday 00:30 in Madrid.
    expect(startOfWeek(new Date('2026-03-08T23:30:00Z'))).toBe('2026-03-09');
  });

  it('throws on something that is not a date', () => {
    expect(() => startOfWeek('mañana')).toThrow(RangeError);
  });
});

describe('formatPhone and phoneHref', () => {
  it('groups a stored Spanish number in threes and dials it with +34', () => {
    expect(formatPhone('623456789')).toBe('623 456 789');
    expect(phoneHref('623456789')).toBe('tel:+34623456789');
  });
  it('leaves a value that is not 9 digits as it is (an old row the migration could not normalise)', () => {
    expect(formatPhone('+44 20 7946 0958')).toBe('+44 20 7946 0958');
    expect(phoneHref('+44 20 7946 0958')).toBe('tel:+442079460958');
  });
});
