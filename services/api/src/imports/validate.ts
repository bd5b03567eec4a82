import {
  CONTRACT_STATUSES,
  ContractsCreateSchema,
  DEPOSIT_STATUSES,
  ImportTenantSchema,
  importField,
  isResidentialType,
  PropertiesCreateSchema,
  TRANSACTION_TYPES,
  TransactionsCreateSchema,
  UNIT_STATUSES,
  UNIT_TYPE_LABELS,
  UNIT_TYPE_NAMES,
  UNIT_MESSAGES,
  UnitCreateSchema,
  type ImportEntity,
  type ImportRowError,
  type ImportRowStatus,
  type UnitTypeName,
} from '@arrendia/api-contract';
import { z } from 'zod';
import type { Cell } from './parse';
import { foldText, readBoolean, readChoice, readDate, readDecimal, readMoney, readPostalCode, readText, type Read } from './values';

/**
 * One row of a sheet checked on its own (issue 35): each mapped cell read as its field's kind of
 * value, then the row put through the create form's own zod schema (api-contract), so an imported row
 * obeys the same rules and messages as 'Nueva Propiedad', 'Añadir unidad', 'Nuevo Contrato' or
 * 'Registrar Transacción'. What needs other rows or the account (references, duplicates, overlaps,
 * what already exists) is references.ts's.
 */

/** A value as the preview shows it. */
export type ShownValue = string | number | boolean | null | string[];

/** A record a row names: a row of the same file (created before it), or a record of the account. */
export type RowHandle = { kind: 'file'; row: ParsedRow } | { kind: 'account'; id: number };

/** What a row's references resolved to (imports/references.ts), for the commit to write. */
export interface RowRefs {
  /** A new property's owner. */
  ownerUserId?: number;
  /** A unit's, contract's or balance's property. */
  property?: RowHandle;
  /** A contract's unit. */
  unit?: RowHandle;
  /** A contract's tenants, the primary one first. */
  tenants?: RowHandle[];
  /** A balance's contract. */
  contract?: RowHandle;
}

export interface ParsedRow {
  /** The row's place among all rows of the import (stable while it is checked). */
  index: number;
  sheetIndex: number;
  entity: ImportEntity;
  rowNumber: number;
  cells: Cell[];
  /** What the preview shows of each mapped field. */
  values: Record<string, ShownValue>;
  /** The row as its schema gave it back (null while it has errors of its own), plus the references to resolve. */
  data: Record<string, unknown> | null;
  errors: ImportRowError[];
  status: ImportRowStatus;
  existingId: number | null;
  /** A tenant row of a person the account has invited already and who has not joined: 'existing', with no record of its own. */
  invited?: boolean;
  /** The file's header of each mapped field. */
  columns: Record<string, string>;
  refs: RowRefs;
}

export interface SheetToCheck {
  sheetIndex: number;
  entity: ImportEntity;
  headers: readonly string[];
  mapping: readonly (string | null)[];
  rows: readonly { rowNumber: number; cells: Cell[] }[];
}

type Reader = (cell: Cell) => Read<unknown>;

const UNIT_TYPE_ALIASES: Readonly<Record<string, UnitTypeName>> = {
  ...Object.fromEntries(UNIT_TYPE_NAMES.map((name) => [foldText(UNIT_TYPE_LABELS[name]), name])),
  piso: 'vivienda',
  apartamento: 'vivienda',
  casa: 'vivienda',
  chalet: 'vivienda',
  estudio: 'vivienda',
  'plaza de aparcamiento': 'garaje',
  parking: 'garaje',
  aparcamiento: 'garaje',
  local: 'local',
  despacho: 'oficina',
};

/** How each field's cells are read; a field not listed is text. */
const READERS: Readonly<Record<ImportEntity, Readonly<Record<string, Reader>>>> = {
  properties: { postalCode: readPostalCode, totalAreaM2: readDecimal, buildYear: readDecimal },
  units: {
    unitType: (cell) => readChoice(cell, UNIT_TYPE_NAMES, UNIT_TYPE_ALIASES, UNIT_TYPE_NAMES.map((n) => UNIT_TYPE_LABELS[n])),
    currentStatus: (cell) => readChoice(cell, UNIT_STATUSES),
    baseRentPrice: readMoney,
    areaM2: readDecimal,
    numBedrooms: readDecimal,
    numBathrooms: readDecimal,
    floorLevel: readDecimal,
    isFurnished: readBoolean,
  },
  tenants: {},
  contracts: {
    startDate: readDate,
    endDate: readDate,
    rentAmount: readMoney,
    paymentDay: readDecimal,
    depositAmount: readMoney,
    depositStatus: (cell) => readChoice(cell, DEPOSIT_STATUSES),
    status: (cell) => readChoice(cell, CONTRACT_STATUSES),
    tenants: (cell) => {
      const text = readText(cell);
      if (!('value' in text)) return text;
      const list = text.value
        .split(/[,;|]/)
        .map((s) => s.trim())
        .filter(Boolean);
      if (list.length > 10) return { error: 'Como mucho 10 inquilinos por contrato' };
      return { value: list };
    },
  },
  balances: {
    transactionDate: readDate,
    amount: readMoney,
    type: (cell) => readChoice(cell, TRANSACTION_TYPES, { ingresos: 'Ingreso', gastos: 'Gasto', i: 'Ingreso', g: 'Gasto' }),
  },
};

const spanish = z.locales.es().localeError;
/** Spanish for every message a schema does not word itself (as middlewares/validate.ts). */
const errorMap: z.core.$ZodErrorMap = (issue) => (issue.code === 'invalid_type' && issue.input === undefined ? 'Este campo es obligatorio' : spanish(issue));

const PropertyRowSchema = PropertiesCreateSchema.omit({ ownerUserId: true, managerAgencyId: true, unitType: true });
const OwnerEmailSchema = z.string().trim().toLowerCase().max(255, 'Máximo 255 caracteres').email('Introduce un correo electrónico válido');
const RESIDENTIAL_DETAILS = ['numBedrooms', 'numBathrooms', 'floorLevel', 'isFurnished'] as const;

/** A placeholder id for the schemas' reference fields: what a reference names is checked against the account later. */
const SOME_ID = 1;

interface SchemaRun {
  schema: z.ZodType;
  input: Record<string, unknown>;
  /** The row's field of an issue path (a unit's details are nested). */
  fieldOf: (path: readonly PropertyKey[]) => string;
}

const topField = (path: readonly PropertyKey[]) => String(path[0] ?? 'row');

/** The schema run of a row of `entity` from its read values (`read`: only fields with a value). */
function schemaRun(entity: ImportEntity, read: Record<string, unknown>): SchemaRun {
  switch (entity) {
    case 'properties': {
      const { ownerEmail: _owner, ...input } = read;
      return { schema: PropertyRowSchema, input, fieldOf: topField };
    }
    case 'units': {
      const { property: _property, numBedrooms, numBathrooms, floorLevel, isFurnished, ...rest } = read;
      const details = Object.fromEntries(Object.entries({ numBedrooms, numBathrooms, floorLevel, isFurnished }).filter(([, v]) => v !== undefined));
      const input = Object.keys(details).length ? { ...rest, details } : rest;
      return { schema: UnitCreateSchema, input, fieldOf: (path) => (path[0] === 'details' && path[1] !== undefined ? String(path[1]) : topField(path)) };
    }
    case 'tenants':
      return { schema: ImportTenantSchema, input: read, fieldOf: topField };
    case 'contracts': {
      const { property: _property, unitName: _unit, tenants: _tenants, ...input } = read;
      return { schema: ContractsCreateSchema, input: { ...input, rentableUnitId: SOME_ID }, fieldOf: topField };
    }
    case 'balances': {
      const { property: _property, contractCode: _contract, category: _category, ...input } = read;
      return { schema: TransactionsCreateSchema, input: { ...input, mainPropertyId: SOME_ID, categoryId: SOME_ID }, fieldOf: topField };
    }
  }
}

/** An error of a row on `field`, its message naming the file's column ('Código postal: …'). */
export function rowError(row: Pick<ParsedRow, 'entity' | 'columns'>, field: string, message: string): ImportRowError {
  const column = row.columns[field] ?? importField(row.entity, field)?.label ?? 'Fila';
  return { field, column, message: `${column}: ${message}` };
}

const REQUIRED_REFERENCES: Partial<Record<ImportEntity, Record<string, string>>> = {
  units: { property: 'Indica el inmueble: su referencia catastral o, si no tiene, su nombre' },
  contracts: {
    property: 'Indica el inmueble: su referencia catastral o, si no tiene, su nombre',
    unitName: 'Indica la unidad del inmueble',
  },
  balances: { description: 'El concepto es obligatorio' },
};

/** Every row of every sheet, read and checked on its own; `index` runs on over the sheets. */
export function parseRows(sheets: readonly SheetToCheck[]): ParsedRow[] {
  const out: ParsedRow[] = [];
  for (const sheet of sheets) {
    const columns: Record<string, string> = {};
    sheet.mapping.forEach((field, i) => {
      if (field && columns[field] === undefined) columns[field] = sheet.headers[i] ?? field;
    });
    for (const raw of sheet.rows) out.push(parseRow(sheet, columns, raw.rowNumber, raw.cells, out.length));
  }
  return out;
}

function parseRow(sheet: SheetToCheck, columns: Record<string, string>, rowNumber: number, cells: Cell[], index: number): ParsedRow {
  const { entity } = sheet;
  const row: ParsedRow = { index, sheetIndex: sheet.sheetIndex, entity, rowNumber, cells, values: {}, data: null, errors: [], status: 'valid', existingId: null, columns, refs: {} };
  const read: Record<string, unknown> = {};
  const failed = new Set<string>();

  sheet.mapping.forEach((field, i) => {
    if (!field || !importField(entity, field) || field in row.values) return;
    const cell = cells[i] ?? null;
    const result = (READERS[entity][field] ?? readText)(cell);
    if ('error' in result) {
      row.errors.push(rowError(row, field, result.error));
      row.values[field] = cell;
      failed.add(field);
    } else if ('value' in result) {
      read[field] = result.value;
      row.values[field] = result.value as ShownValue;
    } else {
      row.values[field] = null;
    }
  });

  for (const [field, message] of Object.entries(REQUIRED_REFERENCES[entity] ?? {})) {
    if (read[field] === undefined && !failed.has(field)) {
      row.errors.push(rowError(row, field, message));
      failed.add(field);
    }
  }
  if (entity === 'properties' && typeof read.ownerEmail === 'string') {
    const email = OwnerEmailSchema.safeParse(read.ownerEmail, { error: errorMap });
    if (email.success) read.ownerEmail = email.data;
    else row.errors.push(rowError(row, 'ownerEmail', email.error.issues[0]!.message));
  }
  if (entity === 'units' && typeof read.unitType === 'string' && !isResidentialType(read.unitType)) {
    for (const field of RESIDENTIAL_DETAILS) {
      if (read[field] !== undefined) row.errors.push(rowError(row, field, UNIT_MESSAGES.detailsNotResidential));
      failed.add(field);
    }
  }

  const run = schemaRun(entity, read);
  const parsed = run.schema.safeParse(run.input, { error: errorMap });
  if (parsed.success) {
    const output = parsed.data as Record<string, unknown>;
    // The schema's normal form (NIF upper-case, IBAN and phone without spaces, trimmed text) is what the preview shows.
    // Amounts stay as read ('1234.50'), not as the schema's float.
    const shown = (source: object) => {
      for (const [field, value] of Object.entries(source)) if (field in row.values && typeof value === 'string') row.values[field] = value;
    };
    shown(output);
    if (entity === 'units' && output.details) shown(output.details as object);
    row.data = { ...read, ...output };
  } else {
    const seen = new Set(failed);
    for (const issue of parsed.error.issues) {
      const field = run.fieldOf(issue.path);
      if (seen.has(field)) continue;
      seen.add(field);
      row.errors.push(rowError(row, field, issue.message));
    }
  }
  if (row.errors.length) {
    row.status = 'invalid';
    row.data = null;
  }
  return row;
}
