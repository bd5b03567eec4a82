import { DUPLICATE_REF_CATASTRAL, type ImportEntity, UNIT_MESSAGES } from '@arrendia/api-contract';
import { formatDate, isValidNifCif, isValidRefCatastral, normalizeNifCif, normalizeRefCatastral } from '@arrendia/locale-es';
import { rowError, type ParsedRow, type RowHandle } from './validate';
import { foldText } from './values';

/**
 * The checks of a row against the other rows of the file and the account it is imported into
 * (issue 35): what a row names (property, unit, tenants, contract, category) must be in the file or
 * in the account, a natural key twice in the file is a duplicate, a contract must not overlap another
 * of its unit, and a row whose record the account already has is 'existing' (skipped: importing the
 * same file again creates nothing). Only rows the user may manage count as the account's: a property
 * of someone else is as unknown as one that does not exist.
 */

/** What the account holds, and what of the file's keys the rest of the platform holds (queries/imports.ts). */
export interface ImportAccount {
  /** 'owner': an owner's own account; 'agency': an agency's (each property needs its owner's email). */
  kind: 'owner' | 'agency';
  /** The owner's email ('owner' kind): the only owner its properties may name. */
  ownerEmail: string | null;
  properties: readonly { id: number; propertyName: string; refCatastral: string | null; isArchived: boolean; ownerUserId: number }[];
  units: readonly { id: number; mainPropertyId: number; unitName: string; isActive: boolean }[];
  contracts: readonly { id: number; contractCode: string; rentableUnitId: number; mainPropertyId: number; startDate: string; endDate: string | null; status: string }[];
  tenants: readonly { id: number; email: string; nifCif: string | null }[];
  categories: readonly { id: number; categoryName: string; isExpense: boolean }[];
  /** The file's referencias catastrales that name a property outside the account. */
  foreignRefCatastral: ReadonlySet<string>;
  /** The file's contract codes that a contract outside the account has. */
  foreignContractCodes: ReadonlySet<string>;
  /** The file's tenant emails (lower case) of accounts that are not tenants of the account. */
  foreignEmails: ReadonlySet<string>;
  /** The file's tenant emails (lower case) already invited to one of the account's contracts, not joined yet. */
  invitedEmails: ReadonlySet<string>;
  /** The owners an agency may import properties for, by email (lower case) → user id. */
  ownersByEmail: ReadonlyMap<string, number>;
  /** Per owner: its plan's property limit (null: none), how many active properties it has, the plan's name. */
  propertyLimits: ReadonlyMap<number, { limit: number | null; used: number; planName: string }>;
  /** The account's movements on the file's dates, by their key (balanceKey). */
  balances: ReadonlyMap<string, number>;
}

/** The natural key of an opening balance: where, when, what and how much. */
export const balanceKey = (propertyId: number, contractId: number | null, date: string, description: string, amount: string, type: string) =>
  [propertyId, contractId ?? '', date, foldText(description), amount, type].join('|');

/** A contract code as compared: trimmed, lower case (as queries/imports.ts looks codes up). */
export const codeKeyOf = (code: string) => code.trim().toLowerCase();

type Handle = RowHandle;
const handleKey = (h: Handle) => (h.kind === 'file' ? `f${h.row.index}` : `a${h.id}`);

/** A reference that failed, with its Spanish message. */
type Lookup<T> = { found: T } | { error: string };

const rowRef = (row: ParsedRow) => `la fila ${row.rowNumber}`;

class Registry<T> {
  private readonly map = new Map<string, T>();
  get(key: string) {
    return this.map.get(key);
  }
  /** Registers `value` under `key` unless it is there; the first one stays (the later row is the duplicate). */
  claim(key: string, value: T): T | undefined {
    const earlier = this.map.get(key);
    if (earlier === undefined) this.map.set(key, value);
    return earlier;
  }
}

const ENTITY_ORDER: readonly ImportEntity[] = ['properties', 'units', 'tenants', 'contracts', 'balances'];

/**
 * Checks every row against the others and the account, in entity order (a unit's property before
 * the unit), and sets each row's status: 'invalid' with an error, else 'existing' when the account has
 * it, else 'valid'. Rows come back in their own order.
 */
export function checkReferences(rows: ParsedRow[], account: ImportAccount): ParsedRow[] {
  const c = new Checker(account);
  for (const entity of ENTITY_ORDER) for (const row of rows) if (row.entity === entity) c.check(row);
  for (const row of rows) {
    if (row.errors.length) {
      row.status = 'invalid';
      row.existingId = null;
    } else row.status = row.existingId === null && !row.invited ? 'valid' : 'existing';
  }
  return rows;
}

const overlaps = (a: { startDate: string; endDate: string | null }, b: { startDate: string; endDate: string | null }) =>
  a.startDate <= (b.endDate ?? '9999-12-31') && b.startDate <= (a.endDate ?? '9999-12-31');

const period = (c: { startDate: string; endDate: string | null }) => `${formatDate(c.startDate)} – ${c.endDate ? formatDate(c.endDate) : 'sin fecha de fin'}`;

interface ContractRef {
  code: string;
  startDate: string;
  endDate: string | null;
  status: string;
  unit: Handle;
  property: Handle;
  handle: Handle;
}

class Checker {
  private readonly propertiesByRef = new Registry<ParsedRow>();
  private readonly propertiesByName = new Map<string, ParsedRow[]>();
  private readonly units = new Registry<ParsedRow>();
  private readonly tenantsByNif = new Registry<ParsedRow>();
  private readonly tenantsByEmail = new Registry<ParsedRow>();
  private readonly contracts = new Registry<ParsedRow>();
  /** The file's contracts (valid or existing) of each unit, by handleKey. */
  private readonly contractsOfUnit = new Map<string, ContractRef[]>();
  private readonly contractRefs = new Map<number, ContractRef>();
  private readonly balances = new Registry<ParsedRow>();
  /** New properties counted per owner, against its plan's limit. */
  private readonly newProperties = new Map<number, number>();

  private readonly accountById = new Map<number, ImportAccount['properties'][number]>();
  private readonly accountByRef = new Map<string, ImportAccount['properties'][number]>();
  private readonly accountByName = new Map<string, ImportAccount['properties'][number][]>();
  private readonly accountUnits = new Map<string, ImportAccount['units'][number]>();
  private readonly accountContracts = new Map<string, ImportAccount['contracts'][number]>();
  private readonly accountContractsOfUnit = new Map<number, ImportAccount['contracts'][number][]>();
  private readonly accountTenantsByNif = new Map<string, number>();
  private readonly accountTenantsByEmail = new Map<string, number>();

  constructor(private readonly account: ImportAccount) {
    for (const p of account.properties) {
      this.accountById.set(p.id, p);
      if (p.refCatastral) this.accountByRef.set(normalizeRefCatastral(p.refCatastral), p);
      const name = foldText(p.propertyName);
      this.accountByName.set(name, [...(this.accountByName.get(name) ?? []), p]);
    }
    for (const u of account.units) this.accountUnits.set(`${u.mainPropertyId}|${foldText(u.unitName)}`, u);
    for (const k of account.contracts) {
      this.accountContracts.set(codeKeyOf(k.contractCode), k);
      this.accountContractsOfUnit.set(k.rentableUnitId, [...(this.accountContractsOfUnit.get(k.rentableUnitId) ?? []), k]);
    }
    for (const t of account.tenants) {
      if (t.nifCif) this.accountTenantsByNif.set(normalizeNifCif(t.nifCif), t.id);
      this.accountTenantsByEmail.set(t.email.toLowerCase(), t.id);
    }
  }

  check(row: ParsedRow): void {
    // A row with errors of its own still claims its keys, so that what names it says so.
    switch (row.entity) {
      case 'properties':
        return this.property(row);
      case 'units':
        return this.unit(row);
      case 'tenants':
        return this.tenant(row);
      case 'contracts':
        return this.contract(row);
      case 'balances':
        return this.balance(row);
    }
  }

  private text(row: ParsedRow, field: string): string | null {
    const v = row.values[field];
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
  }

  private duplicate(row: ParsedRow, field: string, what: string, earlier: ParsedRow) {
    row.errors.push(rowError(row, field, `Fila duplicada: ${what} ya aparece en ${rowRef(earlier)}`));
  }

  // ---- properties

  private property(row: ParsedRow) {
    const ref = this.text(row, 'refCatastral');
    const name = this.text(row, 'propertyName');
    const refKey = ref ? normalizeRefCatastral(ref) : null;
    if (refKey) {
      const earlier = this.propertiesByRef.claim(refKey, row);
      if (earlier) return this.duplicate(row, 'refCatastral', 'esa referencia catastral', earlier);
    } else if (name) {
      const earlier = this.propertiesByName.get(foldText(name))?.find((r) => !this.text(r, 'refCatastral'));
      if (earlier) return this.duplicate(row, 'propertyName', `el inmueble «${name}»`, earlier);
    }
    if (name) this.propertiesByName.set(foldText(name), [...(this.propertiesByName.get(foldText(name)) ?? []), row]);
    if (row.errors.length) return;

    // Already in the account: by its referencia catastral, or by its name when it has none.
    const existing = refKey ? this.accountByRef.get(refKey) : name ? this.accountByName.get(foldText(name))?.find((p) => !p.refCatastral) : undefined;
    if (existing) {
      row.existingId = existing.id;
      return;
    }
    if (refKey && this.account.foreignRefCatastral.has(refKey)) {
      row.errors.push(rowError(row, 'refCatastral', DUPLICATE_REF_CATASTRAL));
      return;
    }
    const ownerId = this.owner(row);
    if (ownerId === null) return;
    row.refs.ownerUserId = ownerId;
    const limits = this.account.propertyLimits.get(ownerId);
    const count = (this.newProperties.get(ownerId) ?? 0) + 1;
    if (limits?.limit != null && limits.used + count > limits.limit) {
      row.errors.push(rowError(row, 'row', `Superaría el límite de ${limits.limit} propiedades del ${limits.planName} de su propietario`));
      return;
    }
    this.newProperties.set(ownerId, count);
  }

  /** The owner of a new property: the account's owner, or for an agency the owner its row names (one of its portfolio). */
  private owner(row: ParsedRow): number | null {
    const email = this.text(row, 'ownerEmail')?.toLowerCase() ?? null;
    if (this.account.kind === 'owner') {
      if (email && email !== this.account.ownerEmail?.toLowerCase()) {
        row.errors.push(rowError(row, 'ownerEmail', 'Solo puedes importar inmuebles a tu nombre: deja la columna vacía o pon tu email'));
        return null;
      }
      return this.account.ownersByEmail.get(this.account.ownerEmail?.toLowerCase() ?? '') ?? null;
    }
    if (!email) {
      row.errors.push(rowError(row, 'ownerEmail', 'Indica el email del propietario del inmueble'));
      return null;
    }
    const id = this.account.ownersByEmail.get(email);
    if (id === undefined) {
      row.errors.push(rowError(row, 'ownerEmail', 'Ese propietario no es de la cartera de tu agencia: invítalo antes de importar sus inmuebles'));
      return null;
    }
    return id;
  }

  /**
   * The property a cell names: a valid referencia catastral is looked up as such, anything else as a
   * name (without accents or case); the file first, then the account.
   */
  private resolveProperty(text: string): Lookup<Handle> {
    const ref = normalizeRefCatastral(text);
    if (isValidRefCatastral(ref)) {
      const fileRow = this.propertiesByRef.get(ref);
      if (fileRow) return this.fileHandle(fileRow, 'El inmueble');
      const accountRow = this.accountByRef.get(ref);
      if (accountRow) return { found: { kind: 'account', id: accountRow.id } };
      return { error: 'No hay ningún inmueble con esa referencia catastral en el archivo ni en tu cartera' };
    }
    const name = foldText(text);
    const fileRows = this.propertiesByName.get(name) ?? [];
    if (fileRows.length > 1) return { error: `Hay varios inmuebles llamados «${text}» en el archivo: usa su referencia catastral` };
    if (fileRows.length === 1) return this.fileHandle(fileRows[0]!, 'El inmueble');
    const accountRows = this.accountByName.get(name) ?? [];
    if (accountRows.length > 1) return { error: `Hay varios inmuebles llamados «${text}» en tu cartera: usa su referencia catastral` };
    if (accountRows.length === 1) return { found: { kind: 'account', id: accountRows[0]!.id } };
    return { error: 'No hay ningún inmueble con esa referencia catastral o ese nombre en el archivo ni en tu cartera' };
  }

  /** A row of the file as what another row names: its record when the account has it, itself when new, an error when it has errors. */
  private fileHandle(row: ParsedRow, what: string): Lookup<Handle> {
    if (row.errors.length) return { error: `${what} de la fila ${row.rowNumber} tiene errores y no se importará` };
    return { found: row.existingId !== null ? { kind: 'account', id: row.existingId } : { kind: 'file', row } };
  }

  private referenced<T>(row: ParsedRow, field: string, lookup: Lookup<T>): T | null {
    if ('error' in lookup) {
      row.errors.push(rowError(row, field, lookup.error));
      return null;
    }
    return lookup.found;
  }

  // ---- units

  private unitKey(property: Handle, unitName: string) {
    return `${handleKey(property)}|${foldText(unitName)}`;
  }

  private unit(row: ParsedRow) {
    const ref = this.text(row, 'property');
    const name = this.text(row, 'unitName');
    if (!ref) return;
    const property = this.referenced(row, 'property', this.resolveProperty(ref));
    if (!property) return;
    row.refs.property = property;
    if (name) {
      const earlier = this.units.claim(this.unitKey(property, name), row);
      if (earlier) return this.duplicate(row, 'unitName', `la unidad «${name}» de ese inmueble`, earlier);
    }
    if (row.errors.length || !name) return;
    if (property.kind === 'account') {
      const existing = this.accountUnits.get(`${property.id}|${foldText(name)}`);
      if (existing) {
        row.existingId = existing.id;
        return;
      }
      if (this.accountById.get(property.id)?.isArchived) row.errors.push(rowError(row, 'property', UNIT_MESSAGES.archivedProperty));
    }
  }

  /** The unit a contract names: the unit of that name in the property, from the file or the account. */
  private resolveUnit(property: Handle, name: string): Lookup<Handle> {
    const fileRow = this.units.get(this.unitKey(property, name));
    if (fileRow) return this.fileHandle(fileRow, 'La unidad');
    if (property.kind === 'account') {
      const unit = this.accountUnits.get(`${property.id}|${foldText(name)}`);
      if (unit) return unit.isActive ? { found: { kind: 'account', id: unit.id } } : { error: UNIT_MESSAGES.archived };
    }
    return { error: `No hay ninguna unidad «${name}» en ese inmueble, ni en el archivo ni en tu cartera` };
  }

  // ---- tenants

  private tenant(row: ParsedRow) {
    const nif = this.text(row, 'nifCif');
    const email = this.text(row, 'email')?.toLowerCase() ?? null;
    const nifKey = nif ? normalizeNifCif(nif) : null;
    if (nifKey) {
      const earlier = this.tenantsByNif.claim(nifKey, row);
      if (earlier) return this.duplicate(row, 'nifCif', 'ese NIF/NIE', earlier);
    }
    if (email) {
      const earlier = this.tenantsByEmail.claim(email, row);
      if (earlier) return this.duplicate(row, 'email', 'ese email', earlier);
    }
    if (row.errors.length) return;
    const existing = (nifKey ? this.accountTenantsByNif.get(nifKey) : undefined) ?? (email ? this.accountTenantsByEmail.get(email) : undefined);
    if (existing !== undefined) {
      row.existingId = existing;
      return;
    }
    // Invited before and not joined yet: nothing to write; a new contract that names them invites them to it.
    if (email && this.account.invitedEmails.has(email)) row.invited = true;
    if (email && this.account.foreignEmails.has(email)) {
      row.errors.push(rowError(row, 'email', 'Ese email es de otra cuenta de Arrendia que no es inquilina de tu cartera: invítala desde su contrato'));
    }
  }

  /** A tenant a contract names by NIF/NIE or email: from the file, or a tenant of the account's contracts. */
  private resolveTenant(token: string): Lookup<Handle> {
    const email = token.includes('@') ? token.toLowerCase() : null;
    const nif = email ? null : normalizeNifCif(token);
    if (nif && !isValidNifCif(nif)) return { error: `«${token}» no es un NIF/NIE/CIF válido ni un email` };
    const fileRow = nif ? this.tenantsByNif.get(nif) : this.tenantsByEmail.get(email!);
    if (fileRow) return this.fileHandle(fileRow, 'El inquilino');
    const id = nif ? this.accountTenantsByNif.get(nif) : this.accountTenantsByEmail.get(email!);
    if (id !== undefined) return { found: { kind: 'account', id } };
    return { error: `No hay ningún inquilino con ${nif ? 'NIF/NIE' : 'email'} «${token}» en el archivo ni en tu cartera` };
  }

  // ---- contracts

  private contract(row: ParsedRow) {
    const code = this.text(row, 'contractCode');
    const codeKey = code ? codeKeyOf(code) : null;
    if (codeKey) {
      const earlier = this.contracts.claim(codeKey, row);
      if (earlier) return this.duplicate(row, 'contractCode', 'ese código de contrato', earlier);
    }
    const propertyText = this.text(row, 'property');
    const unitName = this.text(row, 'unitName');
    const property = propertyText ? this.referenced(row, 'property', this.resolveProperty(propertyText)) : null;
    const unit = property && unitName ? this.referenced(row, 'unitName', this.resolveUnit(property, unitName)) : null;
    const tenants = Array.isArray(row.values.tenants) ? row.values.tenants : [];
    const tenantHandles = tenants.map((token) => this.referenced(row, 'tenants', this.resolveTenant(token)));
    if (row.errors.length || !codeKey || !property || !unit) return;
    const distinct = [...new Map(tenantHandles.filter((h): h is Handle => h !== null).map((h) => [handleKey(h), h])).values()];
    row.refs = { property, unit, tenants: distinct };

    const existing = this.accountContracts.get(codeKey);
    const dates = { startDate: String(row.values.startDate), endDate: typeof row.values.endDate === 'string' ? row.values.endDate : null };
    const status = typeof row.values.status === 'string' ? row.values.status : 'Activo';
    const ref: ContractRef = { code: code!, ...dates, status, unit, property, handle: existing ? { kind: 'account', id: existing.id } : { kind: 'file', row } };
    if (existing) {
      row.existingId = existing.id;
      this.contractRefs.set(row.index, { ...ref, property: { kind: 'account', id: existing.mainPropertyId } });
      return;
    }
    if (this.account.foreignContractCodes.has(codeKey)) {
      row.errors.push(rowError(row, 'contractCode', 'Ese código de contrato ya está en uso: usa otro'));
      return;
    }
    const others = [
      ...(unit.kind === 'account' ? (this.accountContractsOfUnit.get(unit.id) ?? []).map((k) => ({ code: k.contractCode, startDate: k.startDate, endDate: k.endDate, status: k.status })) : []),
      ...(this.contractsOfUnit.get(handleKey(unit)) ?? []),
    ];
    const clash = others.find((other) => overlaps(dates, other));
    if (clash) row.errors.push(rowError(row, 'startDate', `Se solapa con el contrato ${clash.code} (${period(clash)}) de la misma unidad`));
    const active = status === 'Activo' ? others.find((other) => other.status === 'Activo' && other !== clash) : undefined;
    if (active) row.errors.push(rowError(row, 'status', `La unidad ya tiene un contrato activo (${active.code}): solo puede tener uno`));
    if (row.errors.length) return;
    this.contractsOfUnit.set(handleKey(unit), [...(this.contractsOfUnit.get(handleKey(unit)) ?? []), ref]);
    this.contractRefs.set(row.index, ref);
  }

  /** The contract a balance names by code: from the file (new or existing) or the account. */
  private resolveContract(code: string): Lookup<{ handle: Handle; id: number | null; property: Handle }> {
    const fileRow = this.contracts.get(codeKeyOf(code));
    if (fileRow) {
      const ref = this.contractRefs.get(fileRow.index);
      if (fileRow.errors.length || !ref) return { error: `El contrato de la fila ${fileRow.rowNumber} tiene errores y no se importará` };
      return { found: { handle: ref.handle, id: ref.handle.kind === 'account' ? ref.handle.id : null, property: ref.property } };
    }
    const k = this.accountContracts.get(codeKeyOf(code));
    if (k) return { found: { handle: { kind: 'account', id: k.id }, id: k.id, property: { kind: 'account', id: k.mainPropertyId } } };
    return { error: 'No hay ningún contrato con ese código en el archivo ni en tu cartera' };
  }

  // ---- balances

  private balance(row: ParsedRow) {
    const propertyText = this.text(row, 'property');
    const code = this.text(row, 'contractCode');
    if (!propertyText && !code) {
      row.errors.push(rowError(row, 'property', 'Indica el inmueble o el código del contrato'));
      return;
    }
    const property = propertyText ? this.referenced(row, 'property', this.resolveProperty(propertyText)) : null;
    const contract = code ? this.referenced(row, 'contractCode', this.resolveContract(code)) : null;
    if (property && contract && handleKey(property) !== handleKey(contract.property)) {
      row.errors.push(rowError(row, 'contractCode', `El contrato ${code} no es de ese inmueble`));
    }
    const type = typeof row.values.type === 'string' ? row.values.type : null;
    const categoryName = this.text(row, 'category');
    if (categoryName && type) {
      const category = this.account.categories.find((x) => foldText(x.categoryName) === foldText(categoryName));
      if (!category) row.errors.push(rowError(row, 'category', `No existe la categoría «${categoryName}»`));
      else if (category.isExpense !== (type === 'Gasto')) row.errors.push(rowError(row, 'category', `«${category.categoryName}» es una categoría de ${category.isExpense ? 'gastos' : 'ingresos'}, no de ${category.isExpense ? 'ingresos' : 'gastos'}`));
      else row.values.category = category.categoryName;
    } else if (type) {
      row.values.category = type === 'Gasto' ? 'Otros gastos' : 'Otros ingresos';
    }
    const where = property ?? contract?.property;
    if (!where || !type) return;
    row.refs = { property: where, contract: contract?.handle };
    const key = [handleKey(where), code ? foldText(code) : '', row.values.transactionDate, foldText(String(row.values.description ?? '')), row.values.amount, type].join('|');
    const earlier = this.balances.claim(key, row);
    if (earlier) return this.duplicate(row, 'row', 'el mismo movimiento', earlier);
    if (row.errors.length) return;
    if (where.kind === 'account' && (!code || contract?.id != null)) {
      const stored = balanceKey(where.id, contract?.id ?? null, String(row.values.transactionDate), String(row.values.description ?? ''), String(row.values.amount), type);
      row.existingId = this.account.balances.get(stored) ?? null;
    }
  }
}
