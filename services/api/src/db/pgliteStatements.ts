import type { Knex } from 'knex';
import type { PGlite, Results, parse, protocol } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number];

/** The parts of PGlite's module used here (loaded on demand by db/index.ts). */
interface PgliteModule {
  protocol: typeof protocol;
  parse: typeof parse;
}

type Parsers = PGlite['parsers'];

/** What knex hands a client's `_query`: the SQL with positional parameters and the query's options. */
interface QueryObject {
  sql: string;
  bindings?: readonly unknown[];
  options?: { name?: unknown };
  response?: Results;
}

/** A statement prepared on a PGlite instance. */
interface Statement {
  types: number[];
  /** Its RowDescription message (none for a statement that returns no rows). */
  rowDescription: BackendMessage[];
  /** The columns that message describes, as PGlite's results name them. */
  fields: { name: string; dataTypeID: number }[];
}

// The backend messages that answer Bind, Execute and Sync when nothing goes wrong.
const DATA_ROW = 0x44; // D
const COMMAND_COMPLETE = 0x43; // C
const BIND_COMPLETE = 0x32; // 2
const NO_DATA = 0x6e; // n
const EMPTY_QUERY = 0x49; // I
const PORTAL_SUSPENDED = 0x73; // s
const READY_FOR_QUERY = 0x5a; // Z

const utf8 = new TextDecoder();

/**
 * The results of a named statement's execution, read straight from the bytes PGlite answered with:
 * the same rows, fields and counts parse.parseResults gives, with each column parsed by the same
 * parser. PGlite's own protocol parser copies every field of every row into a new buffer before
 * decoding it (28 % of the CPU of a list request on PGlite in a profile); here a field is decoded
 * where it lies. Null when the answer holds any other message (an error, a notice): PGlite's
 * parser reads those.
 */
function readResults(raw: Uint8Array, fields: Statement['fields'], parsers: Parsers): Results | null {
  const view = new DataView(raw.buffer, raw.byteOffset, raw.byteLength);
  const parserOf = fields.map((field) => parsers[field.dataTypeID]);
  const rows: Record<string, unknown>[] = [];
  let result: Results | null = null;
  for (let at = 0; at < raw.length; ) {
    const type = raw[at]!;
    const end = at + 1 + view.getInt32(at + 1);
    let p = at + 5;
    switch (type) {
      case DATA_ROW: {
        const row: Record<string, unknown> = {};
        const count = view.getInt16(p);
        p += 2;
        for (let i = 0; i < count; i += 1) {
          const length = view.getInt32(p);
          p += 4;
          const field = fields[i]!;
          if (length === -1) {
            row[field.name] = null;
          } else {
            const text = utf8.decode(raw.subarray(p, p + length));
            p += length;
            const parser = parserOf[i];
            row[field.name] = parser ? parser(text, field.dataTypeID) : text;
          }
        }
        rows.push(row);
        break;
      }
      case COMMAND_COMPLETE: {
        // As parse.parseResults: "SELECT 2", "UPDATE 3", "INSERT 0 5" end in a row count.
        const parts = utf8.decode(raw.subarray(p, end - 1)).split(' ');
        const command = parts[0]!;
        const rowCount = parseInt(parts[parts.length - 1]!, 10);
        const affectedRows = ['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE'].includes(command) ? rowCount : 0;
        result = { rows, fields, command, affectedRows, ...(Number.isNaN(rowCount) ? {} : { rowCount }) } as Results;
        break;
      }
      case BIND_COMPLETE:
      case NO_DATA:
      case EMPTY_QUERY:
      case PORTAL_SUSPENDED:
      case READY_FOR_QUERY:
        break;
      default:
        return null;
    }
    at = end;
  }
  return result ?? ({ affectedRows: 0, rows: [], fields: [] } as Results);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/**
 * knex-pglite's client, with named statements (`query.options({ name })`, as db/prepared.ts asks
 * for them) on PGlite too. PGlite's query() parses and plans its text on every call, in six calls
 * into the engine; a named statement is parsed and described once per PGlite instance (PGlite is
 * one session) and from then on runs in one call: Bind, Execute and Sync in a single message. With
 * plan_cache_mode=force_generic_plan it is not planned again either. Measured on the large seed,
 * the agency manager's properties page: 2.59 → 1.38 ms per query.
 *
 * Values are serialized and rows parsed exactly as query() does (PGlite's own serializers by the
 * described parameter types, its parsers by the result's); errors are PGlite's DatabaseError with
 * the same code. A query without a name goes through query() as before.
 */
export function withNamedStatements(ClientPgLite: typeof Knex.Client, { protocol, parse }: PgliteModule): typeof Knex.Client {
  const { serialize } = protocol;

  /**
   * Bind, Execute and Sync of a prepared statement, answered as results. The answer's bytes are
   * read by readResults; one holding an error or a notice goes through PGlite's protocol parser,
   * and its error is thrown as query() throws it (a DatabaseError with PostgreSQL's code). PGlite
   * hands LISTEN notifications to its listeners only through that parser: these statements are the
   * lists' and the search's SELECTs, and PostgreSQL delivers a session its own notifications at
   * the end of the command that committed them, which a SELECT does not.
   */
  async function execute(pglite: PGlite, name: string, params: (string | null)[], statement: Statement): Promise<Results> {
    const chunks: Uint8Array[] = [];
    const message = concat([serialize.bind({ statement: name, values: params }), serialize.execute({}), serialize.sync()]);
    // The bytes are PGlite's buffer, reused by the next call: copied once, whole.
    await pglite.execProtocolRawStream(message, { syncToFs: false, onRawData: (bytes) => chunks.push(bytes.slice()) });
    const raw = chunks.length === 1 ? chunks[0]! : concat(chunks);
    const read = readResults(raw, statement.fields, pglite.parsers);
    if (read) return read;
    const messages: BackendMessage[] = [];
    new protocol.Parser().parse(raw, (msg) => messages.push(msg));
    const error = messages.find((msg) => msg instanceof protocol.messages.DatabaseError);
    if (error) throw error;
    // The rows' description is the statement's (text columns, as Bind asks for none in binary).
    return parse.parseResults([...statement.rowDescription, ...messages], pglite.parsers)[0]!;
  }
  /** Each statement prepared on an instance, by name: its parameter types and its rows' description. */
  const prepared = new WeakMap<PGlite, Map<string, Statement>>();

  async function runNamed(pglite: PGlite, name: string, text: string, values: readonly unknown[]): Promise<Results> {
    let statements = prepared.get(pglite);
    if (!statements) prepared.set(pglite, (statements = new Map()));
    try {
      return await runOnce(pglite, statements, name, text, values);
    } catch (err) {
      // Deallocated behind this map's back (DEALLOCATE ALL, DISCARD ALL): prepared again.
      if ((err as { code?: unknown } | null)?.code !== '26000' || !statements.delete(name)) throw err;
      return await runOnce(pglite, statements, name, text, values);
    }
  }

  async function runOnce(pglite: PGlite, statements: Map<string, Statement>, name: string, text: string, values: readonly unknown[]): Promise<Results> {
    const results = await pglite.runExclusive(async () => {
      let statement = statements.get(name);
      if (!statement) {
        const described = await pglite.execProtocol(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
        const rowDescription = described.messages.filter((message) => message.name === 'rowDescription');
        statement = {
          types: parse.parseDescribeStatementResults(described.messages),
          rowDescription,
          fields: rowDescription.flatMap((message) =>
            message instanceof protocol.messages.RowDescriptionMessage ? message.fields.map(({ name, dataTypeID }) => ({ name, dataTypeID })) : [],
          ),
        };
        statements.set(name, statement);
      }
      const { types } = statement;
      const params = values.map((value, i) => {
        if (value == null) return null;
        const serializer = pglite.serializers[types[i]!];
        return serializer ? serializer(value) : String(value);
      });
      return execute(pglite, name, params, statement);
    });
    if (!pglite.isInTransaction()) await pglite.syncToFs();
    return results;
  }

  // knex-pglite's class is typed as knex's Client; its _query is the one method this one changes.
  const Base = ClientPgLite as unknown as new (config: Knex.Config) => { _query(connection: PGlite, obj: QueryObject): Promise<QueryObject> };
  class ClientPgLiteNamed extends Base {
    override async _query(connection: PGlite, obj: QueryObject): Promise<QueryObject> {
      const name = obj.options?.name;
      if (typeof name !== 'string') return super._query(connection, obj);
      obj.response = await runNamed(connection, name, obj.sql, obj.bindings ?? []);
      return obj;
    }
  }
  return ClientPgLiteNamed as unknown as typeof Knex.Client;
}
