import { z } from 'zod';
import { clearable, IdSchema, IbanSchema, listQuerySchema, NifCifSchema, optionalFilter, optionalText, requiredText, SpanishPhoneSchema } from './common';

/**
 * Importing an existing portfolio from a spreadsheet (issue 35, point 1).
 *
 * - `GET /api/imports/templates/:entity.csv` (entity one of IMPORT_ENTITIES): a template, `;`-separated,
 *   UTF-8 with BOM, Spanish headers (the labels below) and one example row;
 *   `GET /api/imports/templates/plantilla.xlsx`: one sheet per entity, named as IMPORT_SHEET_NAMES.
 * - `POST /api/imports` (multipart: `file`, and the text fields of ImportCreateFieldsSchema) reads a CSV
 *   (`;` or `,`, UTF-8 with or without BOM, or Windows-1252) or an XLSX (one entity per sheet), guesses
 *   the column mapping from the headers and answers 201 with the preview (ImportSchema): every row with
 *   its parsed values and its errors in Spanish. Nothing but the preview itself is written.
 * - `PUT /api/imports/:id/mapping` (ImportMappingPutSchema): the user's corrected mapping (and entity)
 *   of some sheets; answers 200 with the new preview, the rows read again from the stored cells.
 * - `GET /api/imports` (ImportsListQuerySchema): the user's own imports, newest first, one page
 *   (X-Total-Count), each as ImportSummarySchema (no rows): 'Importaciones recientes'.
 * - `GET /api/imports/:id`: the preview again (with its progress and report once committed), only for
 *   whoever made it and the super admin.
 * - `POST /api/imports/:id/commit` (no body): 202, the import 'importing'; a job writes the valid rows,
 *   checked again against the account as it is then, in batches of IMPORT_BATCH_ROWS rows of one
 *   entity, each batch in one transaction, and tells the importer's tabs after each one
 *   (live event 'import.progress'). It ends 'done' with its report (ImportReportSchema), 'cancelled'
 *   or 'failed'. Rows the account already has are skipped: importing a file again creates nothing.
 * - `POST /api/imports/:id/cancel` (no body): 200, the import 'cancelled'; a running job stops before
 *   its next batch (the batches written stay, whole; none is half-written).
 */

/** What one CSV, or one sheet of an XLSX, holds; an XLSX is read in this order. */
export const IMPORT_ENTITIES = ['properties', 'units', 'tenants', 'contracts', 'balances'] as const;
export type ImportEntity = (typeof IMPORT_ENTITIES)[number];

/** The Spanish name of each entity: the template's sheet names, and how the screens name them. */
export const IMPORT_SHEET_NAMES: Readonly<Record<ImportEntity, string>> = {
  properties: 'Inmuebles',
  units: 'Unidades',
  tenants: 'Inquilinos',
  contracts: 'Contratos',
  balances: 'Saldos',
};

export const IMPORT_STATUSES = ['preview', 'importing', 'done', 'cancelled', 'failed'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];

/**
 * A row of the preview: 'valid' is created by the import, 'existing' is already in the account (its
 * natural key: referencia catastral or name, property and unit name, NIF or email, contract code) and
 * is skipped, 'invalid' has errors and is not imported; 'created' is a valid row the commit wrote.
 */
export const IMPORT_ROW_STATUSES = ['valid', 'existing', 'invalid', 'created'] as const;
export type ImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** At most 10 MB per file (413 beyond) and 20.000 data rows in all its sheets (413 beyond). */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
/** Rows written per transaction by the commit. */
export const IMPORT_BATCH_ROWS = 500;
/**
 * An import 'importing' that has not written a batch for this long has lost its job (its process
 * stopped): it ends 'failed' with IMPORT_MESSAGES.interrupted. A batch takes seconds.
 */
export const IMPORT_STALE_MINUTES = 10;

/** At most this many columns per sheet and sheets per workbook. */
export const IMPORT_MAX_COLUMNS = 100;
export const IMPORT_MAX_SHEETS = 20;

/** One column the importer knows: its field, the template's header, whether a row needs it, the template's example. */
export interface ImportField {
  field: string;
  label: string;
  required: boolean;
  example: string;
}

const f = (field: string, label: string, example: string, required = false): ImportField => ({ field, label, required, example });

/**
 * The columns of each entity, in template order. A property, unit or balance names its property in
 * `property` by its referencia catastral or, when it has none, its name; a contract names its tenants
 * in `tenants` by NIF/NIE or email (several separated by commas).
 */
export const IMPORT_FIELDS: Readonly<Record<ImportEntity, readonly ImportField[]>> = {
  properties: [
    f('propertyName', 'Nombre', 'Piso Calle Mayor 3', true),
    f('addressStreet', 'Calle', 'Calle Mayor', true),
    f('addressNumber', 'Número', '3'),
    f('addressDetails', 'Piso y puerta', '2º B'),
    f('city', 'Ciudad', 'Madrid', true),
    f('province', 'Provincia', 'Madrid', true),
    f('postalCode', 'Código postal', '28013', true),
    f('country', 'País', 'España'),
    f('refCatastral', 'Referencia catastral', '9872023VH5797S0001WX'),
    f('totalAreaM2', 'Superficie (m²)', '85,50'),
    f('buildYear', 'Año de construcción', '1975'),
    // Only an agency fills it in (the owner of each property, one of its portfolio): empty in the example.
    f('ownerEmail', 'Email del propietario', ''),
    f('notes', 'Notas', 'Reformado en 2020'),
  ],
  units: [
    f('property', 'Inmueble', '9872023VH5797S0001WX', true),
    f('unitName', 'Unidad', 'Piso 2º B', true),
    f('unitType', 'Tipo', 'Vivienda completa', true),
    f('currentStatus', 'Estado', 'Disponible'),
    f('baseRentPrice', 'Renta base', '850,00'),
    f('areaM2', 'Superficie (m²)', '70'),
    f('numBedrooms', 'Dormitorios', '2'),
    f('numBathrooms', 'Baños', '1'),
    f('floorLevel', 'Planta', '2'),
    f('isFurnished', 'Amueblado', 'Sí'),
    f('description', 'Descripción', 'Exterior, con balcón'),
  ],
  tenants: [
    f('firstName', 'Nombre', 'Lucía', true),
    f('lastName', 'Apellidos', 'Martín Pérez', true),
    f('email', 'Email', 'lucia.martin@ejemplo.es', true),
    f('nifCif', 'NIF/NIE', '12345678Z'),
    f('telefono', 'Teléfono', '612345678'),
    f('ibanBancaria', 'IBAN', 'ES91 2100 0418 4502 0005 1332'),
    f('direccionFiscal', 'Dirección fiscal', 'Calle Mayor 3, 28013 Madrid'),
  ],
  contracts: [
    f('contractCode', 'Código del contrato', 'CTR-2024-001', true),
    f('property', 'Inmueble', '9872023VH5797S0001WX', true),
    f('unitName', 'Unidad', 'Piso 2º B', true),
    f('tenants', 'Inquilinos (NIF o email)', '12345678Z'),
    f('startDate', 'Fecha de inicio', '01/03/2024', true),
    f('endDate', 'Fecha de fin', '28/02/2029'),
    f('rentAmount', 'Renta mensual', '850,00', true),
    f('paymentDay', 'Día de pago', '5'),
    f('depositAmount', 'Fianza', '850,00'),
    f('depositStatus', 'Estado de la fianza', 'Recibida'),
    f('status', 'Estado', 'Activo'),
    f('terminationReason', 'Motivo de finalización', ''),
    f('notes', 'Notas', ''),
  ],
  balances: [
    f('property', 'Inmueble', '9872023VH5797S0001WX'),
    f('contractCode', 'Código del contrato', 'CTR-2024-001'),
    f('transactionDate', 'Fecha', '31/12/2024', true),
    f('description', 'Concepto', 'Saldo inicial', true),
    f('amount', 'Importe', '1.250,00', true),
    f('type', 'Tipo', 'Ingreso', true),
    f('category', 'Categoría', 'Otros ingresos'),
  ],
};

/** The field of an entity by name. */
export const importField = (entity: ImportEntity, field: string): ImportField | undefined => IMPORT_FIELDS[entity].find((x) => x.field === field);

/**
 * A tenant row: a person the contracts of the account name. Its email is its account's (required);
 * NIF/NIE, phone and IBAN are checked as the profile form checks them.
 */
export const ImportTenantSchema = z.object({
  firstName: requiredText(100, 'El nombre es obligatorio'),
  lastName: requiredText(100, 'Los apellidos son obligatorios'),
  email: z
    .string({ error: 'El email es obligatorio' })
    .trim()
    .toLowerCase()
    .min(1, 'El email es obligatorio')
    .max(255, 'Máximo 255 caracteres')
    .email('Introduce un correo electrónico válido'),
  nifCif: clearable(NifCifSchema),
  telefono: clearable(SpanishPhoneSchema),
  ibanBancaria: clearable(IbanSchema),
  direccionFiscal: optionalText(255),
});
export type ImportTenantData = z.output<typeof ImportTenantSchema>;

const entityField = z.enum(IMPORT_ENTITIES, { error: 'Indica qué contiene el archivo: inmuebles, unidades, inquilinos, contratos o saldos' });

/**
 * The text fields of `POST /api/imports`: `entity` for a CSV (guessed from its headers when absent;
 * ignored for an XLSX, whose sheets say it), and for the super admin the account it imports for:
 * `forUserId` (an owner or an agency manager) or `agencyId` (that agency).
 */
export const ImportCreateFieldsSchema = z
  .object({
    entity: z.preprocess((v) => (v === '' ? undefined : v), entityField.optional()),
    forUserId: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
    agencyId: z.preprocess((v) => (v === '' ? undefined : v), IdSchema.optional()),
  })
  .strict();
export type ImportCreateFields = z.output<typeof ImportCreateFieldsSchema>;

/** A field name of some entity, or null for a column left out. */
const mappedField = z.string().max(50).nullable();

/**
 * `PUT /api/imports/:id/mapping`: for each sheet named, its entity and the field of each of its
 * columns, in the order of its `headers` (null: the column is ignored). Sheets not named keep theirs.
 */
export const ImportMappingPutSchema = z
  .object({
    sheets: z
      .array(
        z
          .object({
            name: z.string({ error: 'Indica la hoja' }).max(255),
            entity: entityField,
            mapping: z.array(mappedField).max(IMPORT_MAX_COLUMNS),
          })
          .strict(),
        { error: 'Indica la asignación de columnas de cada hoja' },
      )
      .min(1, 'Indica la asignación de columnas de alguna hoja')
      .max(IMPORT_MAX_SHEETS),
  })
  .strict();
export type ImportMappingPutData = z.output<typeof ImportMappingPutSchema>;

/** The `:id` of an import path. */
export const ImportParamsSchema = z.object({ id: IdSchema });

/** The `:entity` of a template path (`properties.csv`). */
export const ImportTemplateParamsSchema = z.object({ entity: z.enum(IMPORT_ENTITIES, { error: 'No hay plantilla de ese tipo' }) });

/** A cell's value as the preview shows it: parsed (money and dates as text) or, when it could not be, as written. */
const cellValue = z.union([z.string(), z.number(), z.boolean(), z.null(), z.array(z.string())]);

export const ImportRowErrorSchema = z.object({
  /** The field, or 'row' for a problem of the whole row. */
  field: z.string(),
  /** The file's column header (or the field's label when the file has no such column). */
  column: z.string(),
  /** In Spanish, naming the column: 'Código postal: El código postal debe tener 5 cifras…'. */
  message: z.string(),
});
export type ImportRowError = z.infer<typeof ImportRowErrorSchema>;

export const ImportRowSchema = z.object({
  id: z.number().int(),
  sheet: z.string(),
  entity: z.enum(IMPORT_ENTITIES),
  /** The row's number as the spreadsheet shows it (the header is row 1). */
  rowNumber: z.number().int(),
  status: z.enum(IMPORT_ROW_STATUSES),
  values: z.record(z.string(), cellValue),
  errors: z.array(ImportRowErrorSchema),
  /** The record already in the account, for an 'existing' row. */
  existingId: z.number().int().nullable(),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;

export const ImportCountsSchema = z.object({ total: z.number().int(), valid: z.number().int(), existing: z.number().int(), invalid: z.number().int(), created: z.number().int().optional() });
export type ImportCounts = z.infer<typeof ImportCountsSchema>;

export const ImportSheetSchema = z.object({
  name: z.string(),
  /** What the sheet holds; null when it could not be told (its rows are not read: see `notices`). */
  entity: z.enum(IMPORT_ENTITIES).nullable(),
  headers: z.array(z.string()),
  /** The field of each column (same order as `headers`), null when ignored. */
  mapping: z.array(z.string().nullable()),
  counts: ImportCountsSchema,
});
export type ImportSheet = z.infer<typeof ImportSheetSchema>;

const perEntity = z.object({ properties: z.number().int(), units: z.number().int(), tenants: z.number().int(), contracts: z.number().int(), balances: z.number().int() });

/** What a commit did: records created and rows skipped per entity (already in the account, or with errors), and why it stopped early. */
export const ImportReportSchema = z.object({
  created: perEntity,
  existing: perEntity,
  invalid: perEntity,
  /** The Spanish reason a commit ended without writing every valid row ('Importación cancelada…'), or null. */
  stoppedBecause: z.string().nullable(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/** The preview of an import (and, from the commit on, its state). */
export const ImportSchema = z.object({
  id: z.number().int(),
  status: z.enum(IMPORT_STATUSES),
  fileName: z.string(),
  fileType: z.enum(['csv', 'xlsx']),
  /** Whose account the rows go to: the owner or agency manager (the importer itself, or the one the super admin named). */
  account: z.object({ userId: z.number().int(), agencyId: z.number().int().nullable() }),
  sheets: z.array(ImportSheetSchema),
  counts: ImportCountsSchema,
  /** Problems of the file rather than of a row ('La hoja «Notas» no se ha reconocido…'). */
  notices: z.array(z.string()),
  rows: z.array(ImportRowSchema),
  /** Valid rows the commit has written so far, of `toWrite`. */
  progress: z.object({ written: z.number().int(), toWrite: z.number().int() }),
  report: ImportReportSchema.nullable(),
  finishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Import = z.infer<typeof ImportSchema>;

/** An import in the list of the user's imports: its state and figures, without its sheets and rows. */
export const ImportSummarySchema = ImportSchema.omit({ sheets: true, rows: true, notices: true });
export type ImportSummary = z.infer<typeof ImportSummarySchema>;

/** GET /api/imports: the user's own imports, newest first unless sorted; `status` filters. */
export const IMPORT_SORTS = ['createdAt'] as const;
export const ImportsListQuerySchema = listQuerySchema(IMPORT_SORTS, {
  status: optionalFilter(z.enum(IMPORT_STATUSES, { error: 'Estado de importación no válido' })),
});

/** The Spanish refusals of a file (400 unless said otherwise). */
export const IMPORT_MESSAGES = {
  noFile: 'Elige un archivo CSV o XLSX',
  empty: 'El archivo está vacío',
  tooLarge: 'El archivo es demasiado grande (máximo 10 MB)',
  tooManyRows: `El archivo tiene demasiadas filas (máximo ${IMPORT_MAX_ROWS.toLocaleString('es-ES')})`,
  tooManyColumns: `Una hoja tiene demasiadas columnas (máximo ${IMPORT_MAX_COLUMNS})`,
  tooManySheets: `El libro tiene demasiadas hojas (máximo ${IMPORT_MAX_SHEETS})`,
  wrongType: 'Tipo de archivo no admitido: sube un CSV o un XLSX',
  oldExcel: 'Los libros .xls antiguos no se admiten: guárdalo como .xlsx o como CSV',
  unreadableXlsx: 'No se ha podido leer el libro XLSX: puede estar dañado o protegido con contraseña',
  noHeader: 'El archivo no tiene fila de encabezados',
  noRows: 'El archivo no tiene filas de datos debajo de los encabezados',
  unknownEntity: 'No se ha reconocido qué contiene el archivo: indica si son inmuebles, unidades, inquilinos, contratos o saldos',
  noSheet: 'Ninguna hoja del libro se ha reconocido: nómbralas Inmuebles, Unidades, Inquilinos, Contratos o Saldos, o usa la plantilla',
  forOtherAccount: 'Solo el superadministrador importa datos para otra cuenta',
  accountRequired: 'Indica para qué propietario (forUserId) o agencia (agencyId) importas',
  accountBoth: 'Indica un propietario o una agencia, no los dos',
  notAnAccount: 'Elige un propietario individual o un gestor de agencia activo',
  noAgencyManager: 'Esa agencia no existe, no está activa o no tiene un gestor activo',
  noAgency: 'No perteneces a ninguna agencia: no puedes importar datos',
  notFound: 'No se ha encontrado la importación',
  notPreview: 'Esta importación ya no está en vista previa: su asignación de columnas no se puede cambiar',
  unknownSheet: 'El archivo no tiene ninguna hoja con ese nombre',
  unknownField: 'Ese campo no existe para este tipo de datos',
  repeatedField: 'Dos columnas no pueden ir al mismo campo',
  mappingLength: 'Indica un campo (o ninguno) para cada columna de la hoja',
  notCommittable: 'Esta importación ya se ha lanzado o se ha cancelado',
  notCancellable: 'Esta importación ya ha terminado: no se puede cancelar',
  cancelled: 'Importación cancelada: las filas ya escritas se quedan, las demás no se han importado',
  failed: 'La importación se ha detenido por un error inesperado: las filas ya escritas se quedan, las demás no se han importado',
  interrupted:
    'La importación se interrumpió al reiniciarse el servidor: las filas ya escritas se quedan. Sube el archivo de nuevo para importar el resto; las filas ya importadas se saltarán',
} as const;
