import { ERASED_DATUM, ERASED_FIRST_NAME, ERASED_LAST_NAME, ERASED_NAME } from '@arrendia/api-contract';
import { escapeHtml } from '../mail/templates';

/**
 * A person's identifying data as the erasure finds it copied into other rows (commands/accountEraser.ts),
 * and the pure text work on it: the patterns that find each datum and the replacement of what they
 * find. No database here, so the rules have tests of their own (personalData.test.ts).
 *
 * The same pattern comes in two flavours: a JavaScript RegExp that replaces exactly (with boundaries,
 * so a phone number is not found inside a longer number), and a PostgreSQL regular expression (`~*`)
 * that only picks the candidate rows, a little wider (no look-behind needed there).
 */

/** Everything that identified the person: their values now and every earlier one the audit trail holds. */
export interface Identity {
  userId: number;
  /** Addresses the person had (lower-case). */
  emails: string[];
  firstNames: string[];
  lastNames: string[];
  /** Phones as stored: 9 digits (any other form is reduced to its digits). */
  phones: string[];
  nifs: string[];
  ibans: string[];
  addresses: string[];
  /** The pseudonymous address that replaces theirs. */
  replacementEmail: string;
}

/** What a text may lose: every datum, or only the contact and bank data (not the name) in what the person wrote. */
export type ScrubMode = 'all' | 'contact';

type Kind = 'email' | 'name' | 'iban' | 'nif' | 'phone' | 'address';

/** One datum's pattern: its pieces, literal text or a separator that may be there or not. */
interface Needle {
  kind: Kind;
  pieces: (string | typeof OPTIONAL_SEPARATOR | typeof SPACES)[];
  /** A phone number may be written with +34 or 0034 before it. */
  countryPrefix?: boolean;
  /** Digits or letters around it mean it is part of something longer. */
  bounded?: boolean;
}

const OPTIONAL_SEPARATOR = Symbol('separator');
const SPACES = Symbol('spaces');

/** Shorter values are left alone: a two-letter name would match half the texts of the product. */
const MIN_LENGTH = 5;

const REGEX_META = /[\\^$.*+?()[\]{}|]/g;
const escapeJs = (text: string) => text.replace(REGEX_META, '\\$&');
/** PostgreSQL ARE: a backslash before any non-alphanumeric character stands for that character. */
const escapePg = (text: string) => text.replace(/[^\p{L}\p{N}\s]/gu, '\\$&');

const unique = (values: Iterable<string>) => [...new Set([...values].filter(Boolean))];

/** A value's letters and digits, one piece each, separators optional between them (IBAN ES54 2080…, NIF 71934586-Q). */
function spaced(value: string): Needle['pieces'] {
  const chars = [...value.replace(/[^\p{L}\p{N}]/gu, '')];
  return chars.flatMap((c, i) => (i === 0 ? [c] : [OPTIONAL_SEPARATOR, c]));
}

/** A name's words with any run of spaces between them. */
function words(value: string): Needle['pieces'] {
  const parts = value.trim().split(/\s+/);
  return parts.flatMap((w, i) => (i === 0 ? [w] : [SPACES, w]));
}

const digits = (value: string) => value.replace(/\D/g, '');
/** A Spanish phone's 9 national digits (without the country code it may carry). */
const nationalPhone = (value: string) => {
  const d = digits(value);
  return d.length === 11 && d.startsWith('34') ? d.slice(2) : d.length === 13 && d.startsWith('0034') ? d.slice(4) : d;
};

/** Every full name the person went by: each first name with each surname ('Zacarías Quintanilla'). */
export function fullNames(identity: Pick<Identity, 'firstNames' | 'lastNames'>): string[] {
  const names: string[] = [];
  for (const first of unique(identity.firstNames.map((n) => n.trim()))) {
    for (const last of unique(identity.lastNames.map((n) => n.trim()))) names.push(`${first} ${last}`);
  }
  return names;
}

function needlesOf(identity: Identity, mode: ScrubMode): Needle[] {
  const needles: Needle[] = [];
  const add = (kind: Kind, values: string[], toPieces: (v: string) => Needle['pieces'], extra: Partial<Needle> = {}) => {
    for (const value of unique(values)) {
      if (value.replace(/\s/g, '').length < MIN_LENGTH) continue;
      needles.push({ kind, pieces: toPieces(value), ...extra });
    }
  };
  add('email', identity.emails, (v) => [v]);
  if (mode === 'all') {
    const names = fullNames(identity);
    // A mail's HTML carries the name escaped ('O&#39;Brien').
    add('name', [...names, ...names.map(escapeHtml)], words, { bounded: true });
    add('address', identity.addresses, words);
  }
  // Longest first: an IBAN holds runs of digits a phone number could match.
  add('iban', identity.ibans, spaced, { bounded: true });
  add('nif', identity.nifs, spaced, { bounded: true });
  add('phone', identity.phones.map(nationalPhone), spaced, { bounded: true, countryPrefix: true });
  return needles;
}

function jsSource(needle: Needle): string {
  const body = needle.pieces.map((p) => (p === OPTIONAL_SEPARATOR ? '[\\s.-]?' : p === SPACES ? '\\s+' : escapeJs(p))).join('');
  const prefixed = needle.countryPrefix ? `(?:(?:\\+|00)34[\\s.-]?)?${body}` : body;
  return needle.bounded ? `(?<![\\p{L}\\p{N}])${prefixed}(?![\\p{L}\\p{N}])` : prefixed;
}

function pgSource(needle: Needle): string {
  return needle.pieces.map((p) => (p === OPTIONAL_SEPARATOR ? '[[:space:].-]?' : p === SPACES ? '[[:space:]]+' : escapePg(p))).join('');
}

const REPLACEMENT: Record<Kind, (identity: Identity) => string> = {
  email: (identity) => identity.replacementEmail,
  name: () => ERASED_NAME,
  iban: () => ERASED_DATUM,
  nif: () => ERASED_DATUM,
  phone: () => ERASED_DATUM,
  address: () => ERASED_DATUM,
};

/** The patterns of one identity, made once per erasure. */
export interface Scrubber {
  /** A PostgreSQL regular expression for `~*` that every text holding a datum matches; null when there is nothing to find. */
  pgPattern: string | null;
  /** The text with every datum replaced (emails by the pseudonymous address, names by 'Persona eliminada', the rest by '[dato eliminado]'). */
  text(value: string): string;
  /** Whether the text holds a datum. */
  finds(value: string): boolean;
  /** A JSON value with every string scrubbed; an object that names the person also has its person fields replaced (personFields). */
  json<T>(value: T): T;
}

/** The fields of a copied record that are the person's when the record names them ({email, firstName, lastName} of an invitation). */
const PERSON_FIELDS: Readonly<Record<string, (identity: Identity) => unknown>> = {
  firstName: () => ERASED_FIRST_NAME,
  lastName: () => ERASED_LAST_NAME,
  name: () => ERASED_NAME,
  contactName: () => ERASED_NAME,
  toName: () => ERASED_NAME,
  email: (identity) => identity.replacementEmail,
  contactEmail: (identity) => identity.replacementEmail,
  telefono: () => null,
  phone: () => null,
  contactPhone: () => null,
  nifCif: () => null,
  ibanBancaria: () => null,
  direccionFiscal: () => null,
  profileImageUrl: () => null,
};

/** Replaces the person fields of an object (the audit rows of the person's own users row hold nothing else of theirs). */
export function replacePersonFields(values: Record<string, unknown>, identity: Identity): Record<string, unknown> {
  const out: Record<string, unknown> = { ...values };
  for (const key of Object.keys(out)) {
    const replace = PERSON_FIELDS[key];
    if (replace && out[key] != null) out[key] = replace(identity);
  }
  return out;
}

export function scrubberFor(identity: Identity, mode: ScrubMode): Scrubber {
  const needles = needlesOf(identity, mode);
  const compiled = needles.map((needle) => ({ needle, regex: new RegExp(jsSource(needle), 'giu') }));
  const text = (value: string) => compiled.reduce((out, { needle, regex }) => out.replace(regex, REPLACEMENT[needle.kind](identity)), value);
  const finds = (value: string) => compiled.some(({ regex }) => {
    regex.lastIndex = 0;
    return regex.test(value);
  });
  const json = <T>(value: T): T => {
    if (typeof value === 'string') return text(value) as T;
    if (Array.isArray(value)) return value.map(json) as T;
    if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      const names = entries.some(([, v]) => typeof v === 'string' && finds(v));
      const own = names ? replacePersonFields(value as Record<string, unknown>, identity) : (value as Record<string, unknown>);
      return Object.fromEntries(Object.entries(own).map(([k, v]) => [k, json(v)])) as T;
    }
    return value;
  };
  return { pgPattern: needles.length ? needles.map((n) => `(${pgSource(n)})`).join('|') : null, text, finds, json };
}
