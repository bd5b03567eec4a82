import type { Knex } from 'knex';

/**
 * Names kept before the forms and uploads dropped bidirectional control characters (issue 30):
 * U+202A–U+202E, U+2066–U+2069, U+200E, U+200F and U+061C, invisible, but able to make
 * 'factura\u202Efdp.exe' read 'facturaexe.pdf' to whoever sees it. The same list as
 * stripBidiControls (libs/shared/locale-es/src/text.ts), written out so this step stays what it was.
 */
const NAME_COLUMNS: readonly [string, string][] = [
  ['users', 'firstName'],
  ['users', 'lastName'],
  ['agencies', 'nombreAgencia'],
  ['documents', 'fileName'],
];
const BIDI = '[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]';

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of NAME_COLUMNS) {
    await knex.raw(`update ?? set ?? = regexp_replace(??, ?, '', 'g') where ?? ~ ?`, [table, column, column, BIDI, column, BIDI]);
  }
}

export async function down(): Promise<void> {
  // The controls are not kept: they were never meant to be part of a name.
}
