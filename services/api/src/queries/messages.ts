import type { Knex } from 'knex';

/** Messages with their sender's name; narrow them to one conversation before use. */
export function messageRows(db: Knex | Knex.Transaction): Knex.QueryBuilder {
  return db('messages')
    .leftJoin('users as sender', 'sender.id', 'messages.senderUserId')
    .select('messages.*', 'sender.firstName as senderFirstName', 'sender.lastName as senderLastName');
}
