import type { Pojo } from 'objection';

/**
 * A row without its "searchText": the database derives that column (migration 20261126160000) and
 * refuses a value for it. Models drop it when they read a row, so that an instance never writes it
 * back nor carries it into an audit log's values or a response.
 */
export function withoutSearchText(json: Pojo): Pojo {
  const { searchText: _derived, ...columns } = json;
  return columns;
}
