/**
 * Spanish identifiers, validated the same way by the API's zod schemas and by the screens.
 *
 * Every `isValidX` takes what a person typed (any case, spaces, hyphens) and normalises it
 * first; `normalizeX` gives the form to store; `validateX` gives the Spanish message or null, so
 * a schema can say `z.string().refine(isValidNifCif, VALIDATION_MESSAGES.nifCif)`.
 */
import { provinceName } from './provinces';

/** The Spanish error message of each validator, as `validateX` returns it. */
export const VALIDATION_MESSAGES = {
  nifCif: 'El NIF/NIE/CIF no es válido',
  nif: 'El NIF no es válido',
  nie: 'El NIE no es válido',
  cif: 'El CIF no es válido',
  iban: 'El IBAN no es válido',
  refCatastral: 'La referencia catastral no es válida',
  postalCode: 'El código postal debe tener 5 cifras y empezar por un código de provincia (01–52)',
  phone: 'El teléfono no es válido',
} as const;

const asText = (value: unknown): string => (typeof value === 'string' ? value : '');

// ---------------------------------------------------------------------------------------------
// NIF / NIE / CIF

const NIF_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const NIE_PREFIX_DIGIT: Readonly<Record<string, string>> = { X: '0', Y: '1', Z: '2' };
const CIF_CONTROL_LETTERS = 'JABCDEFGHI';
/** Entities whose CIF ends in a letter: public bodies, religious orders, foreign and non-resident entities. */
const CIF_LETTER_ONLY = 'NPQRSW';
/** Companies (S.A., S.L.), associations and communities of owners: always a digit. */
const CIF_DIGIT_ONLY = 'ABEH';

/** The kind of a Spanish tax id: a person's NIF (DNI), a foreigner's NIE or an entity's CIF. */
export type NifCifKind = 'nif' | 'nie' | 'cif';

/**
 * A NIF/NIE/CIF as stored: trimmed, upper-case, without spaces, hyphens or dots
 * (' 12.345.678-z ' → '12345678Z').
 */
export function normalizeNifCif(value: string): string {
  return asText(value).replace(/[\s.-]/g, '').toUpperCase();
}

/**
 * The control letter of a DNI number (or of a NIE whose X/Y/Z is already replaced by 0/1/2):
 * the number mod 23 in 'TRWAGMYFPDXBNJZSQVHLCKE'.
 * @example nifControlLetter('12345678') // 'Z'
 */
export function nifControlLetter(digits: string | number): string {
  const number = Number(digits);
  if (!Number.isSafeInteger(number) || number < 0) throw new RangeError(`Not a DNI number: ${digits}`);
  return NIF_LETTERS.charAt(number % 23);
}

/**
 * Whether a value is a valid NIF of a person: a DNI's 8 digits and their control letter
 * ('12345678Z'), or the NIF of a person without DNI or NIE: K (Spaniards under 14), L (Spaniards
 * resident abroad) or M (foreigners without NIE), 7 digits and the control letter of those
 * digits ('K1234567L').
 */
export function isValidNif(value: string): boolean {
  const nif = normalizeNifCif(value);
  if (/^\d{8}[A-Z]$/.test(nif)) return nifControlLetter(nif.slice(0, 8)) === nif.charAt(8);
  if (/^[KLM]\d{7}[A-Z]$/.test(nif)) return nifControlLetter(nif.slice(1, 8)) === nif.charAt(8);
  return false;
}

/**
 * Whether a value is a valid NIE: X, Y or Z, 7 digits and the control letter computed as for a
 * DNI with X→0, Y→1, Z→2 ('X1234567L').
 */
export function isValidNie(value: string): boolean {
  const nie = normalizeNifCif(value);
  if (!/^[XYZ]\d{7}[A-Z]$/.test(nie)) return false;
  return nifControlLetter(`${NIE_PREFIX_DIGIT[nie.charAt(0)]}${nie.slice(1, 8)}`) === nie.charAt(8);
}

/**
 * The two possible control characters of a CIF from its entity letter and 7 digits (the first
 * 8 characters): `digit` and the equivalent `letter` from 'JABCDEFGHI'. Odd positions add the
 * digit sum of twice the digit, even positions add the digit; control = (10 − sum mod 10) mod 10.
 * @example cifControl('A2801586') // { digit: '5', letter: 'E' }
 */
export function cifControl(first8: string): { digit: string; letter: string } {
  const digits = normalizeNifCif(first8).slice(1, 8);
  if (!/^\d{7}$/.test(digits)) throw new RangeError(`Not the start of a CIF: ${first8}`);
  let sum = 0;
  for (let i = 0; i < 7; i += 1) {
    const digit = Number(digits.charAt(i));
    // i = 0, 2, 4, 6 are positions 1, 3, 5, 7: double and add the digits (2×7 = 14 → 1 + 4 = 5).
    sum += i % 2 === 0 ? (digit * 2 > 9 ? digit * 2 - 9 : digit * 2) : digit;
  }
  const control = (10 - (sum % 10)) % 10;
  return { digit: String(control), letter: CIF_CONTROL_LETTERS.charAt(control) };
}

/**
 * Whether a value is a valid CIF: an entity letter from 'ABCDEFGHJNPQRSUVW', 7 digits and the
 * control character. Entities N, P, Q, R, S and W must end in the letter, A, B, E and H in the
 * digit, the rest in either ('A28015865', 'P2807900B').
 */
export function isValidCif(value: string): boolean {
  const cif = normalizeNifCif(value);
  if (!/^[ABCDEFGHJNPQRSUVW]\d{7}[0-9A-J]$/.test(cif)) return false;
  const entity = cif.charAt(0);
  const last = cif.charAt(8);
  const { digit, letter } = cifControl(cif.slice(0, 8));
  if (CIF_LETTER_ONLY.includes(entity)) return last === letter;
  if (CIF_DIGIT_ONLY.includes(entity)) return last === digit;
  return last === digit || last === letter;
}

/** Which kind of valid tax id a value is, or null when it is none of them. */
export function nifCifKind(value: string): NifCifKind | null {
  if (isValidNif(value)) return 'nif';
  if (isValidNie(value)) return 'nie';
  if (isValidCif(value)) return 'cif';
  return null;
}

/** Whether a value is a valid NIF, NIE or CIF: the rule of every `nifCif` field. */
export function isValidNifCif(value: string): boolean {
  return nifCifKind(value) !== null;
}

/** 'El NIF no es válido', or null when the NIF is valid. */
export function validateNif(value: string): string | null {
  return isValidNif(value) ? null : VALIDATION_MESSAGES.nif;
}

/** 'El NIE no es válido', or null when the NIE is valid. */
export function validateNie(value: string): string | null {
  return isValidNie(value) ? null : VALIDATION_MESSAGES.nie;
}

/** 'El CIF no es válido', or null when the CIF is valid. */
export function validateCif(value: string): string | null {
  return isValidCif(value) ? null : VALIDATION_MESSAGES.cif;
}

/** 'El NIF/NIE/CIF no es válido', or null when the value is a valid NIF, NIE or CIF. */
export function validateNifCif(value: string): string | null {
  return isValidNifCif(value) ? null : VALIDATION_MESSAGES.nifCif;
}

// ---------------------------------------------------------------------------------------------
// IBAN

const CCC_WEIGHTS = [1, 2, 4, 8, 5, 10, 9, 7, 3, 6] as const;

/**
 * An IBAN as stored: upper-case, without spaces or hyphens, and without a leading 'IBAN' as
 * printed on bank documents ('IBAN es91 2100-0418…' → 'ES912100…').
 */
export function normalizeIban(value: string): string {
  return asText(value).replace(/[\s-]/g, '').toUpperCase().replace(/^IBAN/, '');
}

/** The ISO 13616 mod-97 remainder of an alphanumeric string (letters count as A=10 … Z=35). */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

function cccDigit(tenDigits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i += 1) sum += Number(tenDigits.charAt(i)) * (CCC_WEIGHTS[i] ?? 0);
  const digit = 11 - (sum % 11);
  return digit === 11 ? 0 : digit === 10 ? 1 : digit;
}

/**
 * The two control digits of a Spanish bank account (CCC): the first over '00' + entity (4) +
 * office (4), the second over the 10-digit account number, each 11 − (Σ digit × weight mod 11)
 * with weights 1, 2, 4, 8, 5, 10, 9, 7, 3, 6 (11 → 0, 10 → 1).
 * @example cccControlDigits('2100', '0418', '0200051332') // '45'
 */
export function cccControlDigits(entity: string, office: string, account: string): string {
  if (!/^\d{4}$/.test(entity) || !/^\d{4}$/.test(office) || !/^\d{10}$/.test(account)) {
    throw new RangeError('A CCC has a 4-digit entity, a 4-digit office and a 10-digit account');
  }
  return `${cccDigit(`00${entity}${office}`)}${cccDigit(account)}`;
}

/**
 * The two IBAN check digits of a Spanish 20-digit CCC, and the IBAN they make:
 * spanishIbanFromCcc('21000418450200051332') → 'ES9121000418450200051332'. It does not check
 * the CCC's own control digits (use it to build test data, good or bad).
 */
export function spanishIbanFromCcc(ccc: string): string {
  const digits = asText(ccc).replace(/[\s-]/g, '');
  if (!/^\d{20}$/.test(digits)) throw new RangeError('A CCC has 20 digits');
  const check = 98 - mod97(`${digits}ES00`);
  return `ES${String(check).padStart(2, '0')}${digits}`;
}

/**
 * Whether a value is a valid Spanish IBAN: 'ES', 2 check digits and a 20-digit CCC (entity,
 * office, 2 control digits, account), where both the IBAN mod-97 check and the CCC's two control
 * digits are right. Spaces are accepted. Only Spanish (ES) IBANs are valid.
 */
export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^ES\d{22}$/.test(iban)) return false;
  if (mod97(`${iban.slice(4)}${iban.slice(0, 4)}`) !== 1) return false;
  return cccControlDigits(iban.slice(4, 8), iban.slice(8, 12), iban.slice(14)) === iban.slice(12, 14);
}

/** 'El IBAN no es válido', or null when the value is a valid Spanish IBAN. */
export function validateIban(value: string): string | null {
  return isValidIban(value) ? null : VALIDATION_MESSAGES.iban;
}

/**
 * An IBAN in groups of four for display: 'ES91 2100 0418 4502 0005 1332'. It only regroups
 * (normalised) characters; it does not validate.
 */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

// ---------------------------------------------------------------------------------------------
// Referencia catastral

const CATASTRAL_CONTROL_LETTERS = 'MQWERTYUIOPASDFGHJKLBZX';
const CATASTRAL_WEIGHTS = [13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1] as const;
/** Letters count by their place in the Spanish alphabet: A = 1 … N = 14, Ñ = 15, O = 16 … Z = 27. */
const CATASTRAL_ALPHABET = 'ABCDEFGHIJKLMNÑOPQRSTUVWXYZ';

/** A referencia catastral as stored: trimmed, upper-case, without spaces or hyphens. */
export function normalizeRefCatastral(value: string): string {
  return asText(value).replace(/[\s-]/g, '').toUpperCase();
}

function catastralLetter(elevenChars: string): string {
  let sum = 0;
  for (let i = 0; i < 11; i += 1) {
    const char = elevenChars.charAt(i);
    const value = /\d/.test(char) ? Number(char) : CATASTRAL_ALPHABET.indexOf(char) + 1;
    sum += value * (CATASTRAL_WEIGHTS[i] ?? 0);
  }
  return CATASTRAL_CONTROL_LETTERS.charAt(sum % 23);
}

/**
 * The two control letters of a referencia catastral from its first 18 characters (14 of the
 * parcel + 4 of the unit, the 'cargo'), by the Dirección General del Catastro's algorithm: each
 * letter is computed over 7 parcel characters (the first 7, then the next 7) followed by the
 * 4 cargo characters, weighting them 13, 15, 12, 5, 4, 17, 9, 21, 3, 7, 1 (digits by their value,
 * letters A = 1 … N = 14, Ñ = 15, O = 16 … Z = 27) and taking the sum mod 23 in
 * 'MQWERTYUIOPASDFGHJKLBZX'.
 * @example catastralControlLetters('9872023VH5797S0001') // 'WX'
 */
export function catastralControlLetters(first18: string): string {
  const ref = normalizeRefCatastral(first18).slice(0, 18);
  if (!/^[0-9A-ZÑ]{18}$/.test(ref)) throw new RangeError(`Not the start of a referencia catastral: ${first18}`);
  const cargo = ref.slice(14, 18);
  return catastralLetter(ref.slice(0, 7) + cargo) + catastralLetter(ref.slice(7, 14) + cargo);
}

/**
 * Whether a value is a valid referencia catastral: 20 characters (14 of the parcel, 4 of the
 * unit, 2 control letters) whose control letters are right ('9872023VH5797S0001WX'). Spaces and
 * hyphens are accepted.
 */
export function isValidRefCatastral(value: string): boolean {
  const ref = normalizeRefCatastral(value);
  return /^[0-9A-ZÑ]{18}[A-Z]{2}$/.test(ref) && catastralControlLetters(ref.slice(0, 18)) === ref.slice(18);
}

/** 'La referencia catastral no es válida', or null when the value is valid. */
export function validateRefCatastral(value: string): string | null {
  return isValidRefCatastral(value) ? null : VALIDATION_MESSAGES.refCatastral;
}

/**
 * A referencia catastral in its printed groups (parcel 7 + 7, unit, control):
 * '9872023 VH5797S 0001 WX'. Only regroups normalised characters; it does not validate.
 */
export function formatRefCatastral(value: string): string {
  const ref = normalizeRefCatastral(value);
  return [ref.slice(0, 7), ref.slice(7, 14), ref.slice(14, 18), ref.slice(18)].filter(Boolean).join(' ');
}

// ---------------------------------------------------------------------------------------------
// Postal code

/** A postal code as stored: without spaces ('28 010' → '28010'). */
export function normalizePostalCode(value: string): string {
  return asText(value).replace(/\s/g, '');
}

/**
 * The province of a Spanish postal code, from its first two digits ('28010' → 'Madrid'), or null
 * when the code is not valid.
 */
export function provinceFromPostalCode(value: string): string | null {
  const code = normalizePostalCode(value);
  return /^\d{5}$/.test(code) ? provinceName(code.slice(0, 2)) : null;
}

/** Whether a value is a Spanish postal code: 5 digits whose first two are a province code 01–52. */
export function isValidPostalCode(value: string): boolean {
  return provinceFromPostalCode(value) !== null;
}

/** The postal-code message (5 digits, province 01–52), or null when the value is valid. */
export function validatePostalCode(value: string): string | null {
  return isValidPostalCode(value) ? null : VALIDATION_MESSAGES.postalCode;
}

// ---------------------------------------------------------------------------------------------
// Phone

/**
 * A Spanish phone number as stored: its 9 national digits, without spaces, hyphens, dots,
 * parentheses or a +34 / 0034 prefix ('+34 612-34-56-78' → '612345678'). Other text is returned
 * cleaned but otherwise untouched.
 */
export function normalizeSpanishPhone(value: string): string {
  return asText(value).replace(/[\s().-]/g, '').replace(/^(?:\+34|0034)(?=\d{9}$)/, '');
}

/**
 * Whether a value is a Spanish phone number: 9 digits starting with 6, 7, 8 or 9, optionally
 * after +34 or 0034.
 */
export function isValidSpanishPhone(value: string): boolean {
  return /^[6-9]\d{8}$/.test(normalizeSpanishPhone(value));
}

/** 'El teléfono no es válido', or null when the value is a valid Spanish phone number. */
export function validateSpanishPhone(value: string): string | null {
  return isValidSpanishPhone(value) ? null : VALIDATION_MESSAGES.phone;
}
