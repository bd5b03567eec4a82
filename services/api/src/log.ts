import type { LogLevel } from './env';

export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** Errors become plain objects with their stack, which JSON.stringify would otherwise drop. */
function serialize(value: unknown): unknown {
  return value instanceof Error ? { name: value.name, message: value.message, stack: value.stack } : value;
}

/** One JSON object per line on stdout, so any log collector can parse it. */
export function createLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(line)): Logger {
  const at = (lineLevel: Exclude<LogLevel, 'silent'>) => (msg: string, fields: LogFields = {}) => {
    if (RANK[lineLevel] < RANK[level]) return;
    const entry: LogFields = { time: new Date().toISOString(), level: lineLevel, msg };
    for (const [key, value] of Object.entries(fields)) entry[key] = serialize(value);
    write(JSON.stringify(entry) + '\n');
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/**
 * Names of the parameters whose values are secrets: one-time links' tokens, codes, passwords. A
 * route's `:token` segment or a `?token=` query parameter never reaches a log line.
 */
const SECRET_PARAM = /(token|secret|password|code|key|signature)$/i;

/** What a log line may show of a request's path and query (`/api/tenant-invitations/:token/accept`). */
export type PathRedactor = (pathAndQuery: string) => string;

/** A path segment as the router compares it: decoded when it can be, in lower case (routes are case-insensitive). */
function segmentKey(segment: string): string {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return segment.toLowerCase();
  }
}

/**
 * The redactor of the routes `patterns` ('/api/password-resets/:token', as the router and the shell
 * write them): a path that starts like a route with a secret parameter gets that segment replaced by
 * the parameter's name, whatever follows (a longer path that answers 404 carries the token too); a
 * secret query parameter's value becomes `[redacted]`. Driven by the parameters' names, so a new
 * `:token` route is covered as soon as it is added.
 */
export function pathRedactor(patterns: Iterable<string>): PathRedactor {
  const secretRoutes: { literals: (string | null)[]; secrets: Map<number, string> }[] = [];
  for (const pattern of new Set(patterns)) {
    const segments = pattern.split('/');
    const secrets = new Map<number, string>();
    const literals = segments.map((segment, i) => {
      const param = /^:(\w+)$/.exec(segment);
      if (param && SECRET_PARAM.test(param[1])) secrets.set(i, segment);
      return param ? null : segmentKey(segment);
    });
    if (secrets.size) secretRoutes.push({ literals, secrets });
  }

  const redactPath = (path: string): string => {
    const segments = path.split('/');
    for (const { literals, secrets } of secretRoutes) {
      if (segments.length < literals.length) continue;
      if (!literals.every((literal, i) => literal === null ? segments[i] !== '' : literal === segmentKey(segments[i]!))) continue;
      return segments.map((segment, i) => secrets.get(i) ?? segment).join('/');
    }
    return path;
  };
  const redactQuery = (query: string): string =>
    query
      .split('&')
      .map((pair) => {
        const name = pair.split('=')[0]!;
        // 'token[]' is as secret as 'token'.
        return pair.includes('=') && SECRET_PARAM.test(segmentKey(name).replace(/\W+$/, '')) ? `${name}=[redacted]` : pair;
      })
      .join('&');

  return (pathAndQuery) => {
    const at = pathAndQuery.indexOf('?');
    return at < 0 ? redactPath(pathAndQuery) : `${redactPath(pathAndQuery.slice(0, at))}?${redactQuery(pathAndQuery.slice(at + 1))}`;
  };
}
