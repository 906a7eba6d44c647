/**
 * Hostile requests for one contract route, derived from its schemas: wrong types, extra
 * fields, NUL and unpaired surrogates in every string, 1 MB strings, huge numbers, broken
 * and deeply nested JSON, wrong content types, odd path and query values. Everything is
 * drawn from a generator seeded by the route id, so a run is repeatable and a new route
 * gets its own cases without shifting the others'.
 */
import type { BodyContentType, RouteDefinition } from '@reelay/core';
import * as z from 'zod';

type JsonSchema = Record<string, any>;
type Path = ReadonlyArray<string | number>;

/** One request to send; `path` and `query` are already percent-encoded. */
export interface FuzzCase {
  label: string;
  params: Record<string, string>;
  /** `?a=b…`, or empty. */
  query: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** Send the route's credential (or none for `anonymous`). */
  credential: 'route' | 'anonymous';
  /** Credential headers replacing the route's own (header fuzzing). */
  credentialHeaders?: Record<string, string>;
  /** Bearer mode with this `x-project-id` instead of the caller's project. */
  projectIdHeader?: string;
  /** The error code the answer must carry (spec §7: malformed bodies answer `FST_ERR_CTP_*`). */
  expectCode?: RegExp;
}

/** Where URL samples point: a loopback port nobody answers, so nothing leaves the machine. */
export const NOWHERE_URL = 'https://127.0.0.1:9/fuzz.jpg';

/** A 1 MB string: the largest a JSON body can carry under the 1 MiB body limit. */
const MEGABYTE_STRING = 'x'.repeat(1_000_000);
/** Long enough to hurt, short enough for Node's 16 KB request-head limit. */
const LONG_URL_TEXT = 'x'.repeat(8_000);

/** Numbers JSON can spell but JavaScript cannot hold exactly; written raw into the body. */
const RAW_NUMBERS = ['1e400', '-1e400', '9007199254740993', '1e308', '-1e308', '1.5', '-1', '0'];
const RAW_MARK = '\u0001raw:';
const raw = (text: string) => `${RAW_MARK}${text}`;

/** The native codes of spec §7 for a body that cannot be read as JSON. */
const MALFORMED = /^FST_ERR_CTP_/;

/** Strings PostgreSQL text cannot hold, or that are not valid UTF-16. */
const UNSTORABLE_STRINGS = ['a\u0000b', '\u0000', '\ud800', 'x\udc00y', '\udfff\ud800'];

/**
 * Serialises a body, writing `raw(...)` markers as bare JSON numbers.
 */
function toJsonText(value: unknown): string {
  return JSON.stringify(value).replace(
    new RegExp(`"${RAW_MARK.replace('\u0001', '\\\\u0001')}([^"]*)"`, 'g'),
    (_match, text: string) => text,
  );
}

/** A small seeded generator (mulberry32), so every run sends the same requests. */
export function seededRandom(seed: string): () => number {
  let state = 0;
  for (const char of seed) state = (Math.imul(state, 31) + char.charCodeAt(0)) | 0;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;

/** A random JSON value of any type, nested at most `depth` levels. */
function randomJson(random: () => number, depth = 3): unknown {
  const kind = Math.floor(random() * (depth > 0 ? 8 : 6));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return raw(pick(random, RAW_NUMBERS));
    case 3:
      return Math.floor(random() * 2 ** 31) * (random() < 0.5 ? -1 : 1);
    case 4:
      return randomText(random);
    case 5:
      return pick(random, UNSTORABLE_STRINGS);
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomJson(random, depth - 1));
    default:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [
          randomText(random),
          randomJson(random, depth - 1),
        ]),
      );
  }
}

/** Random text mixing ASCII, controls, accents, emoji and lone surrogates. */
function randomText(random: () => number): string {
  const alphabet = ['a', 'Z', '0', ' ', '\t', '\n', '\u0001', '\u007f', 'ç', 'ã', '😀', '\u200b'];
  const length = Math.floor(random() * 12);
  let text = '';
  for (let index = 0; index < length; index++) text += pick(random, alphabet);
  return random() < 0.2 ? `${text}\u0000` : text;
}

/** The input JSON schema of a zod schema, with `$ref`s resolvable against its `$defs`. */
function jsonSchemaOf(schema: z.ZodType): { root: JsonSchema; defs: Record<string, JsonSchema> } {
  const rendered = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return { root: rendered, defs: (rendered.$defs ?? {}) as Record<string, JsonSchema> };
}

function resolve(schema: JsonSchema, defs: Record<string, JsonSchema>): JsonSchema {
  let current = schema;
  for (let hops = 0; typeof current.$ref === 'string' && hops < 10; hops++) {
    current = defs[current.$ref.replace('#/$defs/', '')] ?? {};
  }
  return current;
}

function options(schema: JsonSchema): JsonSchema[] {
  return (schema.anyOf ?? schema.oneOf ?? []) as JsonSchema[];
}

/** A plausible value for a schema: required fields only, examples where given. */
function sampleOf(schema: JsonSchema, defs: Record<string, JsonSchema>, depth = 0): unknown {
  const resolved = resolve(schema, defs);
  if (depth > 8) return null;
  if ('const' in resolved) return resolved.const;
  if (Array.isArray(resolved.enum)) return resolved.enum[0];
  const alternatives = options(resolved);
  if (alternatives.length > 0) {
    const chosen = alternatives.find((option) => resolve(option, defs).type !== 'null');
    return chosen ? sampleOf(chosen, defs, depth + 1) : null;
  }
  switch (resolved.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const name of (resolved.required ?? []) as string[]) {
        out[name] = sampleOf(resolved.properties?.[name] ?? {}, defs, depth + 1);
      }
      return out;
    }
    case 'array': {
      const count = Math.max(1, Number(resolved.minItems ?? resolved.override?.minItems ?? 1));
      return Array.from({ length: count }, () => sampleOf(resolved.items ?? {}, defs, depth + 1));
    }
    case 'string':
      if (resolved.format === 'uri') return NOWHERE_URL;
      if (resolved.format === 'email') return 'fuzz@example.com';
      if (resolved.format === 'date-time') return '2099-01-01T10:00:00-03:00';
      if (typeof resolved.example === 'string') return resolved.example;
      return 'x'.repeat(Math.max(1, Number(resolved.minLength ?? 1)));
    case 'integer':
    case 'number':
      return Number(resolved.minimum ?? 1);
    case 'boolean':
      return true;
    default:
      return 'x';
  }
}

interface Field {
  path: Path;
  schema: JsonSchema;
}

/** Every property of the schema at every depth (array items as index 0). */
function fieldsOf(root: JsonSchema, defs: Record<string, JsonSchema>): Field[] {
  const fields: Field[] = [];
  const walk = (schema: JsonSchema, path: Path, seen: ReadonlySet<string>) => {
    if (path.length > 6) return;
    const ref = typeof schema.$ref === 'string' ? schema.$ref : null;
    if (ref && seen.has(ref)) return;
    const nextSeen = ref ? new Set([...seen, ref]) : seen;
    const resolved = resolve(schema, defs);
    if (path.length > 0) fields.push({ path, schema: resolved });
    for (const option of options(resolved)) {
      const inner = resolve(option, defs);
      if (inner.type === 'object' || inner.type === 'array') walk(option, path, nextSeen);
    }
    if (resolved.type === 'object') {
      for (const [name, property] of Object.entries(resolved.properties ?? {})) {
        walk(property as JsonSchema, [...path, name], nextSeen);
      }
    }
    if (resolved.type === 'array' && resolved.items) walk(resolved.items, [...path, 0], nextSeen);
  };
  walk(root, [], new Set());
  // A union walks its object and array options at the same path: keep one entry each.
  const unique = new Map<string, Field>();
  for (const field of fields) unique.set(JSON.stringify(field.path), field);
  return [...unique.values()];
}

/** A copy of `value` with `replacement` at `path`, creating the parents it lacks. */
function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container: any = Array.isArray(value)
    ? [...value]
    : value && typeof value === 'object'
      ? { ...value }
      : typeof head === 'number'
        ? []
        : {};
  container[head!] = setAt(container[head!], rest, replacement);
  return container;
}

function typeOf(schema: JsonSchema): string {
  if (schema.type) return String(schema.type);
  const types = options(schema).map((option) => option.type);
  return String(types.find((type) => type !== 'null') ?? 'unknown');
}

/** Values of the wrong type for a field, plus what stresses its own type. */
function valuesFor(schema: JsonSchema): unknown[] {
  const type = typeOf(schema);
  const wrong: Record<string, unknown> = {
    string: 12345,
    integer: 'texto',
    number: 'texto',
    boolean: 'true',
    array: { a: 1 },
    object: ['x'],
  };
  const values: unknown[] = [null, wrong[type] ?? {}];
  if (type === 'string') values.push(...UNSTORABLE_STRINGS, MEGABYTE_STRING);
  if (type === 'integer' || type === 'number') values.push(...RAW_NUMBERS.map(raw));
  if (type === 'array' || type === 'object') values.push(raw('1e400'));
  return values;
}

const show = (value: unknown): string => {
  if (typeof value === 'string') {
    if (value.startsWith(RAW_MARK)) return value.slice(RAW_MARK.length);
    if (value.length > 40) return `"${value.slice(0, 8)}…" (${value.length} chars)`;
    return JSON.stringify(value);
  }
  return JSON.stringify(value);
};

const fieldName = (path: Path) =>
  path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${part}`)).join('');

function jsonBodyCases(schema: z.ZodType, random: () => number, given?: unknown): FuzzCase[] {
  const { root, defs } = jsonSchemaOf(schema);
  const sample = given ?? sampleOf(root, defs);
  const json = (label: string, body: string | Buffer, expectCode?: RegExp): FuzzCase => ({
    label,
    params: {},
    query: '',
    headers: { 'content-type': 'application/json' },
    body,
    credential: 'route',
    ...(expectCode ? { expectCode } : {}),
  });
  const cases: FuzzCase[] = [json('the sample body', toJsonText(sample))];
  const fields = fieldsOf(root, defs);
  for (const field of fields) {
    for (const value of valuesFor(field.schema)) {
      cases.push(
        json(
          `body${fieldName(field.path)} = ${show(value)}`,
          toJsonText(setAt(sample, field.path, value)),
        ),
      );
    }
  }
  // Extra fields, at the top and inside every nested object.
  cases.push(json('an extra top-level field', toJsonText(setAt(sample, ['zzExtra'], 1))));
  for (const field of fields.filter((candidate) => candidate.schema.type === 'object')) {
    cases.push(
      json(
        `an extra field in body${fieldName(field.path)}`,
        toJsonText(setAt(sample, [...field.path, 'zzExtra'], '\u0000')),
      ),
    );
  }
  // Seeded random mutations: any field, any value.
  for (let round = 0; round < 12 && fields.length > 0; round++) {
    const field = pick(random, fields);
    const value = randomJson(random);
    cases.push(
      json(
        `seeded: body${fieldName(field.path)} = ${show(value)}`,
        toJsonText(setAt(sample, field.path, value)),
      ),
    );
  }
  const deepArrays = '['.repeat(100_000) + ']'.repeat(100_000);
  const deepObjects = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);
  const whole: Array<[string, string, RegExp?]> = [
    ['a truncated JSON object', '{"a":', MALFORMED],
    ['an unterminated string', '{"a":"', MALFORMED],
    ['a trailing comma', '[1,]', MALFORMED],
    ['a bare word', 'nul', MALFORMED],
    ['a NUL byte as the body', '\u0000', MALFORMED],
    ['an empty body', '', MALFORMED],
    ['a blank body', '   \n', MALFORMED],
    ['an empty array', '[]'],
    ['an array of the sample', toJsonText([sample])],
    ['null', 'null'],
    ['a JSON string', '"texto"'],
    ['a JSON number', '123'],
    ['a JSON huge number', '1e400'],
    ['true', 'true'],
    ['a __proto__ key', '{"__proto__":{"polluted":true}}'],
    ['a constructor key', '{"constructor":{"prototype":{"polluted":true}}}'],
    ['a NUL key', '{"\\u0000":"\\u0000"}'],
    ['duplicated keys', '{"a":1,"a":2}'],
    ['100 000 nested arrays', deepArrays],
    ['20 000 nested objects', deepObjects],
    ['a byte-order mark before the JSON', `\ufeff${toJsonText(sample)}`],
    ['a body over 1 MiB', toJsonText({ padding: 'x'.repeat(1_100_000) }), MALFORMED],
  ];
  for (const [label, body, expectCode] of whole) cases.push(json(label, body, expectCode));
  cases.push(json('invalid UTF-8 bytes', Buffer.from('{"a":"\xff\xfe"}', 'latin1')));
  return cases;
}

function formBodyCases(schema: z.ZodType): FuzzCase[] {
  const { root, defs } = jsonSchemaOf(schema);
  const form = (label: string, body: string): FuzzCase => ({
    label,
    params: {},
    query: '',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
    credential: 'route',
  });
  const cases: FuzzCase[] = [form('an empty form', ''), form('a form of garbage', '%%%&&==')];
  const resolved = resolve(root, defs);
  for (const name of Object.keys(resolved.properties ?? {})) {
    for (const value of ['%00', 'a%00b', '%ED%A0%80', '%FF', LONG_URL_TEXT, '']) {
      cases.push(form(`form ${name} = ${show(value)}`, `${name}=${value}`));
    }
    cases.push(form(`form ${name} twice`, `${name}=a&${name}=b`));
  }
  cases.push(form('an extra form field with NUL', 'zz%00=%00'));
  return cases;
}

function multipartCases(): FuzzCase[] {
  const multipart = (label: string, contentType: string, body: string): FuzzCase => ({
    label,
    params: {},
    query: '',
    headers: { 'content-type': contentType },
    body,
    credential: 'route',
  });
  return [
    multipart('multipart without a boundary', 'multipart/form-data', 'x'),
    multipart('multipart with garbage', 'multipart/form-data; boundary=zz', 'garbage'),
    multipart('an empty multipart body', 'multipart/form-data; boundary=zz', '--zz--\r\n'),
    multipart(
      'a multipart field with NUL',
      'multipart/form-data; boundary=zz',
      '--zz\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\n\u0000\r\n--zz--\r\n',
    ),
  ];
}

/**
 * Bodies of the wrong content type, sent to every route (with or without a body); a
 * route that takes a body answers `FST_ERR_CTP_INVALID_MEDIA_TYPE` to those it never accepts.
 */
function contentTypeCases(takesBody: boolean): FuzzCase[] {
  const typed = (contentType: string | null, body: string, refused = false): FuzzCase => ({
    label: `content type ${contentType ?? '(absent)'}`,
    params: {},
    query: '',
    headers: contentType ? { 'content-type': contentType } : {},
    body,
    credential: 'route',
    ...(refused && takesBody ? { expectCode: /^FST_ERR_CTP_INVALID_MEDIA_TYPE$/ } : {}),
  });
  return [
    typed('text/plain', '{"a":1}', true),
    typed('application/xml', '<a/>', true),
    typed(null, '{"a":1}'),
    typed('application/json; charset=utf-16', '{}'),
    typed('application/vnd.fuzz+json', '{}'),
    typed('application/x-www-form-urlencoded', 'a=%00'),
    typed('multipart/form-data', 'x'),
    typed('', '{}'),
  ];
}

function encode(text: string): string {
  // Keep percent signs written on purpose (`%00`), encode what the request line cannot carry.
  return text.replace(/[^\w%.~!$&'()*+,;=:@/-]/g, (char) => encodeURIComponent(char));
}

const PATH_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  LONG_URL_TEXT,
  '%20',
  '%2F',
  '..',
  '%F0%9F%98%80',
  '%25',
  'null',
  '-1',
  'proj_%00',
];

const QUERY_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF',
  LONG_URL_TEXT,
  '',
  '1e400',
  '99999999999999999999',
  '9007199254740993',
  '-1',
  '1.5',
  'null',
];

/** The names of an object schema's properties (path or query parameters). */
function namesOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const { root, defs } = jsonSchemaOf(schema);
  return Object.keys(resolve(root, defs).properties ?? {});
}

/**
 * Every fuzz case of a route. `sample` is a JSON body the mutations start from; without
 * one, a plausible body is made from the schema (required fields, examples).
 *
 * @example
 * ```ts
 * for (const fuzz of fuzzCases(routes.createPost, validPost)) await send(routes.createPost, fuzz);
 * ```
 */
export function fuzzCases(route: RouteDefinition, sample?: unknown): FuzzCase[] {
  const random = seededRandom(route.id);
  const plain = (label: string, change: Partial<FuzzCase>): FuzzCase => ({
    label,
    params: {},
    query: '',
    headers: {},
    credential: 'route',
    ...change,
  });
  const cases: FuzzCase[] = [plain('a plain request', {})];

  for (const name of namesOf(route.request.params)) {
    for (const value of PATH_VALUES) {
      cases.push(plain(`path ${name} = ${show(value)}`, { params: { [name]: value } }));
    }
  }
  const queryNames = namesOf(route.request.query);
  for (const name of queryNames) {
    for (const value of QUERY_VALUES) {
      cases.push(plain(`query ${name} = ${show(value)}`, { query: `?${name}=${encode(value)}` }));
    }
    cases.push(plain(`query ${name} twice`, { query: `?${name}=1&${name}=2` }));
    cases.push(plain(`query ${name}[] bracketed`, { query: `?${name}[a]=1` }));
  }
  cases.push(plain('an unknown query parameter with NUL', { query: '?zz%00=%00&zz=%ED%A0%80' }));

  const body = route.request.body ?? {};
  for (const contentType of Object.keys(body) as BodyContentType[]) {
    const schema = body[contentType]!;
    if (contentType === 'application/json') cases.push(...jsonBodyCases(schema, random, sample));
    if (contentType === 'application/x-www-form-urlencoded') cases.push(...formBodyCases(schema));
    if (contentType === 'multipart/form-data') cases.push(...multipartCases());
  }
  if (route.method !== 'GET') cases.push(...contentTypeCases(route.request.body !== undefined));

  if (route.auth !== 'public') {
    const long = 'x'.repeat(8_000);
    const credentials: Array<[string, Record<string, string>]> = [
      ['a long API key', { 'x-access-key': `rly_live_${long}` }],
      ['an API key with Latin-1 bytes', { 'x-access-key': 'rly_live_\u00ff\u00fe' }],
      ['a long Bearer token', { authorization: `Bearer ${long}` }],
      ['a Bearer token with Latin-1 bytes', { authorization: 'Bearer a.\u00ff.b' }],
      ['a Basic authorization', { authorization: 'Basic YTpi' }],
    ];
    for (const [label, headers] of credentials) {
      cases.push(plain(label, { credentialHeaders: headers }));
    }
    if (route.auth === 'key') {
      for (const projectId of ['proj_\u00ff\u00fe', long, '%00', ' ']) {
        cases.push(plain(`x-project-id = ${show(projectId)}`, { projectIdHeader: projectId }));
      }
    }
    // Without a credential: the answer is 401 whatever the input.
    for (const { expectCode: _ignored, ...fuzz } of cases.slice(0, 3)) {
      cases.push({
        ...fuzz,
        label: `${fuzz.label}, without a credential`,
        credential: 'anonymous',
      });
    }
  }
  return cases;
}

/** The percent-encoded path of a route with its parameters filled in. */
export function fillPath(route: RouteDefinition, params: Record<string, string>): string {
  return route.path.replace(/\{([^}]+)\}/g, (_match, name: string) => encode(params[name] ?? 'x'));
}
