import {
  SPANISH_PROVINCES,
  VALIDATION_MESSAGES,
  catastralControlLetters,
  cccControlDigits,
  cifControl,
  formatIban,
  formatRefCatastral,
  isValidCif,
  isValidIban,
  isValidNie,
  isValidNif,
  isValidNifCif,
  isValidPostalCode,
  isValidRefCatastral,
  isValidSpanishPhone,
  nifCifKind,
  nifControlLetter,
  normalizeIban,
  normalizeNifCif,
  normalizePostalCode,
  normalizeRefCatastral,
  normalizeSpanishPhone,
  provinceFromPostalCode,
  provinceName,
  spanishIbanFromCcc,
  validateCif,
  validateIban,
  validateNie,
  validateNif,
  validateNifCif,
  validatePostalCode,
  validateRefCatastral,
  validateSpanishPhone,
} from './index';

const ALPHANUMERIC = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** Every value that differs from `value` only in its last character. */
function withOtherLastCharacter(value: string): string[] {
  const last = value.charAt(value.length - 1);
  return [...ALPHANUMERIC].filter((c) => c !== last).map((c) => value.slice(0, -1) + c);
}

/** An independent mod-97 check with BigInt, to prove test IBANs pass it. */
function passesMod97(iban: string): boolean {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const numeric = [...rearranged].map((c) => (/\d/.test(c) ? c : String(c.charCodeAt(0) - 55))).join('');
  return BigInt(numeric) % 97n === 1n;
}

describe('NIF (DNI)', () => {
  it.each(['12345678Z', '00000000T', '99999999R', ' 12.345.678-z ', '12345678 z'])('accepts %p', (value) => {
    expect(isValidNif(value)).toBe(true);
    expect(validateNif(value)).toBeNull();
  });

  it.each(['12345678A', '1234567Z', '123456789Z', '12345678', 'Z12345678', 'ABCDEFGHZ', '12345678Ñ', ''])(
    'refuses %p',
    (value) => {
      expect(isValidNif(value)).toBe(false);
      expect(validateNif(value)).toBe('El NIF no es válido');
    },
  );

  it.each(['K1234567L', 'L7654321J', 'm0000001r', ' k-1234567-l '])('accepts the NIF %p of a person without DNI or NIE (K, L, M)', (value) => {
    expect(isValidNif(value)).toBe(true);
    expect(isValidNifCif(value)).toBe(true);
    expect(nifCifKind(value)).toBe('nif');
  });

  it.each(['K1234567A', 'L123456L', 'N1234567L', 'M12345678R'])('refuses the K/L/M-shaped %p', (value) => {
    expect(isValidNif(value)).toBe(false);
    expect(isValidNifCif(value)).toBe(false);
  });

  it('refuses 12345678 with any control letter but Z', () => {
    expect(withOtherLastCharacter('12345678Z').filter(isValidNif)).toEqual([]);
  });

  it('computes the control letter as the number mod 23', () => {
    expect(nifControlLetter('12345678')).toBe('Z');
    expect(nifControlLetter(0)).toBe('T');
    expect(nifControlLetter(22)).toBe('E');
  });
});

describe('NIE', () => {
  it.each(['X1234567L', 'Y1234567X', 'Z1234567R', 'x-1234567-l', 'X0000000T'])('accepts %p', (value) => {
    expect(isValidNie(value)).toBe(true);
    expect(validateNie(value)).toBeNull();
  });

  it.each(['X1234567A', 'Y1234567L', 'W1234567L', 'X123456L', 'X12345678L', '01234567L'])('refuses %p', (value) => {
    expect(isValidNie(value)).toBe(false);
    expect(validateNie(value)).toBe('El NIE no es válido');
  });

  it('refuses X1234567 with any control letter but L', () => {
    expect(withOtherLastCharacter('X1234567L').filter(isValidNie)).toEqual([]);
  });
});

describe('CIF', () => {
  // Published CIFs of real entities.
  it.each([
    ['A28015865', 'Telefónica, S.A.'],
    ['A39000013', 'Banco Santander, S.A.'],
    ['A15075062', 'Industria de Diseño Textil, S.A.'],
    ['A46103834', 'Mercadona, S.A.'],
    ['A48265169', 'Banco Bilbao Vizcaya Argentaria, S.A.'],
    ['P2807900B', 'Ayuntamiento de Madrid'],
    ['Q2818014I', 'Universidad Complutense de Madrid'],
    ['Q2826000H', 'Agencia Estatal de Administración Tributaria'],
  ])('accepts %p (%s)', (value) => {
    expect(isValidCif(value)).toBe(true);
    expect(validateCif(value)).toBeNull();
  });

  it('accepts both control forms where the entity allows either', () => {
    expect(cifControl('J9921658')).toEqual({ digit: '2', letter: 'B' });
    expect(isValidCif('J99216582')).toBe(true);
    expect(isValidCif('J9921658B')).toBe(true);
    const { digit, letter } = cifControl('G1234567');
    expect(isValidCif(`G1234567${digit}`)).toBe(true);
    expect(isValidCif(`G1234567${letter}`)).toBe(true);
  });

  it('requires the digit for companies (A, B, E, H)', () => {
    expect(cifControl('A2801586')).toEqual({ digit: '5', letter: 'E' });
    expect(isValidCif('A2801586E')).toBe(false);
    expect(isValidCif('B12345674')).toBe(true);
    expect(isValidCif('B1234567D')).toBe(false);
  });

  it('requires the letter for public bodies and non-resident entities (N, P, Q, R, S, W)', () => {
    expect(cifControl('P2807900')).toEqual({ digit: '2', letter: 'B' });
    expect(isValidCif('P28079002')).toBe(false);
    for (const entity of 'NPQRSW') {
      const { digit, letter } = cifControl(`${entity}2807900`);
      expect(isValidCif(`${entity}2807900${letter}`)).toBe(true);
      expect(isValidCif(`${entity}2807900${digit}`)).toBe(false);
    }
  });

  it.each(['A28015866', 'Q2818014J', 'I2801586E', 'O28015865', 'K1234567L', 'A2801586', 'A280158655', '12345678Z'])(
    'refuses %p',
    (value) => {
      expect(isValidCif(value)).toBe(false);
      expect(validateCif(value)).toBe('El CIF no es válido');
    },
  );

  it('refuses a real CIF with any other control character', () => {
    expect(withOtherLastCharacter('A28015865').filter(isValidCif)).toEqual([]);
    expect(withOtherLastCharacter('P2807900B').filter(isValidCif)).toEqual([]);
    expect(withOtherLastCharacter('J99216582').filter(isValidCif)).toEqual(['J9921658B']);
  });
});

describe('NIF/NIE/CIF together', () => {
  it.each([
    ['12345678Z', 'nif'],
    ['X1234567L', 'nie'],
    ['A28015865', 'cif'],
    ['b-12345674', 'cif'],
  ])('accepts %p as a %s', (value, kind) => {
    expect(isValidNifCif(value)).toBe(true);
    expect(nifCifKind(value)).toBe(kind);
    expect(validateNifCif(value)).toBeNull();
  });

  it.each(['12345678A', 'X1234567A', 'A28015866', '', 'hola'])('refuses %p with the Spanish message', (value) => {
    expect(isValidNifCif(value)).toBe(false);
    expect(nifCifKind(value)).toBeNull();
    expect(validateNifCif(value)).toBe('El NIF/NIE/CIF no es válido');
  });

  it('normalises to upper case without spaces, hyphens or dots', () => {
    expect(normalizeNifCif(' 12.345.678-z ')).toBe('12345678Z');
    expect(normalizeNifCif('x 1234567 l')).toBe('X1234567L');
  });

  it('answers false, not a crash, for a value that is not a string', () => {
    expect(isValidNifCif(undefined as unknown as string)).toBe(false);
    expect(isValidIban(null as unknown as string)).toBe(false);
  });
});

describe('Spanish IBAN', () => {
  const VALID = 'ES9121000418450200051332';

  it.each([
    VALID,
    'ES91 2100 0418 4502 0005 1332',
    'es91-2100-0418-4502-0005-1332',
    'IBAN ES91 2100 0418 4502 0005 1332',
    'ES7921000813610123456789',
    'ES1000492352082414205416',
  ])('accepts %p', (value) => {
    expect(isValidIban(value)).toBe(true);
    expect(validateIban(value)).toBeNull();
  });

  it('refuses the IBAN with one digit changed (mod-97 fails)', () => {
    const changed = 'ES9121000418450200051333';
    expect(passesMod97(changed)).toBe(false);
    expect(isValidIban(changed)).toBe(false);
    expect(isValidIban('ES9221000418450200051332')).toBe(false);
  });

  it('refuses an IBAN whose mod-97 passes but whose first CCC control digit is wrong', () => {
    expect(cccControlDigits('2100', '0418', '0200051332')).toBe('45');
    const wrongFirst = spanishIbanFromCcc('21000418550200051332');
    expect(passesMod97(wrongFirst)).toBe(true);
    expect(isValidIban(wrongFirst)).toBe(false);
    expect(validateIban(wrongFirst)).toBe('El IBAN no es válido');
  });

  it('refuses an IBAN whose mod-97 passes but whose second CCC control digit is wrong', () => {
    const wrongSecond = spanishIbanFromCcc('21000418460200051332');
    expect(passesMod97(wrongSecond)).toBe(true);
    expect(isValidIban(wrongSecond)).toBe(false);
  });

  it('refuses an IBAN whose account was changed and its IBAN check digits recomputed', () => {
    const otherAccount = spanishIbanFromCcc('21000418450200051333');
    expect(passesMod97(otherAccount)).toBe(true);
    expect(isValidIban(otherAccount)).toBe(false);
  });

  it('builds the IBAN of a CCC with the right check digits', () => {
    expect(spanishIbanFromCcc('21000418450200051332')).toBe(VALID);
    expect(spanishIbanFromCcc('2100 0418 45 0200051332')).toBe(VALID);
  });

  it('maps CCC control digits 11 to 0 and 10 to 1', () => {
    // '00' + 0000 0000 sums to 0 → 11 → 0; account 0000000001 sums 6 → 11 − 6 = 5.
    expect(cccControlDigits('0000', '0000', '0000000001')).toBe('05');
    // Account 1000000000 sums 1 × 1 = 1 → 11 − 1 = 10 → 1.
    expect(cccControlDigits('0000', '0000', '1000000000')).toBe('01');
  });

  it.each([
    ['DE89370400440532013000', 'a valid German IBAN'],
    ['ES912100041845020005133', 'one digit short'],
    ['ES91210004184502000513321', 'one digit long'],
    ['ESAB21000418450200051332', 'letters as check digits'],
    ['', 'empty'],
  ])('refuses %p (%s)', (value) => {
    expect(isValidIban(value)).toBe(false);
  });

  it('formats in groups of four', () => {
    expect(formatIban(VALID)).toBe('ES91 2100 0418 4502 0005 1332');
    expect(formatIban(' es91 21000418-4502 00051332 ')).toBe('ES91 2100 0418 4502 0005 1332');
  });

  it('normalises to the compact upper-case form', () => {
    expect(normalizeIban('IBAN es91 2100 0418 4502 0005 1332')).toBe(VALID);
  });
});

describe('referencia catastral', () => {
  // Published references (urban, rustic and special properties).
  const REAL = [
    '9872023VH5797S0001WX',
    '7837301VG8173B0001TT',
    '4A08169P03PRAT0001LR',
    '06011A012002450000QE',
    '0474001QE5307C0149YK',
    '2093020TK8129S0005RA',
  ];

  it.each(REAL)('accepts %p', (value) => {
    expect(isValidRefCatastral(value)).toBe(true);
    expect(validateRefCatastral(value)).toBeNull();
  });

  it('accepts spaces, hyphens and lower case', () => {
    expect(isValidRefCatastral('9872023 VH5797S 0001 WX')).toBe(true);
    expect(isValidRefCatastral('9872023-vh5797s-0001-wx')).toBe(true);
  });

  it('computes each control letter over 7 parcel characters followed by the 4 of the unit', () => {
    expect(catastralControlLetters('9872023VH5797S0001')).toBe('WX');
    // A change in one half of the parcel leaves the other half's letter alone.
    expect(catastralControlLetters('9872023VH5797T0001').charAt(0)).toBe('W');
    expect(catastralControlLetters('9872024VH5797S0001').charAt(1)).toBe('X');
    // The unit counts in both.
    const otherUnit = catastralControlLetters('9872023VH5797S0002');
    expect(otherUnit.charAt(0)).not.toBe('W');
    expect(otherUnit.charAt(1)).not.toBe('X');
  });

  it('counts Ñ as the letter after N', () => {
    const start = '1234567ÑB1234N0001';
    const ref = start + catastralControlLetters(start);
    expect(isValidRefCatastral(ref.toLowerCase())).toBe(true);
    expect(catastralControlLetters(start)).not.toBe(catastralControlLetters('1234567NB1234N0001'));
    expect(catastralControlLetters(start)).not.toBe(catastralControlLetters('1234567OB1234N0001'));
  });

  it('refuses every real reference with any one of its 20 characters changed', () => {
    const next = (c: string): string => {
      if (/\d/.test(c)) return String((Number(c) + 1) % 10);
      return c === 'Z' ? 'A' : String.fromCharCode(c.charCodeAt(0) + 1);
    };
    for (const ref of REAL) {
      for (let i = 0; i < 20; i += 1) {
        const changed = ref.slice(0, i) + next(ref.charAt(i)) + ref.slice(i + 1);
        expect([changed, isValidRefCatastral(changed)]).toEqual([changed, false]);
      }
    }
  });

  it.each([
    ['9872023VH5797S0001WY', 'a wrong second letter'],
    ['9872023VH5797S0001XW', 'the control letters swapped'],
    ['9872023VH5797S0001W1', 'a digit as control'],
    ['9872023VH5797S0001W', '19 characters'],
    ['9872023VH5797S0001WXA', '21 characters'],
    ['9872023VH5797S/0001WX', 'a slash'],
    ['', 'nothing'],
  ])('refuses %p (%s)', (value) => {
    expect(isValidRefCatastral(value)).toBe(false);
    expect(validateRefCatastral(value)).toBe('La referencia catastral no es válida');
  });

  it('formats and normalises', () => {
    expect(formatRefCatastral('9872023vh5797s0001wx')).toBe('9872023 VH5797S 0001 WX');
    expect(normalizeRefCatastral(' 9872023 VH5797S-0001 WX ')).toBe('9872023VH5797S0001WX');
  });
});

describe('postal code', () => {
  it.each(['28010', '01001', '08001', '52001', '35001', ' 46 001 '])('accepts %p', (value) => {
    expect(isValidPostalCode(value)).toBe(true);
    expect(validatePostalCode(value)).toBeNull();
  });

  it.each(['2800', '53001', '00123', '280100', '2801A', '99999', ''])('refuses %p', (value) => {
    expect(isValidPostalCode(value)).toBe(false);
    expect(validatePostalCode(value)).toBe(
      'El código postal debe tener 5 cifras y empezar por un código de provincia (01–52)',
    );
  });

  it.each([
    ['28010', 'Madrid'],
    ['08001', 'Barcelona'],
    ['01001', 'Araba/Álava'],
    ['03001', 'Alicante/Alacant'],
    ['07001', 'Illes Balears'],
    ['12001', 'Castellón/Castelló'],
    ['15001', 'A Coruña'],
    ['20001', 'Gipuzkoa'],
    ['46001', 'Valencia/València'],
    ['48001', 'Bizkaia'],
    ['51001', 'Ceuta'],
    ['52001', 'Melilla'],
  ])('finds the province of %p: %p', (code, province) => {
    expect(provinceFromPostalCode(code)).toBe(province);
  });

  it('finds no province for an invalid code', () => {
    expect(provinceFromPostalCode('53001')).toBeNull();
    expect(provinceFromPostalCode('2801')).toBeNull();
    expect(provinceName('00')).toBeNull();
  });

  it('lists the 52 provinces in code order, 01 to 52, with distinct names', () => {
    expect(SPANISH_PROVINCES.map((p) => p.code)).toEqual(
      Array.from({ length: 52 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(new Set(SPANISH_PROVINCES.map((p) => p.name)).size).toBe(52);
  });

  it('normalises by removing spaces', () => {
    expect(normalizePostalCode(' 28 010 ')).toBe('28010');
  });
});

describe('Spanish phone', () => {
  it.each(['612345678', '712345678', '812345678', '912345678', '+34 612 34 56 78', '0034612345678', '+34-912-345-678', '(+34) 91 123 45 67'])(
    'accepts %p',
    (value) => {
      expect(isValidSpanishPhone(value)).toBe(true);
      expect(validateSpanishPhone(value)).toBeNull();
    },
  );

  it.each(['512345678', '61234567', '6123456789', '+33612345678', '34612345678', '+34 51234567', '+34', 'teléfono', ''])(
    'refuses %p',
    (value) => {
      expect(isValidSpanishPhone(value)).toBe(false);
      expect(validateSpanishPhone(value)).toBe('El teléfono no es válido');
    },
  );

  it('normalises to the 9 national digits', () => {
    expect(normalizeSpanishPhone('+34 612-34-56-78')).toBe('612345678');
    expect(normalizeSpanishPhone('0034 91 123 45 67')).toBe('911234567');
  });
});

describe('VALIDATION_MESSAGES', () => {
  it('holds the Spanish messages the schemas show', () => {
    expect(VALIDATION_MESSAGES).toEqual({
      nifCif: 'El NIF/NIE/CIF no es válido',
      nif: 'El NIF no es válido',
      nie: 'El NIE no es válido',
      cif: 'El CIF no es válido',
      iban: 'El IBAN no es válido',
      refCatastral: 'La referencia catastral no es válida',
      postalCode: 'El código postal debe tener 5 cifras y empezar por un código de provincia (01–52)',
      phone: 'El teléfono no es válido',
    });
  });
});
