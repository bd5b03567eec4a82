/**
 * What the write-endpoint fuzz test (fuzz.test.ts, issue 15) sends: fast-check arbitraries of
 * abstract "plans" (replace this field by that value, drop that one, send this text as the body…)
 * that are turned into bytes against a route's valid body only when it is sent, since that body
 * holds ids the seeded database gives out at run time.
 */
import zlib from 'node:zlib';
import fc from 'fast-check';

export type Json = null | boolean | number | string | RawJson | Json[] | { [key: string]: Json };

/** A JSON token written as is: a number literal JavaScript cannot hold (1e400 parses to Infinity, -0…). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text of `value`, with RawJson tokens verbatim and own `__proto__` keys kept. */
export function toJsonText(value: Json): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value)
      .map((key) => `${JSON.stringify(key)}:${toJsonText(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function nested(depth: number, wrap: (inner: Json) => Json): Json {
  let value: Json = 1;
  for (let i = 0; i < depth; i++) value = wrap(value);
  return value;
}

/** An object whose own key is `__proto__` (an object literal would set the prototype instead). */
function protoKey(inner: Json): Json {
  const object: { [key: string]: Json } = {};
  Object.defineProperty(object, '__proto__', { value: inner, enumerable: true, configurable: true, writable: true });
  return object;
}

// Built once and shared: the same 100k+ strings would otherwise be allocated for every payload.
const HUGE_ASCII = 'x'.repeat(120_000);
const HUGE_MULTIBYTE = 'ñ€'.repeat(100_000);
const HUGE_DIGITS = '9'.repeat(100_000);
/** Over the parser's 1 MB limit: must be a 413, never a crash. */
const OVER_LIMIT = 'a'.repeat(1_100_000);
const DEEP_ARRAY = nested(1000, (inner) => [inner]);
const DEEP_OBJECT = nested(1000, (inner) => ({ a: inner }));
/** Far deeper than the 1000 levels asked for, still under 1 MB: what a recursive walk would overflow on. */
const VERY_DEEP_ARRAY = new RawJson(`${'['.repeat(200_000)}${']'.repeat(200_000)}`);
const VERY_DEEP_OBJECT = new RawJson(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
const WIDE_ARRAY: Json = Array.from({ length: 20_000 }, (_, i) => i);
const WIDE_OBJECT: Json = Object.fromEntries(Array.from({ length: 5_000 }, (_, i) => [`k${i}`, i]));

export const SQL_FRAGMENTS = [
  "'; drop table users; --",
  "' OR '1'='1",
  '1; select pg_sleep(5)',
  '1) or (1=1',
  "admin'--",
  '$1',
  '$$; drop table audit_log; $$',
  '%',
  '_',
  '\\',
  "\\'",
  '"; delete from sessions; --',
];

export const HTML_FRAGMENTS = ['<script>alert(1)</script>', '"><img src=x onerror=alert(1)>', "javascript:alert('x')", '{{7*7}}', '${7*7}', '<!--', ']]>', '&lt;b&gt;'];

export const UNICODE_STRINGS = [
  '👩‍👩‍👧‍👦🏳️‍🌈',
  '\u202egnp.exe',
  'e\u0301\u0301\u0301\u0301',
  'Z̴̡̢̛̗̘̙̜̝̞̟̠̀́̂̃̄',
  'مرحبا بالعالم',
  'שלום',
  '日本語のテキスト',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\u2028\u2029',
  '\ufeffBOM',
  '\u200b\u200c\u200d',
  'İıſK',
  '１２３',
  '١٢٣',
];

export const NUL_STRINGS = ['\u0000', 'a\u0000b', '\u0000\u0000\u0000', 'texto\u0000', '12\u0000', '2026-01-01\u0000'];

export const INVALID_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2025-02-29',
  '31/12/2026',
  '12/31/2026',
  '2026-13-01',
  '2026-00-10',
  '2026-1-1',
  '0000-01-01',
  '0001-01-01',
  '9999-12-31',
  '10000-01-01',
  '+002026-01-01',
  '-000001-01-01',
  '2026-01-01T25:00:00Z',
  '2026-06-01T10:00:00+25:00',
  '2026-06-01T10:00:00.123456789Z',
  '9999-12-31T23:59:59.999Z',
  '1900-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  '2026-03-29T02:30:00+01:00',
  '9999-12-31T23:30:00Z',
  '9999-12-31T23:00:00-12:00',
  '0001-01-01T00:00:00+14:00',
  '0001-01-01T00:00:00Z',
  'today',
  'infinity',
  '-infinity',
  'epoch',
  'allballs',
  '',
];

export const NUMBERISH_STRINGS = ['NaN', 'Infinity', '-Infinity', '1e308', '1e400', '-1e400', '-1', '0', '-0', '0x10', '0b11', '1,5', '1.005', '1e-7', '  12  ', '12abc', '99999999999999999999999', '2147483648', '-2147483649', '1_000'];

export const NUMBERS: Json[] = [
  0,
  -1,
  1,
  -0.01,
  0.001,
  1.005,
  0.1 + 0.2,
  2147483647,
  2147483648,
  -2147483649,
  4294967296,
  Number.MAX_SAFE_INTEGER,
  new RawJson('9007199254740993'),
  99999999.99,
  100000000,
  1e15,
  1e21,
  1e308,
  -1e308,
  Number.MIN_VALUE,
  new RawJson('1e400'),
  new RawJson('-1e400'),
  new RawJson('-0'),
  new RawJson('1E+2'),
  new RawJson('123456789012345678901234567890'),
];

/** A value that is wrong for (nearly) any field: types, sizes, encodings, dates, injections. */
export const nastyValue: fc.Arbitrary<Json> = fc.oneof(
  { arbitrary: fc.constantFrom<Json>(null, true, false, [], {}, [null], { '': null }, [[]], ''), weight: 3 },
  { arbitrary: fc.constantFrom(...NUMBERS), weight: 4 },
  { arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 1, max: 1_200 })), weight: 3 },
  { arbitrary: fc.constantFrom(...NUMBERISH_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom(...INVALID_DATES), weight: 3 },
  { arbitrary: fc.constantFrom(...SQL_FRAGMENTS, ...HTML_FRAGMENTS), weight: 3 },
  { arbitrary: fc.constantFrom(...UNICODE_STRINGS), weight: 3 },
  { arbitrary: fc.constantFrom(...NUL_STRINGS), weight: 2 },
  { arbitrary: fc.constantFrom<Json>(HUGE_ASCII, HUGE_MULTIBYTE, HUGE_DIGITS), weight: 2 },
  { arbitrary: fc.constantFrom<Json>(DEEP_ARRAY, DEEP_OBJECT, VERY_DEEP_ARRAY, VERY_DEEP_OBJECT, WIDE_ARRAY, WIDE_OBJECT, protoKey({ isAdmin: true }), { constructor: { prototype: { isAdmin: true } } }), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 3 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<Json>, weight: 3 },
);

/** Keys nobody's schema asks for, some of them columns a caller must not set. */
export const EXTRA_KEYS = [
  'id',
  'createdAt',
  'updatedAt',
  'ownerUserId',
  'userId',
  'roleId',
  'roleName',
  'isActive',
  'agencyId',
  'password',
  'status',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
  '',
  ' ',
  'a\u0000b',
  'x'.repeat(5_000),
  '$where',
  'select * from users',
];

/** Changes of a field's valid value that keep it close to valid: where boundaries and coercions live. */
export const TWEAKS = [
  'pad',
  'huge',
  'nul',
  'sql',
  'html',
  'unicode',
  'spaces',
  'upper',
  'asString',
  'asNumber',
  'negate',
  'scaleUp',
  'fraction',
  'wrapArray',
  'wrapObject',
  'empty',
  'whitespace',
  'null',
  'duplicate',
] as const;

/** More changes for a date or date-time value: the calendar's and the drivers' edges. */
export const DATE_TWEAKS = ['lastDay', 'firstDay', 'yearZero', 'dayOverflow', 'leapDay', 'farOffset', 'slashes', 'unpadded', 'longYear'] as const;

/** More changes for a number: the edges of the columns it is stored in. */
export const NUMBER_TWEAKS = ['zero', 'maxInt', 'overInt', 'maxMoney', 'overMoney', 'tiny', 'negate', 'scaleUp', 'fraction', 'asString'] as const;

export type Tweak = (typeof TWEAKS)[number] | (typeof DATE_TWEAKS)[number] | (typeof NUMBER_TWEAKS)[number];

const DATE_LIKE = /^\d{4}-\d{2}-\d{2}/;

/**
 * The `n`th change that suits `value`: a date gets the date edges, a number the numeric ones, as
 * often as the generic changes (each list twice over the generic one's length).
 */
export function tweakFor(value: Json, n: number): Json {
  const special: readonly Tweak[] = typeof value === 'string' && DATE_LIKE.test(value) ? DATE_TWEAKS : typeof value === 'number' ? NUMBER_TWEAKS : [];
  const list: readonly Tweak[] = special.length ? [...TWEAKS, ...Array.from({ length: TWEAKS.length }, (_, i) => special[i % special.length])] : TWEAKS;
  return tweak(value, list[n % list.length]);
}

export function tweak(value: Json, how: Tweak): Json {
  const text = typeof value === 'string' ? value : toJsonText(value);
  const time = text.slice(10);
  switch (how) {
    case 'pad':
      return typeof value === 'string' ? value + 'x'.repeat(256) : value;
    case 'huge':
      return text.repeat(Math.ceil(110_000 / Math.max(1, text.length))).slice(0, 110_000);
    case 'nul':
      return `${text.slice(0, 1)}\u0000${text.slice(1)}`;
    case 'sql':
      return `${text}' OR 1=1 --`;
    case 'html':
      return `${text}<script>alert(1)</script>`;
    case 'unicode':
      return `${text}👩‍👩‍👧\u202e\u0301`;
    case 'spaces':
      return `   ${text}   `;
    case 'upper':
      return text.toUpperCase();
    case 'asString':
      return text;
    case 'asNumber':
      return typeof value === 'number' ? value : Number.isFinite(Number(text)) ? Number(text) : text.length;
    case 'negate':
      return typeof value === 'number' ? -value - 1 : `-${text}`;
    case 'scaleUp':
      return typeof value === 'number' ? value * 1e12 : `${text}000000000000`;
    case 'fraction':
      return typeof value === 'number' ? value + 0.001 : `${text}.001`;
    case 'wrapArray':
      return [value];
    case 'wrapObject':
      return { value };
    case 'empty':
      return '';
    case 'whitespace':
      return ' \t\n ';
    case 'null':
      return null;
    case 'duplicate':
      return Array.isArray(value) ? [...value, ...value] : [value, value];
    // Dates ('2026-06-01' or '2026-06-01T10:00:00.000Z'): the rest of the value is kept.
    case 'lastDay':
      return time ? '9999-12-31T23:30:00.000Z' : '9999-12-31';
    case 'firstDay':
      return time ? '0001-01-01T00:00:00+14:00' : '0001-01-01';
    case 'yearZero':
      return `0000${text.slice(4)}`;
    case 'dayOverflow':
      return `${text.slice(0, 5)}04-31${time}`;
    case 'leapDay':
      return `2025-02-29${time}`;
    case 'farOffset':
      return time ? `${text.slice(0, 19)}-23:59` : `${text}T23:59:59+23:59`;
    case 'slashes':
      return `${text.slice(8, 10)}/${text.slice(5, 7)}/${text.slice(0, 4)}`;
    case 'unpadded':
      return `${Number(text.slice(0, 4))}-${Number(text.slice(5, 7))}-${Number(text.slice(8, 10))}${time}`;
    case 'longYear':
      return `+0${text}`;
    // Numbers: the edges of INTEGER and NUMERIC(10,2).
    case 'zero':
      return 0;
    case 'maxInt':
      return 2147483647;
    case 'overInt':
      return 2147483648;
    case 'maxMoney':
      return 99999999.99;
    case 'overMoney':
      return 100000000;
    case 'tiny':
      return 0.004;
  }
}

/** Bodies that are not the JSON object a route reads, sent with their own content type. */
export interface RawBody {
  contentType: string | null;
  bytes: Buffer;
  contentEncoding?: string;
}

const utf8 = (text: string) => Buffer.from(text, 'utf8');

export const RAW_BODIES: RawBody[] = [
  { contentType: 'application/json', bytes: utf8('{') },
  { contentType: 'application/json', bytes: utf8('{"a":}') },
  { contentType: 'application/json', bytes: utf8("{'a':1}") },
  { contentType: 'application/json', bytes: utf8('null') },
  { contentType: 'application/json', bytes: utf8('"texto"') },
  { contentType: 'application/json', bytes: utf8('123') },
  { contentType: 'application/json', bytes: utf8('true') },
  { contentType: 'application/json', bytes: utf8('') },
  { contentType: 'application/json', bytes: utf8('   ') },
  { contentType: 'application/json', bytes: utf8('\u0000') },
  { contentType: 'application/json', bytes: utf8('{"a":1}{"b":2}') },
  { contentType: 'application/json', bytes: utf8('\ufeff{}') },
  { contentType: 'application/json', bytes: Buffer.from([0xff, 0xfe, 0x00, 0x7b, 0x7d]) },
  { contentType: 'application/json', bytes: Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]) },
  { contentType: 'application/json; charset=latin1', bytes: utf8('{"a":"ñ"}') },
  { contentType: 'application/json; charset=utf-16', bytes: Buffer.from('{"a":1}', 'utf16le') },
  { contentType: 'application/json; charset=klingon', bytes: utf8('{}') },
  { contentType: 'application/json', bytes: utf8('{"a":1}'), contentEncoding: 'gzip' },
  // Real gzip: 20 MB of spaces in 20 kB (a bomb against the 1 MB limit), and a million levels of nesting.
  { contentType: 'application/json', bytes: zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, 0x20)), contentEncoding: 'gzip' },
  { contentType: 'application/json', bytes: zlib.gzipSync(utf8(`${'['.repeat(400_000)}${']'.repeat(400_000)}`)), contentEncoding: 'gzip' },
  { contentType: 'application/json', bytes: zlib.gzipSync(utf8('{"a":1}')).subarray(0, 12), contentEncoding: 'gzip' },
  { contentType: 'application/json', bytes: utf8('{"a":1}'), contentEncoding: 'deflate' },
  { contentType: 'application/json', bytes: utf8('{"a":1}'), contentEncoding: 'br' },
  { contentType: 'application/json', bytes: utf8('{"a":1}'), contentEncoding: 'compress' },
  { contentType: 'application/json', bytes: utf8(`{"a":"${OVER_LIMIT}"}`) },
  { contentType: 'text/plain', bytes: utf8('{"a":1}') },
  { contentType: 'application/x-www-form-urlencoded', bytes: utf8('a=1&b[c]=2&__proto__[x]=1') },
  { contentType: 'multipart/form-data; boundary=xyz', bytes: utf8('--xyz\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--xyz--\r\n') },
  { contentType: 'multipart/form-data', bytes: utf8('sin límite') },
  { contentType: 'application/xml', bytes: utf8('<?xml version="1.0"?><!DOCTYPE a [<!ENTITY x SYSTEM "file:///etc/passwd">]><a>&x;</a>') },
  { contentType: null, bytes: utf8('{"a":1}') },
  { contentType: 'application/json', bytes: utf8('{"a":1,"a":{"b":2}}') },
];

/** Path segments that are not an id a route expects (already URL-safe, as a client would send them). */
export const NASTY_SEGMENTS = [
  '0',
  '-1',
  '1e30',
  '1.5',
  '+1',
  '0x10',
  'abc',
  '1%3Bdrop%20table%20users',
  "1'%20or%20'1'%3D'1",
  '%00',
  '1%00',
  '%2e%2e%2f%2e%2e%2f',
  '..',
  '9'.repeat(400),
  '2147483648',
  '99999999999',
  '00000000001',
  '%201',
  '%F0%9F%98%80',
  '%EF%BC%91',
  '%',
  '%zz',
  '%E0%A4%A',
  '%C0%AF',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '%5B%5D',
  '__proto__',
  'constructor',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  'x'.repeat(5_000),
];

/** A segment: one of the list, or random text (a number, any unicode) percent-encoded. */
export const nastySegment: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...NASTY_SEGMENTS), weight: 5 },
  { arbitrary: fc.integer().map(String), weight: 1 },
  { arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 30 }).map(encodeURIComponent), weight: 2 },
);

// ---------------------------------------------------------------------------------------------
// JSON plans

export type BodyPlan =
  | { kind: 'valid' }
  | { kind: 'replace'; picks: number[]; values: Json[] }
  | { kind: 'tweak'; picks: number[]; tweaks: number[] }
  | { kind: 'drop'; picks: number[] }
  | { kind: 'extra'; entries: [string, Json][]; replace: boolean; value: Json; pick: number }
  | { kind: 'whole'; value: Json }
  | { kind: 'raw'; body: number }
  | { kind: 'random'; value: Json };

export interface Plan {
  body: BodyPlan;
  /** Which path parameter (index) gets which segment instead of its real value. */
  param: { pick: number; segment: string } | null;
}

const picks = fc.array(fc.nat(), { minLength: 1, maxLength: 3 });

export const bodyPlan: fc.Arbitrary<BodyPlan> = fc.oneof(
  { arbitrary: fc.constant<BodyPlan>({ kind: 'valid' }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('replace' as const), picks, values: fc.array(nastyValue, { minLength: 3, maxLength: 3 }) }), weight: 10 },
  { arbitrary: fc.record({ kind: fc.constant('tweak' as const), picks, tweaks: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }) }), weight: 8 },
  { arbitrary: fc.record({ kind: fc.constant('drop' as const), picks }), weight: 3 },
  {
    arbitrary: fc.record({
      kind: fc.constant('extra' as const),
      entries: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ unit: 'binary', maxLength: 12 })), nastyValue), { minLength: 1, maxLength: 3 }),
      replace: fc.boolean(),
      value: nastyValue,
      pick: fc.nat(),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('whole' as const),
      value: fc.oneof(nastyValue, fc.constantFrom<Json>([{}], [[]], 'body', 0, true, null, DEEP_ARRAY, DEEP_OBJECT, VERY_DEEP_ARRAY, VERY_DEEP_OBJECT, protoKey({ roleName: 'super_admin' }))),
    }),
    weight: 3,
  },
  { arbitrary: fc.record({ kind: fc.constant('raw' as const), body: fc.nat({ max: RAW_BODIES.length - 1 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('random' as const), value: fc.anything({ maxDepth: 3, withBoxedValues: false, withNullPrototype: true, withObjectString: true }).map(toJsonValue) }), weight: 2 },
);

/** What fc.anything() gives, as JSON: undefined, functions, symbols and bigints turned into text a parser will see. */
function toJsonValue(value: unknown): Json {
  if (value === undefined) return new RawJson('null');
  if (typeof value === 'bigint') return new RawJson(value.toString());
  if (typeof value === 'number') return Number.isFinite(value) ? value : new RawJson(Number.isNaN(value) ? '"NaN"' : value > 0 ? '1e400' : '-1e400');
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value;
  if (Array.isArray(value)) return value.map(toJsonValue);
  if (typeof value === 'object') {
    const out: { [key: string]: Json } = {};
    for (const key of Object.keys(value)) Object.defineProperty(out, key, { value: toJsonValue((value as Record<string, unknown>)[key]), enumerable: true, configurable: true, writable: true });
    return out;
  }
  return String(value);
}

/** One time in five, one of the `params` path parameters gets a wrong segment instead of its real value. */
function paramPlan(params: number): fc.Arbitrary<Plan['param']> {
  if (params === 0) return fc.constant(null);
  return fc.oneof({ arbitrary: fc.constant(null), weight: 4 }, { arbitrary: fc.record({ pick: fc.nat({ max: params - 1 }), segment: nastySegment }), weight: 1 });
}

/** A plan for a route with `params` path parameters: a body plan, and now and then a wrong id in the path. */
export function planFor(params: number): fc.Arbitrary<Plan> {
  const param = paramPlan(params);
  return fc.record({ body: bodyPlan, param });
}

/** The bytes a JSON plan sends for a route whose valid body is `base`. */
export function materialize(plan: BodyPlan, base: { [key: string]: Json }): RawBody {
  const json = (value: Json): RawBody => ({ contentType: 'application/json', bytes: utf8(toJsonText(value)) });
  const keys = Object.keys(base);
  const keyAt = (n: number) => keys[n % keys.length];
  switch (plan.kind) {
    case 'valid':
      return json(base);
    case 'replace':
    case 'tweak': {
      if (!keys.length) return json(plan.kind === 'replace' ? { value: plan.values[0] } : {});
      const body = { ...base };
      plan.picks.forEach((pick, i) => {
        const key = keyAt(pick);
        body[key] = plan.kind === 'replace' ? plan.values[i % plan.values.length] : tweakFor(base[key], plan.tweaks[i % plan.tweaks.length]);
      });
      return json(body);
    }
    case 'drop': {
      const body = { ...base };
      for (const pick of plan.picks) if (keys.length) delete body[keyAt(pick)];
      return json(body);
    }
    case 'extra': {
      const body = { ...base };
      if (plan.replace && keys.length) body[keyAt(plan.pick)] = plan.value;
      for (const [key, value] of plan.entries) Object.defineProperty(body, key, { value, enumerable: true, configurable: true, writable: true });
      return json(body);
    }
    case 'whole':
    case 'random':
      return json(plan.value);
    case 'raw':
      return RAW_BODIES[plan.body];
  }
}

// ---------------------------------------------------------------------------------------------
// Multipart plans

/** The first bytes each detected type starts with; the rest of the file is filler. */
const MAGIC: Record<string, Buffer> = {
  // A whole 2×2 PNG (the filler after it is ignored): the listing photos are decoded, not only sniffed.
  png: Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAADklEQVQImWPoAAMGCAUALK4GYSSeFPoAAAAASUVORK5CYII=', 'base64'),
  jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0]),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  pdf: Buffer.from('%PDF-1.4\n%âãÏÓ\n', 'latin1'),
  svg: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
  html: Buffer.from('<!doctype html><script>alert(1)</script>'),
  exe: Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
  text: Buffer.from('hola\u0000mundo'),
  empty: Buffer.alloc(0),
  // Only a baseline sends it (an import's valid file: fuzzRoutes' validFile): not among FILE_KINDS.
  csv: Buffer.from('Nombre;Calle;Ciudad;Provincia;Código postal\nCasa Fuzz;Calle Mayor;Madrid;Madrid;28013\n'),
};
export const FILE_KINDS = ['png', 'jpeg', 'gif', 'pdf', 'svg', 'html', 'exe', 'text', 'empty', 'random', 'oversize'] as const;
export type FileKind = (typeof FILE_KINDS)[number] | 'csv';

export const FILE_NAMES = [
  'foto.png',
  'contrato.pdf',
  '',
  ' ',
  `${'x'.repeat(5_000)}.png`,
  'a\u0000b.png',
  '\u0000',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/absoluta.pdf',
  '😀.png',
  '\u202egnp.exe',
  '<script>alert(1)</script>.png',
  "'; drop table documents; --.pdf",
  'con',
  '.htaccess',
  'e\u0301.pdf',
  'com"illa.png',
  'línea\r\nContent-Type: text/html.png',
];

export interface FilePart {
  field: string;
  kind: FileKind;
  name: string;
  contentType: string;
  /** Random filler bytes after the magic bytes. */
  size: number;
  /** The name sent as RFC 5987 filename* instead of filename. */
  extendedName: boolean;
}

export interface MultipartPlan {
  /** Form fields: base ones replaced, dropped or added. */
  fields: { kind: 'base' } | { kind: 'replace'; picks: number[]; values: string[] } | { kind: 'drop'; picks: number[] } | { kind: 'extra'; entries: [string, string][] };
  files: FilePart[];
  /** Instead of multipart: a JSON or raw body (the upload refuses anything that is not multipart). */
  notMultipart: BodyPlan | null;
  /** A broken multipart body: truncated, boundary missing, garbage between parts. */
  broken: 'none' | 'truncated' | 'noClosing' | 'wrongBoundary' | 'garbage';
  param: { pick: number; segment: string } | null;
}

/** A form field's value: multipart carries text only, so every nasty value as text. */
const fieldText: fc.Arbitrary<string> = nastyValue.map((v) => (typeof v === 'string' ? v : toJsonText(v)).slice(0, 2_000));

const filePart = (validField: string): fc.Arbitrary<FilePart> =>
  fc.record({
    field: fc.oneof({ arbitrary: fc.constant(validField), weight: 8 }, { arbitrary: fc.constantFrom('files', 'FILE', '', 'file[]', 'a\u0000b'), weight: 1 }),
    kind: fc.constantFrom(...FILE_KINDS),
    name: fc.oneof({ arbitrary: fc.constantFrom(...FILE_NAMES), weight: 4 }, { arbitrary: fc.string({ unit: 'binary', maxLength: 40 }), weight: 1 }),
    contentType: fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'application/octet-stream', '', 'image/png; charset=\u0000', '../../x'),
    size: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 2_048 }), fc.integer({ min: 2_049, max: 65_536 })),
    extendedName: fc.boolean(),
  });

export function multipartPlanFor(params: number, fileField = 'file'): fc.Arbitrary<MultipartPlan> {
  const param = paramPlan(params);
  return fc.record({
    fields: fc.oneof(
      { arbitrary: fc.constant({ kind: 'base' as const }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('replace' as const), picks, values: fc.array(fieldText, { minLength: 3, maxLength: 3 }) }), weight: 4 },
      { arbitrary: fc.record({ kind: fc.constant('drop' as const), picks }), weight: 1 },
      { arbitrary: fc.record({ kind: fc.constant('extra' as const), entries: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 10 })), fieldText), { minLength: 1, maxLength: 6 }) }), weight: 1 },
    ),
    files: fc.oneof({ arbitrary: fc.array(filePart(fileField), { minLength: 1, maxLength: 1 }), weight: 8 }, { arbitrary: fc.constant<FilePart[]>([]), weight: 1 }, { arbitrary: fc.array(filePart(fileField), { minLength: 2, maxLength: 3 }), weight: 1 }),
    notMultipart: fc.oneof({ arbitrary: fc.constant(null), weight: 6 }, { arbitrary: bodyPlan, weight: 1 }),
    broken: fc.oneof({ arbitrary: fc.constant('none' as const), weight: 12 }, { arbitrary: fc.constantFrom('truncated' as const, 'noClosing' as const, 'wrongBoundary' as const, 'garbage' as const), weight: 1 }),
    param,
  });
}

/** Deterministic filler (no Math.random: the same seed sends the same bytes). */
function filler(size: number, seed: number): Buffer {
  const bytes = Buffer.alloc(size);
  let x = seed | 1;
  for (let i = 0; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

function fileBytes(part: FilePart, maxBytes: number): Buffer {
  if (part.kind === 'oversize') return Buffer.concat([MAGIC.png, Buffer.alloc(maxBytes + 1 - MAGIC.png.length)]);
  if (part.kind === 'random') return filler(Math.max(1, part.size), part.size + 7);
  const magic = MAGIC[part.kind];
  return part.kind === 'empty' ? magic : Buffer.concat([magic, filler(part.size, part.size + 1)]);
}

/** The bytes of a multipart plan against a route's valid form fields. */
export function materializeMultipart(plan: MultipartPlan, baseFields: Record<string, string>, maxBytes: number): RawBody {
  if (plan.notMultipart) return materialize(plan.notMultipart, baseFields);
  const fields = { ...baseFields };
  const keys = Object.keys(baseFields);
  const keyAt = (n: number) => keys[n % keys.length];
  const extra: [string, string][] = [];
  if (plan.fields.kind === 'replace' && keys.length) {
    const { values } = plan.fields;
    plan.fields.picks.forEach((pick, i) => (fields[keyAt(pick)] = values[i % values.length]));
  } else if (plan.fields.kind === 'drop') {
    for (const pick of plan.fields.picks) if (keys.length) delete fields[keyAt(pick)];
  } else if (plan.fields.kind === 'extra') {
    extra.push(...plan.fields.entries);
  }
  const boundary = '----arrendiafuzz7MA4YWxkTrZu0gW';
  const parts: Buffer[] = [];
  for (const [name, value] of [...Object.entries(fields), ...extra]) {
    parts.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const file of plan.files) {
    const disposition = file.extendedName ? `filename*=UTF-8''${encodeURIComponent(file.name)}` : `filename="${file.name}"`;
    const type = file.contentType ? `\r\nContent-Type: ${file.contentType}` : '';
    parts.push(utf8(`--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; ${disposition}${type}\r\n\r\n`), fileBytes(file, maxBytes), utf8('\r\n'));
  }
  let body = Buffer.concat([...parts, utf8(`--${boundary}--\r\n`)]);
  let header = `multipart/form-data; boundary=${boundary}`;
  switch (plan.broken) {
    case 'truncated':
      body = body.subarray(0, Math.floor(body.length / 2));
      break;
    case 'noClosing':
      body = Buffer.concat(parts);
      break;
    case 'wrongBoundary':
      header = 'multipart/form-data; boundary=otra';
      break;
    case 'garbage':
      body = Buffer.concat([utf8('basura\r\n\r\n--'), body.subarray(0, 100), filler(300, 3), body.subarray(100)]);
      break;
    case 'none':
      break;
  }
  return { contentType: header, bytes: body };
}

/** A short, printable description of what was sent (for the failure list). */
export function describeBody(body: RawBody, max = 300): string {
  // eslint-disable-next-line no-control-regex
  const text = body.bytes.subarray(0, max * 4).toString('utf8').replace(/[\u0000-\u001f]/g, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
  const cut = text.length > max ? `${text.slice(0, max)}… (${body.bytes.length} bytes)` : text;
  return `${body.contentType ?? '(sin Content-Type)'}${body.contentEncoding ? ` [${body.contentEncoding}]` : ''} ${cut}`;
}
