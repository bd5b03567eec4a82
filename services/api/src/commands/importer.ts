import {
  IMPORT_FIELDS,
  IMPORT_MESSAGES,
  IMPORT_SHEET_NAMES,
  importField,
  type ImportCounts,
  type ImportCreateFields,
  type ImportEntity,
  type ImportMappingPutData,
} from '@arrendia/api-contract';
import { normalizeRefCatastral } from '@arrendia/locale-es';
import { canonicalRole } from '@arrendia/permissions';
import type { Knex } from 'knex';
import { audit } from '../audit';
import { conflict, forbidden, validationError } from '../errors';
import { entityOfSheet, guessEntity, guessMapping } from '../imports/mapping';
import { detectFileType, readCsv, readXlsx, type Cell, type RawSheet } from '../imports/parse';
import { checkReferences, codeKeyOf } from '../imports/references';
import { parseRows, type ParsedRow } from '../imports/validate';
import { User } from '../models/User';
import { findImport, importRows, loadImportAccount, type ImportKeys, type StoredSheet } from '../queries/imports';

/**
 * The preview half of a spreadsheet import (issue 35, point 1): the file read into sheets, each
 * sheet's entity and column mapping guessed, every row checked on its own and against the account,
 * all of it stored as an `imports` row with its `import_rows` (the cells too, so a corrected mapping
 * needs no file) and audited. Nothing of the portfolio is written here.
 */

const fieldError = (field: string, message: string) => validationError(message, { [field]: message });

const ACCOUNT_ROLES = ['propietario_individual', 'admin_agencia'] as const;

/** An active user with its role, or null. */
async function activeUser(trx: Knex.Transaction, id: number): Promise<User | null> {
  const user = await User.query(trx).findById(id).withGraphFetched('role');
  return user && user.isActive ? user : null;
}

/**
 * Whose account the rows go to: the owner's or agency manager's own; for the super admin the owner
 * or agency manager `forUserId` names, or the active manager of the active agency `agencyId` names
 * (one of them, required). Anyone else naming an account is refused (400 on the field).
 */
export async function resolveImportAccount(trx: Knex.Transaction, user: User, fields: Pick<ImportCreateFields, 'forUserId' | 'agencyId'>): Promise<User> {
  const role = canonicalRole(user.role?.roleName);
  if (role !== 'super_admin') {
    if (fields.forUserId !== undefined && fields.forUserId !== user.id) throw fieldError('forUserId', IMPORT_MESSAGES.forOtherAccount);
    if (fields.agencyId !== undefined && (role !== 'admin_agencia' || fields.agencyId !== user.agencyId)) throw fieldError('agencyId', IMPORT_MESSAGES.forOtherAccount);
    if (role === 'admin_agencia' && user.agencyId === null) throw forbidden(IMPORT_MESSAGES.noAgency);
    if (role !== 'propietario_individual' && role !== 'admin_agencia') throw forbidden();
    return user;
  }
  if (fields.forUserId !== undefined && fields.agencyId !== undefined) throw fieldError('forUserId', IMPORT_MESSAGES.accountBoth);
  if (fields.forUserId !== undefined) {
    const target = await activeUser(trx, fields.forUserId);
    const targetRole = canonicalRole(target?.role?.roleName);
    if (!target || !(ACCOUNT_ROLES as readonly string[]).includes(targetRole ?? '') || (targetRole === 'admin_agencia' && target.agencyId === null)) {
      throw fieldError('forUserId', IMPORT_MESSAGES.notAnAccount);
    }
    return target;
  }
  if (fields.agencyId !== undefined) {
    const manager = await trx('users')
      .join('roles', 'roles.id', 'users.roleId')
      .join('agencies', 'agencies.id', 'users.agencyId')
      .where({ 'users.agencyId': fields.agencyId, 'users.isActive': true, 'roles.roleName': 'admin_agencia', 'agencies.isActive': true })
      .orderBy('users.id')
      .first('users.id');
    const target = manager ? await activeUser(trx, manager.id) : null;
    if (!target) throw fieldError('agencyId', IMPORT_MESSAGES.noAgencyManager);
    return target;
  }
  throw fieldError('forUserId', IMPORT_MESSAGES.accountRequired);
}

/** A sheet as stored, with its rows as read. */
export interface SheetWithRows extends StoredSheet {
  rows: RawSheet['rows'];
}

/** The sheets of a file: a CSV is one sheet of `entity` (or the entity its headers suggest); an XLSX's sheets say theirs. */
async function readSheets(bytes: Buffer, fileName: string, entity: ImportEntity | undefined): Promise<{ fileType: 'csv' | 'xlsx'; sheets: SheetWithRows[] }> {
  const fileType = detectFileType(bytes);
  if (fileType === 'csv') {
    const { sheet } = readCsv(bytes, fileName.replace(/\.[^.]*$/, '') || 'CSV');
    const sheetEntity = entity ?? guessEntity(sheet.headers);
    if (!sheetEntity) throw fieldError('entity', IMPORT_MESSAGES.unknownEntity);
    return { fileType, sheets: [withMapping(sheet, sheetEntity)] };
  }
  const raw = await readXlsx(bytes);
  if (!raw.length) throw fieldError('file', IMPORT_MESSAGES.noHeader);
  const sheets = raw.map((sheet) => withMapping(sheet, entityOfSheet(sheet.name, sheet.headers)));
  if (!sheets.some((s) => s.entity)) throw fieldError('file', IMPORT_MESSAGES.noSheet);
  return { fileType, sheets };
}

function withMapping(sheet: RawSheet, entity: ImportEntity | null): SheetWithRows {
  return { name: sheet.name, entity, headers: sheet.headers, mapping: entity ? guessMapping(entity, sheet.headers) : sheet.headers.map(() => null), rows: sheet.rows };
}

/** What the user should know about the file as a whole: sheets not recognized, required columns missing. */
export function noticesOf(sheets: readonly StoredSheet[]): string[] {
  const notices: string[] = [];
  for (const sheet of sheets) {
    if (!sheet.entity) {
      notices.push(`La hoja «${sheet.name}» no se ha reconocido y no se importará: indica qué contiene o nómbrala como en la plantilla (${Object.values(IMPORT_SHEET_NAMES).join(', ')})`);
      continue;
    }
    const mapped = new Set(sheet.mapping);
    for (const field of IMPORT_FIELDS[sheet.entity]) {
      if (field.required && !mapped.has(field.field)) notices.push(`Falta la columna obligatoria «${field.label}» en la hoja «${sheet.name}»: asígnala a una columna del archivo`);
    }
  }
  return notices;
}

/** The keys of the rows the account lookups need (queries/imports.ts). */
function keysOf(rows: readonly ParsedRow[]): ImportKeys {
  const keys: ImportKeys = { refCatastral: [], contractCodes: [], tenantEmails: [], ownerEmails: [], balanceDates: [] };
  const text = (row: ParsedRow, field: string) => (typeof row.values[field] === 'string' ? (row.values[field] as string).trim() : '');
  for (const row of rows) {
    if (row.entity === 'properties') {
      if (text(row, 'refCatastral')) keys.refCatastral.push(normalizeRefCatastral(text(row, 'refCatastral')));
      if (text(row, 'ownerEmail')) keys.ownerEmails.push(text(row, 'ownerEmail').toLowerCase());
    }
    if (row.entity === 'contracts' && text(row, 'contractCode')) keys.contractCodes.push(codeKeyOf(text(row, 'contractCode')));
    if (row.entity === 'tenants' && text(row, 'email')) keys.tenantEmails.push(text(row, 'email').toLowerCase());
    if (row.entity === 'balances' && /^\d{4}-\d{2}-\d{2}$/.test(text(row, 'transactionDate'))) keys.balanceDates.push(text(row, 'transactionDate'));
  }
  return keys;
}

/** Every row of the recognized sheets checked on its own and against the account `acting` holds. */
export async function checkSheets(trx: Knex | Knex.Transaction, acting: User, sheets: readonly { entity: ImportEntity | null; headers: string[]; mapping: (string | null)[]; rows: { rowNumber: number; cells: Cell[] }[] }[]): Promise<ParsedRow[]> {
  const toCheck = sheets.flatMap((sheet, sheetIndex) => (sheet.entity ? [{ sheetIndex, entity: sheet.entity, headers: sheet.headers, mapping: sheet.mapping, rows: sheet.rows }] : []));
  const parsed = parseRows(toCheck);
  const account = await loadImportAccount(trx, acting, keysOf(parsed));
  return checkReferences(parsed, account);
}

export function countsOf(rows: readonly { status: string }[]): ImportCounts {
  const counts: ImportCounts = { total: 0, valid: 0, existing: 0, invalid: 0 };
  for (const row of rows) {
    if (row.status !== 'valid' && row.status !== 'existing' && row.status !== 'invalid') continue;
    counts.total += 1;
    counts[row.status] += 1;
  }
  return counts;
}

/** Writes the rows of an import: the checked ones, and those of sheets not recognized as 'ignored'. */
async function insertRows(trx: Knex.Transaction, importId: number, sheets: readonly SheetWithRows[], checked: readonly ParsedRow[]): Promise<void> {
  const records = [
    ...checked.map((row) => ({
      importId,
      sheetIndex: row.sheetIndex,
      entity: row.entity,
      rowNumber: row.rowNumber,
      cells: JSON.stringify(row.cells),
      values: JSON.stringify(row.values),
      errors: JSON.stringify(row.errors),
      status: row.status,
      existingId: row.existingId,
    })),
    ...sheets.flatMap((sheet, sheetIndex) =>
      sheet.entity
        ? []
        : sheet.rows.map((row) => ({ importId, sheetIndex, entity: null, rowNumber: row.rowNumber, cells: JSON.stringify(row.cells), values: '{}', errors: '[]', status: 'ignored', existingId: null })),
    ),
  ];
  for (let i = 0; i < records.length; i += 1000) await trx('import_rows').insert(records.slice(i, i + 1000));
}

const stored = (sheets: readonly SheetWithRows[]): StoredSheet[] => sheets.map(({ name, entity, headers, mapping }) => ({ name, entity, headers, mapping }));

/** The account user of a stored import, with its role. */
export const importAccountUser = (db: Knex | Knex.Transaction, id: number) => User.query(db).findById(id).withGraphFetched('role').throwIfNotFound();

/** The sheets of a stored import with the rows read back from their stored cells. */
export async function storedSheets(db: Knex | Knex.Transaction, importId: number, sheets: readonly StoredSheet[]): Promise<SheetWithRows[]> {
  const cellsBySheet = new Map<number, { rowNumber: number; cells: Cell[] }[]>();
  for (const row of await importRows(db, importId, { withCells: true })) {
    const list = cellsBySheet.get(row.sheetIndex) ?? [];
    list.push({ rowNumber: row.rowNumber, cells: row.cells });
    cellsBySheet.set(row.sheetIndex, list);
  }
  return sheets.map((sheet, i) => ({ ...sheet, rows: cellsBySheet.get(i) ?? [] }));
}

export interface ImportUpload {
  bytes: Buffer;
  fileName: string;
  fields: ImportCreateFields;
}

/**
 * POST /api/imports: reads the file, checks its rows and stores the preview; returns its id.
 * A file that cannot be read is a 400 (413 past the limits) and stores nothing.
 */
export async function createImportPreview(trx: Knex.Transaction, user: User, upload: ImportUpload): Promise<number> {
  const acting = await resolveImportAccount(trx, user, upload.fields);
  // Control characters (a NUL above all, which PostgreSQL text refuses) leave the name here.
  // eslint-disable-next-line no-control-regex
  const fileName = upload.fileName.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255) || 'archivo';
  const { fileType, sheets } = await readSheets(upload.bytes, fileName, upload.fields.entity);
  if (!sheets.some((s) => s.entity && s.rows.length)) throw fieldError('file', IMPORT_MESSAGES.noRows);

  const checked = await checkSheets(trx, acting, sheets);
  const counts = countsOf(checked);
  const notices = noticesOf(sheets);
  const [{ id }] = await trx('imports')
    .insert({
      userId: user.id,
      forUserId: acting.id,
      agencyId: canonicalRole(acting.role?.roleName) === 'admin_agencia' ? acting.agencyId : null,
      fileName,
      fileType,
      status: 'preview',
      sheets: JSON.stringify(stored(sheets)),
      counts: JSON.stringify(counts),
      notices: JSON.stringify(notices),
    })
    .returning('id');
  await insertRows(trx, id, sheets, checked);
  await audit(trx, {
    userId: user.id,
    action: 'create',
    tableName: 'imports',
    recordId: id,
    newValues: { fileName, fileType, forUserId: acting.id, sheets: sheets.map((s) => ({ name: s.name, entity: s.entity, rows: s.rows.length })), counts },
  });
  return id;
}

/**
 * PUT /api/imports/:id/mapping: the sheets named get the entity and mapping the user chose, and every
 * row is checked again from its stored cells. Only while the import is a preview (409 after).
 */
export async function remapImport(trx: Knex.Transaction, user: User, importId: number, input: ImportMappingPutData): Promise<void> {
  const record = await findImport(trx, user, importId, { lock: true });
  if (record.status !== 'preview') throw conflict(IMPORT_MESSAGES.notPreview);
  const sheets = record.sheets.map((s) => ({ ...s }));
  input.sheets.forEach((change, i) => {
    const sheet = sheets.find((s) => s.name === change.name);
    if (!sheet) throw fieldError(`sheets.${i}.name`, IMPORT_MESSAGES.unknownSheet);
    if (change.mapping.length !== sheet.headers.length) throw fieldError(`sheets.${i}.mapping`, IMPORT_MESSAGES.mappingLength);
    const seen = new Set<string>();
    change.mapping.forEach((field, column) => {
      if (field === null) return;
      if (!importField(change.entity, field)) throw fieldError(`sheets.${i}.mapping.${column}`, IMPORT_MESSAGES.unknownField);
      if (seen.has(field)) throw fieldError(`sheets.${i}.mapping.${column}`, IMPORT_MESSAGES.repeatedField);
      seen.add(field);
    });
    sheet.entity = change.entity;
    sheet.mapping = [...change.mapping];
  });

  const acting = await importAccountUser(trx, record.forUserId);
  const withRows = await storedSheets(trx, importId, sheets);
  const checked = await checkSheets(trx, acting, withRows);
  const counts = countsOf(checked);

  await trx('import_rows').where({ importId }).delete();
  await insertRows(trx, importId, withRows, checked);
  await trx('imports')
    .where({ id: importId })
    .update({ sheets: JSON.stringify(sheets), counts: JSON.stringify(counts), notices: JSON.stringify(noticesOf(sheets)), updatedAt: trx.fn.now() });
  await audit(trx, {
    userId: user.id,
    action: 'update',
    tableName: 'imports',
    recordId: importId,
    oldValues: { sheets: record.sheets.map((s) => ({ name: s.name, entity: s.entity, mapping: s.mapping })), counts: record.counts },
    newValues: { sheets: sheets.map((s) => ({ name: s.name, entity: s.entity, mapping: s.mapping })), counts },
  });
}
