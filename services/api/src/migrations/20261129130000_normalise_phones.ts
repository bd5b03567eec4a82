import type { Knex } from 'knex';

/**
 * Every stored phone in one form (issue 31): a Spanish number as its 9 national digits, as
 * SpanishPhoneSchema has stored users' phones since it existed. Forms typed with spaces, hyphens,
 * dots, parentheses or a +34 / 0034 prefix are rewritten; a value that is no Spanish number (a
 * foreign one typed before the forms checked it) is left as it was: it is still someone's phone.
 * The columns are listed here, not read from the schema, so the step stays what it was.
 */
const PHONE_COLUMNS: readonly [string, string][] = [
  ['users', 'telefono'],
  ['agencies', 'telefonoAgencia'],
  ['providers', 'telefono'],
  ['leads', 'phone'],
  ['visits', 'contactPhone'],
  ['unit_listings', 'contactPhone'],
];

export async function up(knex: Knex): Promise<void> {
  for (const [table, column] of PHONE_COLUMNS) {
    // The pattern is a binding: a '?' written in the SQL would be read as a placeholder.
    const digits = `regexp_replace(??, '[[:space:]().-]', '', 'g')`;
    await knex.raw(`update ?? set ?? = right(${digits}, 9) where ${digits} ~ ? and ?? <> right(${digits}, 9)`, [
      table,
      column,
      column,
      column,
      '^(\\+34|0034)?[6-9][0-9]{8}$',
      column,
      column,
    ]);
  }
}

export async function down(): Promise<void> {
  // The typed forms are not kept: the 9 digits are the same number.
}
