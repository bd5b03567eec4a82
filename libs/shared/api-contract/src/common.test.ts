import { IdSchema, IsoDateSchema, MoneyInputSchema } from './common';

describe('IdSchema', () => {
  it.each([[7, 7], ['42', 42], [' 9 ', 9]])('accepts %j', (input, expected) => {
    expect(IdSchema.parse(input)).toBe(expected);
  });

  it.each([true, [3], '0x10', '1e3', 0, -1, 1.5, '2147483648', null, ''])('refuses %j', (input) => {
    expect(IdSchema.safeParse(input).success).toBe(false);
  });
});

describe('IsoDateSchema', () => {
  it('accepts real calendar dates only', () => {
    expect(IsoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(IsoDateSchema.safeParse('2026-02-30').success).toBe(false);
    expect(IsoDateSchema.safeParse('28/02/2026').success).toBe(false);
  });
});

describe('MoneyInputSchema', () => {
  it('keeps at most two decimals', () => {
    expect(MoneyInputSchema.parse('1234.5')).toBe(1234.5);
    expect(MoneyInputSchema.safeParse(10.123).success).toBe(false);
    expect(MoneyInputSchema.safeParse(1e9).success).toBe(false);
  });
});
