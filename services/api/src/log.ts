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
