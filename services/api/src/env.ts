import path from 'node:path';
import { isProxyNetwork, TRUST_NOBODY, type ProxyTrust } from './clientAddress';
import { RENT_UPDATE_NOTICE_DAYS } from '@arrendia/api-contract';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const LOG_LEVELS: readonly LogLevel[] = ['debug', 'info', 'warn', 'error', 'silent'];

/** Everything the server reads from its environment, parsed once at start. */
export interface Config {
  nodeEnv: string;
  production: boolean;
  port: number;
  /** PostgreSQL URL; null means the embedded PGlite database at `pgliteDir`. */
  databaseUrl: string | null;
  pgliteDir: string;
  sessionSecret: string;
  /** Demo accounts and sample data are seeded (decisions.md: on unless production). */
  demoMode: boolean;
  /** Root of the build output holding apps/shell and apps/<remote>. */
  distDir: string;
  logLevel: LogLevel;
  /** Session cookie carries `Secure`; on in production, COOKIE_SECURE=0 allows plain-HTTP trials. */
  cookieSecure: boolean;
  /** Uploaded documents and generated reports (DOCUMENTS_DIR); by default `documents` beside the PGlite folder. */
  documentsDir?: string;
  /**
   * How long the public catalogue's pages are answered from memory (PUBLIC_CACHE_SECONDS, 0–300):
   * every visitor asks the same few searches; a listing shows up or goes a few seconds late.
   */
  publicCacheSeconds: number;
  /**
   * How long a session read from the database may be answered from this process's memory at most
   * (SESSION_CACHE_SECONDS, 0–3600; 0 reads it on every request). Changes reach it at once through
   * LISTEN/NOTIFY (middlewares/sessionCache.ts); the limit only bounds an entry's life.
   */
  sessionCacheSeconds: number;
  /**
   * How long a list's total (X-Total-Count) is reused for the same query (LIST_TOTAL_CACHE_SECONDS,
   * 0–300): paging through 19,000 movements need not count them again on every page. Every
   * committed write clears it, this process's before its response leaves, any other's as its notice
   * arrives (db/writeNotices.ts); this time only bounds a change no notice announces.
   */
  listTotalCacheSeconds: number;
  /**
   * How many days before a lease's anniversary the daily job proposes its rent update
   * (RENT_UPDATE_NOTICE_DAYS, 31–120; 45 by default): the written notice must reach the tenant the
   * month before the new rent is due (LAU art. 18.2), and the landlord needs time to review it.
   */
  rentUpdateNoticeDays?: number;
  /**
   * How many processes serve requests (WEB_CONCURRENCY, 1–64; 1 by default): one Node process uses
   * one core, so a server with more cores runs a worker per core behind one port (main.ts). Needs
   * PostgreSQL: PGlite lives inside a single process.
   */
  workers: number;
  /**
   * The proxies whose X-Forwarded-For (and -Proto, -Host) is believed (TRUST_PROXY): a hop count or
   * their addresses and networks; nobody by default, so a client cannot choose its own address.
   */
  trustProxy: ProxyTrust;
  /** Outbound mail (issue 34): the SMTP server (SMTP_URL, smtp:// or smtps://), null keeps every message in the outbox unsent. */
  smtpUrl: string | null;
  /** The From of every message (MAIL_FROM). */
  mailFrom: string;
  /** Where the product is reached (PUBLIC_URL), for the absolute links in mail. */
  publicUrl: string;
  /**
   * How long a reset request ('¿Olvidaste tu contraseña?') takes at least, in ms: more than the work
   * for an existing account, so the answer comes as late for an unknown address. 300 unless set
   * (tests that send thousands of requests set 0).
   */
  resetRequestFloorMs?: number;
  /**
   * The INE's public JSON service (INE_API_URL, by default https://servicios.ine.es/wstempus/js/ES),
   * where 'Leer del INE' reads the index values (issue 36). Unset (as in tests unless one sets it):
   * the fetch answers 502 without touching the network.
   */
  ineApiUrl?: string | null;
}

/** A setting that stops the server from starting; its message is meant for the operator. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Only used outside production, so a developer can start with no setup at all. */
const DEV_SESSION_SECRET = 'arrendia-dev-session-secret-not-for-production';

/**
 * When bundled, this file runs as dist/services/api/main.js: two levels up is `dist/`, where the
 * front-end builds live.
 */
const DEFAULT_DIST_DIR = path.resolve(__dirname, '../..');

function flag(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === '1' || value === 'true') return true;
  if (value === '0' || value === 'false') return false;
  throw new ConfigError(`${name} debe ser 1 o 0 (recibido "${value}")`);
}

/** A whole number of `unit` from `min` to `max`, `fallback` when unset. */
function wholeNumber(name: string, value: string | undefined, { fallback, min, max, unit }: { fallback: number; min: number; max: number; unit: string }): number {
  const n = Number(value || fallback);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw new ConfigError(`${name} debe ser un número entero de ${unit} entre ${min} y ${max} (recibido "${value}")`);
  }
  return n;
}

/** A whole number of seconds from 0 to `max`, `fallback` when unset. */
function seconds(name: string, value: string | undefined, fallback: number, max: number): number {
  return wholeNumber(name, value, { fallback, min: 0, max, unit: 'segundos' });
}

const MAX_PROXY_HOPS = 10;

/** TRUST_PROXY: a hop count (`1`: the peer is a proxy) or a comma-separated list of addresses and networks. */
function proxyTrust(value: string | undefined): ProxyTrust {
  const text = (value ?? '').trim();
  if (!text) return TRUST_NOBODY;
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > MAX_PROXY_HOPS) throw new ConfigError(`TRUST_PROXY debe ser un número de proxies entre 0 y ${MAX_PROXY_HOPS} (recibido "${value}")`);
    return { hops };
  }
  const networks = text.split(',').map((entry) => entry.trim());
  const bad = networks.find((entry) => !isProxyNetwork(entry));
  if (bad !== undefined) {
    throw new ConfigError(`TRUST_PROXY debe ser un número de proxies o una lista de direcciones y redes separadas por comas, como 127.0.0.1,10.0.0.0/8,::1 (no se entiende "${bad}")`);
  }
  return { networks };
}

const DEFAULT_MAIL_FROM = 'Arrendia <no-responder@arrendia.es>';

/** The INE's public JSON service (Tempus3): DATOS_SERIE/<código>?nult=N answers a series' last N periods. */
export const DEFAULT_INE_API_URL = 'https://servicios.ine.es/wstempus/js/ES';

/** INE_API_URL without its trailing slash; by default the INE's own. */
function ineApiUrl(value: string | undefined): string {
  const text = (value ?? '').trim() || DEFAULT_INE_API_URL;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`INE_API_URL debe ser una URL como ${DEFAULT_INE_API_URL} (recibido "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`INE_API_URL debe empezar por http:// o https:// (recibido "${text}")`);
  return text.replace(/\/+$/, '');
}

/** SMTP_URL: smtp:// (STARTTLS when the server offers it) or smtps:// (TLS from the start). */
function smtpUrl(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  if (!text) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`SMTP_URL debe ser una URL como smtp://usuario:clave@servidor:587 (recibido "${text.replace(/\/\/[^@/]*@/, '//…@')}")`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new ConfigError(`SMTP_URL debe empezar por smtp:// o smtps:// (recibido "${url.protocol}")`);
  return text;
}

/** PUBLIC_URL without its trailing slash; by default this server on localhost. */
function publicUrl(value: string | undefined, port: number): string {
  const text = (value ?? '').trim() || `http://localhost:${port}`;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new ConfigError(`PUBLIC_URL debe ser una URL como https://arrendia.example.es (recibido "${text}")`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new ConfigError(`PUBLIC_URL debe empezar por http:// o https:// (recibido "${text}")`);
  return text.replace(/\/+$/, '');
}

/** LOG_LEVEL, by default silent under jest (NODE_ENV=test) and info elsewhere. */
export function readLogLevel(env: NodeJS.ProcessEnv = process.env): LogLevel {
  const level = (env.LOG_LEVEL || (env.NODE_ENV === 'test' ? 'silent' : 'info')) as LogLevel;
  if (!LOG_LEVELS.includes(level)) {
    throw new ConfigError(`LOG_LEVEL debe ser uno de ${LOG_LEVELS.join(', ')} (recibido "${env.LOG_LEVEL}")`);
  }
  return level;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const nodeEnv = env.NODE_ENV || 'development';
  const production = nodeEnv === 'production';

  const port = Number(env.PORT || 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`PORT debe ser un número de puerto entre 0 y 65535 (recibido "${env.PORT}")`);
  }

  const sessionSecret = env.SESSION_SECRET || (production ? '' : DEV_SESSION_SECRET);
  if (!sessionSecret) {
    throw new ConfigError('Falta SESSION_SECRET: es obligatoria con NODE_ENV=production (una cadena larga y aleatoria).');
  }

  const publicCacheSeconds = seconds('PUBLIC_CACHE_SECONDS', env.PUBLIC_CACHE_SECONDS, 5, 300);
  const sessionCacheSeconds = seconds('SESSION_CACHE_SECONDS', env.SESSION_CACHE_SECONDS, 60, 3600);
  const listTotalCacheSeconds = seconds('LIST_TOTAL_CACHE_SECONDS', env.LIST_TOTAL_CACHE_SECONDS, 10, 300);
  const rentUpdateNoticeDays = wholeNumber('RENT_UPDATE_NOTICE_DAYS', env.RENT_UPDATE_NOTICE_DAYS, { fallback: RENT_UPDATE_NOTICE_DAYS, min: 31, max: 120, unit: 'días' });

  const workers = wholeNumber('WEB_CONCURRENCY', env.WEB_CONCURRENCY, { fallback: 1, min: 1, max: 64, unit: 'procesos' });
  if (workers > 1 && !env.DATABASE_URL) {
    throw new ConfigError('WEB_CONCURRENCY mayor que 1 necesita PostgreSQL (DATABASE_URL): la base embebida PGlite solo admite un proceso.');
  }

  return {
    nodeEnv,
    production,
    port,
    databaseUrl: env.DATABASE_URL || null,
    pgliteDir: path.resolve(cwd, env.PGLITE_DIR || './data/pglite'),
    sessionSecret,
    demoMode: flag('DEMO_MODE', env.DEMO_MODE) ?? !production,
    distDir: env.DIST_DIR ? path.resolve(cwd, env.DIST_DIR) : DEFAULT_DIST_DIR,
    logLevel: readLogLevel(env),
    cookieSecure: flag('COOKIE_SECURE', env.COOKIE_SECURE) ?? production,
    publicCacheSeconds,
    sessionCacheSeconds,
    listTotalCacheSeconds,
    rentUpdateNoticeDays,
    workers,
    trustProxy: proxyTrust(env.TRUST_PROXY),
    smtpUrl: smtpUrl(env.SMTP_URL),
    mailFrom: env.MAIL_FROM?.trim() || DEFAULT_MAIL_FROM,
    publicUrl: publicUrl(env.PUBLIC_URL, port),
    ineApiUrl: ineApiUrl(env.INE_API_URL),
    documentsDir: path.resolve(cwd, env.DOCUMENTS_DIR || path.join(path.dirname(env.PGLITE_DIR || './data/pglite'), 'documents')),
  };
}
