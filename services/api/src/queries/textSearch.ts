import type { Knex } from 'knex';

// Accents are stripped BEFORE lower-casing, upper and lower case alike: lower() of a non-ASCII
// letter depends on the database's locale (under "C", lower('Ú') stays 'Ú'), ASCII does not.
export const ACCENTED = 'áéíóúüñàèìòùçâêîôûÁÉÍÓÚÜÑÀÈÌÒÙÇÂÊÎÔÛ';
export const PLAIN = 'aeiouunaeioucaeiouAEIOUUNAEIOUCAEIOU';

/** SQL that drops Spanish accents and lower-cases a column, on PostgreSQL and PGlite alike (no unaccent extension). */
export function folded(knex: Knex | Knex.Transaction, column: string): Knex.Raw {
  return knex.raw(`lower(translate(coalesce(??, ''), ?, ?))`, [column, ACCENTED, PLAIN]);
}

/**
 * SQL of a STORED "searchText" column (migrations 20261126100000, 20261126160000): the columns
 * folded exactly as folded() folds them, joined by line breaks, so that containsPattern() finds in
 * it what it would find in one of them. Plain text, not bindings: DDL takes none.
 */
export function searchTextSql(columns: string[]): string {
  return columns.map((column) => `lower(translate(coalesce("${column}", ''), '${ACCENTED}', '${PLAIN}'))`).join(` || E'\\n' || `);
}

/** The user's text folded the same way, as a LIKE pattern: case- and accent-insensitive, wildcards escaped. */
export function containsPattern(text: string): string {
  const plain = [...text.trim()].map((c) => {
    const i = ACCENTED.indexOf(c);
    return i === -1 ? c : PLAIN[i];
  });
  return `%${plain.join('').toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `where (folded(col1) like p or folded(col2) like p …)` */
export function whereContains(qb: Knex.QueryBuilder, knex: Knex | Knex.Transaction, columns: string[], text: string): Knex.QueryBuilder {
  const pattern = containsPattern(text);
  return qb.where((w) => {
    for (const column of columns) w.orWhere(folded(knex, column), 'like', pattern);
  });
}
