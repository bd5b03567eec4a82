import { z } from 'zod';
import { AuthRegisterSchema } from './auth';
import { clearable, IbanSchema, IdSchema, IsoDateSchema, MoneyInputSchema, NifCifSchema, optionalText, requiredText, SpanishPhoneSchema } from './common';

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

describe('the shared tax, bank and phone fields', () => {
  it('store a NIF/NIE/CIF, an IBAN and a phone in one canonical form', () => {
    expect(NifCifSchema.parse(' 12.345.678-z ')).toBe('12345678Z');
    expect(IbanSchema.parse('es91 2100 0418 4502 0005 1332')).toBe('ES9121000418450200051332');
    expect(SpanishPhoneSchema.parse('+34 612 345 678')).toBe('612345678');
    expect(SpanishPhoneSchema.parse('0034 912-345-678')).toBe('912345678');
  });

  it.each([
    [NifCifSchema, '12345678A', 'El NIF/NIE/CIF no es válido'],
    [IbanSchema, 'ES0021000418450200051332', 'El IBAN no es válido'],
    [SpanishPhoneSchema, '12345', 'El teléfono no es válido'],
    [SpanishPhoneSchema, 42, 'El teléfono no es válido'],
  ])('refuse %#: %j with its Spanish message', (schema, input, message) => {
    const result = (schema as z.ZodType).safeParse(input);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });

  it('clearable: absent leaves the field, blank or null clears it, anything else is validated', () => {
    const Schema = z.object({ telefono: clearable(SpanishPhoneSchema) }).strict();
    expect(Schema.parse({})).toEqual({});
    expect(Schema.parse({ telefono: '  ' })).toEqual({ telefono: null });
    expect(Schema.parse({ telefono: null })).toEqual({ telefono: null });
    expect(Schema.parse({ telefono: '612 345 678' })).toEqual({ telefono: '612345678' });
    expect(Schema.safeParse({ telefono: '999' }).success).toBe(false);
  });
});

describe('the shared text fields (names, titles)', () => {
  it('drop bidirectional controls before trimming and counting', () => {
    expect(requiredText(100, 'El nombre es obligatorio').parse(' \u202EAna\u2066 María\u2069 ')).toBe('Ana María');
    expect(optionalText(100).parse('\u200FTorre\u200E Norte')).toBe('Torre Norte');
    expect(requiredText(5, 'x').parse('Ana\u202A\u202B\u202C')).toBe('Ana');
  });

  it('treat a text of controls only as empty', () => {
    expect(requiredText(100, 'El nombre es obligatorio').safeParse('\u202E \u061C').error?.issues[0]?.message).toBe('El nombre es obligatorio');
    expect(optionalText(100).parse('\u202E')).toBeUndefined();
  });

  it('are what the sign-up names use', () => {
    const input = { email: 'a@b.es', password: 'una-clave-larga', firstName: 'Eva\u202E', lastName: '\u2067Gil' };
    expect(AuthRegisterSchema.parse(input)).toMatchObject({ firstName: 'Eva', lastName: 'Gil' });
  });
});
