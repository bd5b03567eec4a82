import { IMPORT_ENTITIES, IMPORT_FIELDS, type ImportEntity } from '@arrendia/api-contract';

/**
 * Which field each column of a sheet holds, guessed from its header (issue 35), and which entity a
 * sheet holds, from its name or its headers. Headers compare without case, accents, spaces or
 * punctuation ('Ref. catastral' = 'refCatastral' = 'REFERENCIA CATASTRAL'), against each field's
 * name, its template label and the synonyms below.
 */

/** A header or name as compared: lower case, no accents, letters and digits only ('Código postal' → 'codigopostal', 'Nº' → 'no'). */
export function normalizeHeader(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Other ways people head each column (written as normalizeHeader leaves them). */
const SYNONYMS: Readonly<Record<ImportEntity, Readonly<Record<string, readonly string[]>>>> = {
  properties: {
    propertyName: ['nombre', 'inmueble', 'propiedad', 'nombredelinmueble', 'nombredelapropiedad', 'nombrepropiedad', 'nombreinmueble', 'denominacion'],
    addressStreet: ['calle', 'direccion', 'domicilio', 'via', 'nombredelavia', 'direccioncalle'],
    addressNumber: ['numero', 'num', 'no', 'portal', 'numerodelacalle'],
    addressDetails: ['pisoypuerta', 'piso', 'puerta', 'escaleraypiso', 'detalles', 'complemento', 'restodireccion'],
    city: ['ciudad', 'municipio', 'localidad', 'poblacion'],
    province: ['provincia'],
    postalCode: ['codigopostal', 'cp', 'codpostal', 'postal', 'zip'],
    country: ['pais'],
    refCatastral: ['referenciacatastral', 'refcatastral', 'refcat', 'catastro', 'rc', 'referencia'],
    totalAreaM2: ['superficie', 'superficiem2', 'm2', 'metros', 'metroscuadrados', 'superficietotal', 'area'],
    buildYear: ['anodeconstruccion', 'anoconstruccion', 'ano', 'construccion', 'anoconstruido'],
    ownerEmail: ['emaildelpropietario', 'emailpropietario', 'propietario', 'correodelpropietario', 'propietarioemail', 'emailtitular'],
    notes: ['notas', 'observaciones', 'comentarios'],
  },
  units: {
    property: ['inmueble', 'propiedad', 'referenciacatastral', 'refcatastral', 'nombredelinmueble', 'edificio', 'finca'],
    unitName: ['unidad', 'nombredelaunidad', 'nombreunidad', 'nombre'],
    unitType: ['tipo', 'tipodeunidad', 'tipounidad', 'tipologia', 'uso'],
    currentStatus: ['estado', 'situacion'],
    baseRentPrice: ['rentabase', 'renta', 'alquiler', 'alquilermensual', 'precio', 'preciobase', 'rentamensual'],
    areaM2: ['superficie', 'superficiem2', 'm2', 'metros', 'metroscuadrados'],
    numBedrooms: ['dormitorios', 'habitaciones', 'hab', 'numdormitorios'],
    numBathrooms: ['banos', 'aseos', 'numbanos'],
    floorLevel: ['planta', 'piso'],
    isFurnished: ['amueblado', 'amueblada', 'muebles'],
    description: ['descripcion', 'notas', 'observaciones'],
  },
  tenants: {
    firstName: ['nombre'],
    lastName: ['apellidos', 'apellido'],
    email: ['email', 'correo', 'correoelectronico', 'mail'],
    nifCif: ['nif', 'dni', 'nie', 'cif', 'nifnie', 'nifcif', 'dninie', 'documento', 'nifniecif'],
    telefono: ['telefono', 'movil', 'tel', 'tlf', 'telf', 'celular'],
    ibanBancaria: ['iban', 'cuenta', 'cuentabancaria', 'numerodecuenta', 'ccc'],
    direccionFiscal: ['direccionfiscal', 'direccion', 'domicilio', 'domiciliofiscal'],
  },
  contracts: {
    contractCode: ['codigodelcontrato', 'codigo', 'contrato', 'codcontrato', 'numerodecontrato', 'referencia', 'ref'],
    property: ['inmueble', 'propiedad', 'referenciacatastral', 'refcatastral', 'nombredelinmueble'],
    unitName: ['unidad', 'nombredelaunidad'],
    tenants: ['inquilinos', 'inquilino', 'inquilinosnifoemail', 'arrendatario', 'arrendatarios', 'nifinquilino', 'emailinquilino', 'nif', 'dni', 'nie', 'inquilinonif'],
    startDate: ['fechadeinicio', 'inicio', 'fechainicio', 'desde', 'fechaalta', 'comienzo', 'fechadeentrada'],
    endDate: ['fechadefin', 'fin', 'fechafin', 'hasta', 'vencimiento', 'fechavencimiento', 'fechadefinalizacion'],
    rentAmount: ['rentamensual', 'renta', 'alquiler', 'alquilermensual', 'cuota', 'precio', 'importe', 'mensualidad'],
    paymentDay: ['diadepago', 'diapago', 'dia', 'diadecobro'],
    depositAmount: ['fianza', 'deposito', 'importefianza', 'importedelafianza'],
    depositStatus: ['estadodelafianza', 'estadofianza'],
    status: ['estado', 'estadodelcontrato'],
    terminationReason: ['motivodefinalizacion', 'motivo', 'motivofin', 'motivodebaja'],
    notes: ['notas', 'observaciones', 'comentarios'],
  },
  balances: {
    property: ['inmueble', 'propiedad', 'referenciacatastral', 'refcatastral'],
    contractCode: ['codigodelcontrato', 'contrato', 'codigo', 'codigocontrato'],
    transactionDate: ['fecha', 'fechadelmovimiento', 'fechasaldo', 'fechamovimiento'],
    description: ['concepto', 'descripcion', 'detalle'],
    amount: ['importe', 'cantidad', 'saldo', 'total'],
    type: ['tipo', 'ingresogasto', 'ingresoogasto', 'naturaleza'],
    category: ['categoria'],
  },
};

/** Every normalized name of each field of an entity: the field itself, its label, its synonyms. */
function namesOf(entity: ImportEntity): { field: string; names: Set<string> }[] {
  return IMPORT_FIELDS[entity].map(({ field, label }) => ({
    field,
    names: new Set([normalizeHeader(field), normalizeHeader(label), ...(SYNONYMS[entity][field] ?? [])]),
  }));
}

/**
 * The field of each header (same order; null when none fits). A header names a field when it is one
 * of the field's names; failing that, when it contains one of at least four letters ('Fecha inicio
 * contrato'), the longest such name winning. Each field goes to its first column only.
 */
export function guessMapping(entity: ImportEntity, headers: readonly string[]): (string | null)[] {
  const fields = namesOf(entity);
  const taken = new Set<string>();
  const mapping: (string | null)[] = headers.map(() => null);
  const normalized = headers.map(normalizeHeader);
  normalized.forEach((header, i) => {
    const exact = fields.find((f) => !taken.has(f.field) && f.names.has(header));
    if (exact) {
      mapping[i] = exact.field;
      taken.add(exact.field);
    }
  });
  normalized.forEach((header, i) => {
    if (mapping[i] !== null || header === '') return;
    let best: { field: string; length: number } | null = null;
    for (const f of fields) {
      if (taken.has(f.field)) continue;
      for (const name of f.names) if (name.length >= 4 && header.includes(name) && name.length > (best?.length ?? 0)) best = { field: f.field, length: name.length };
    }
    if (best) {
      mapping[i] = best.field;
      taken.add(best.field);
    }
  });
  return mapping;
}

/** Sheet names (as normalizeHeader leaves them) that say what a sheet holds. */
const SHEET_NAMES: Readonly<Record<ImportEntity, readonly string[]>> = {
  properties: ['inmuebles', 'inmueble', 'propiedades', 'propiedad', 'fincas', 'properties'],
  units: ['unidades', 'unidad', 'units'],
  tenants: ['inquilinos', 'inquilino', 'arrendatarios', 'tenants'],
  contracts: ['contratos', 'contrato', 'contracts'],
  balances: ['saldos', 'saldosiniciales', 'saldo', 'saldoinicial', 'movimientos', 'balances'],
};

/** The entity a sheet's name says it holds ('Inmuebles', 'Saldos iniciales'), or null. */
export function entityFromSheetName(name: string): ImportEntity | null {
  const key = normalizeHeader(name);
  return IMPORT_ENTITIES.find((entity) => SHEET_NAMES[entity].includes(key)) ?? null;
}

/**
 * The entity whose columns the headers fit best: two points for each required field found, one for
 * each other field. Null unless one entity leads with at least three points and all of its required
 * fields but one found, so that a loose resemblance is asked about rather than imported.
 */
export function guessEntity(headers: readonly string[]): ImportEntity | null {
  const scored = IMPORT_ENTITIES.map((entity) => {
    const mapping = guessMapping(entity, headers);
    const found = new Set(mapping.filter((m): m is string => m !== null));
    const required = IMPORT_FIELDS[entity].filter((f) => f.required);
    const missing = required.filter((f) => !found.has(f.field)).length;
    const score = IMPORT_FIELDS[entity].reduce((n, f) => n + (found.has(f.field) ? (f.required ? 2 : 1) : 0), 0);
    return { entity, score, missing };
  }).sort((a, b) => b.score - a.score);
  const [best, second] = scored;
  if (!best || best.score < 3 || best.missing > 1 || best.score === second?.score) return null;
  return best.entity;
}

/** The entity of a sheet: its name's, else its headers'. */
export function entityOfSheet(name: string, headers: readonly string[]): ImportEntity | null {
  return entityFromSheetName(name) ?? guessEntity(headers);
}
