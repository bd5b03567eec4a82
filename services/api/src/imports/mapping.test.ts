import { entityFromSheetName, entityOfSheet, guessEntity, guessMapping, normalizeHeader } from './mapping';

describe('normalizeHeader', () => {
  it('compares without case, accents, spaces or punctuation', () => {
    expect(['Ref. catastral', 'refCatastral', 'REFERENCIA  CATASTRAL', 'Referencia-catastral'].map(normalizeHeader)).toEqual(['refcatastral', 'refcatastral', 'referenciacatastral', 'referenciacatastral']);
    expect(normalizeHeader('Código postal')).toBe('codigopostal');
    expect(normalizeHeader('Nº')).toBe('no');
    expect(normalizeHeader('Superficie (m²)')).toBe('superficiem2');
  });
});

describe('guessMapping', () => {
  it('maps synonyms of each field, each field once', () => {
    expect(guessMapping('properties', ['Denominación', 'Dirección', 'Nº', 'Población', 'Provincia', 'CP', 'Ref. catastral', 'M2', 'Año', 'Observaciones', 'Otra cosa'])).toEqual([
      'propertyName',
      'addressStreet',
      'addressNumber',
      'city',
      'province',
      'postalCode',
      'refCatastral',
      'totalAreaM2',
      'buildYear',
      'notes',
      null,
    ]);
    expect(guessMapping('tenants', ['Nombre', 'Apellidos', 'E-mail', 'DNI', 'Móvil', 'Cuenta bancaria'])).toEqual(['firstName', 'lastName', 'email', 'nifCif', 'telefono', 'ibanBancaria']);
    expect(guessMapping('tenants', ['NIE', 'CIF'])).toEqual(['nifCif', null]);
    expect(guessMapping('contracts', ['Contrato', 'Alquiler mensual', 'Fecha inicio del contrato', 'Vencimiento', 'Renta'])).toEqual(['contractCode', 'rentAmount', 'startDate', 'endDate', null]);
  });

  it('maps the template labels of every entity to their fields', () => {
    expect(guessMapping('units', ['Inmueble', 'Unidad', 'Tipo', 'Estado', 'Renta base', 'Superficie (m²)', 'Dormitorios', 'Baños', 'Planta', 'Amueblado', 'Descripción'])).not.toContain(null);
    expect(guessMapping('balances', ['Inmueble', 'Código del contrato', 'Fecha', 'Concepto', 'Importe', 'Tipo', 'Categoría'])).toEqual(['property', 'contractCode', 'transactionDate', 'description', 'amount', 'type', 'category']);
  });
});

describe('guessEntity', () => {
  it('tells each entity by its headers, and asks when they fit none', () => {
    expect(guessEntity(['Nombre', 'Calle', 'Ciudad', 'Provincia', 'CP'])).toBe('properties');
    expect(guessEntity(['Inmueble', 'Unidad', 'Tipo', 'Renta base'])).toBe('units');
    expect(guessEntity(['Nombre', 'Apellidos', 'Email', 'DNI'])).toBe('tenants');
    expect(guessEntity(['Código', 'Inmueble', 'Unidad', 'Fecha de inicio', 'Renta mensual'])).toBe('contracts');
    expect(guessEntity(['Fecha', 'Concepto', 'Importe', 'Tipo'])).toBe('balances');
    expect(guessEntity(['Columna A', 'Columna B'])).toBeNull();
    expect(guessEntity(['Nombre'])).toBeNull();
  });
});

describe('entityFromSheetName', () => {
  it('reads the template names and their usual variants', () => {
    expect(['Inmuebles', 'PROPIEDADES', 'Unidades', 'Inquilinos', 'Contratos', 'Saldos iniciales', 'Hoja1'].map(entityFromSheetName)).toEqual(['properties', 'properties', 'units', 'tenants', 'contracts', 'balances', null]);
    expect(entityOfSheet('Hoja1', ['Nombre', 'Apellidos', 'Email'])).toBe('tenants');
  });
});
