/**
 * @arrendia/locale-es: how Arrendia writes and checks Spanish things. Euro, number and date
 * formatting in es-ES (Europe/Madrid, weeks from Monday), exact money arithmetic in cents, the
 * reading of Spanish and Excel dates (parse.ts), and
 * the NIF/NIE/CIF, IBAN, referencia catastral, postal-code and phone validators shared by the
 * API's zod schemas and the screens, and the clean-up of names others read (no bidi controls).
 * Depends on nothing but the platform's Intl.
 */
export * from './format';
export * from './parse';
export * from './provinces';
export * from './text';
export * from './validators';
