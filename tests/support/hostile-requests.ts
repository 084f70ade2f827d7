// Hostile variants of every operation of the platform's OpenAPI document: each variant takes a request the contract
// would accept and spoils one thing of it (a path segment, a query value, a body field, the body itself, the form of
// an upload), with fixed lists of what players send to break a server. Deterministic: no randomness.
import type { RawRequest } from './raw-http.ts';

export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  format?: string;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  default?: unknown;
  description?: string;
}

interface Parameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  schema: JsonSchema;
}

interface OpenApiOperation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface Operation {
  method: string;
  /** The path template, e.g. `/api/game/{id}/notices`. */
  path: string;
  pathParams: string[];
  query: Parameter[];
  json?: JsonSchema;
  /** The form field of a multipart upload. */
  upload?: string;
}

export const operationsOf = (doc: OpenApiDocument): Operation[] =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const content = op.requestBody?.content ?? {};
      const form = content['multipart/form-data']?.schema.properties;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        json: content['application/json']?.schema,
        upload: form ? Object.keys(form)[0] : undefined,
      };
    }),
  );

/** Path segments and query values, raw as they go on the wire. */
export const hostileSegments = [
  '%00',
  'a%00b',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '4294967296',
  '9007199254740993',
  '1e308',
  '1.5',
  'NaN',
  'Infinity',
  '0x7f',
  '%E0%A4%A',
  '%',
  '%zz',
  '%C0%AF',
  'x'.repeat(4096),
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  '%5B%5D',
  "'%20OR%201=1--",
];

/** JSON texts put in place of one body field. */
export const hostileJson = [
  '"\\u0000"',
  '"a\\u0000b"',
  JSON.stringify('x'.repeat(100_000)),
  '""',
  '"  "',
  '-1',
  '0',
  '2147483648',
  '-2147483649',
  '9007199254740993',
  '1e308',
  '-1e308',
  '1e400',
  '1.5',
  'true',
  'null',
  '[]',
  '{}',
  '["x"]',
  '"2147483648"',
  '"-1"',
  '"9999-99-99T99:99:99Z"',
  '"+275760-09-13T00:00:00.001Z"',
  '"0001-01-01T00:00:00Z"',
  '"2016-12-31T23:59:60Z"',
  '"__proto__"',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
];

const hostileMarker = '\u0001hostile\u0001';
const markerJson = JSON.stringify(hostileMarker);

/** The branch of a schema a valid value takes: the first that is not `null`. */
const concrete = (schema: JsonSchema): JsonSchema =>
  schema.anyOf
    ? concrete(schema.anyOf.find((branch) => !branch.enum?.every((v) => v === null)) ?? schema.anyOf[0] ?? {})
    : schema;

const clamp = (value: number, schema: JsonSchema) =>
  Math.min(Math.max(value, schema.minimum ?? value), schema.maximum ?? value);

/** A value the schema accepts (or close to it); `named` picks values for fields whose meaning the schema can't say. */
export const sample = (schema: JsonSchema, named: Record<string, unknown>, name = ''): unknown => {
  if (name in named) return named[name];
  const s = concrete(schema);
  if (s.enum) return s.enum[0];
  if (s.default !== undefined) return s.default;
  switch (s.type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([key, inner]) => [key, sample(inner, named, key)]),
      );
    case 'array':
      return s.items ? [sample(s.items, named)] : [];
    case 'integer':
      return clamp(1, s);
    case 'number':
      return clamp(0.5, s);
    case 'boolean':
      return false;
    default:
      if (s.format === 'email') return 'fuzz@pennon.test';
      if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
      if (s.format === 'date-time') return '2030-01-01T00:00:00Z';
      return 'fuzz'.padEnd(s.minLength ?? 0, 'z').slice(0, s.maxLength ?? 64);
  }
};

type FieldPath = (string | number)[];

/** Every field of a body, nested ones included (a few levels deep), as paths into the sample. */
const fieldPaths = (schema: JsonSchema, at: FieldPath = []): FieldPath[] => {
  if (at.length > 3) return [];
  const s = concrete(schema);
  if (s.type === 'object') {
    return Object.entries(s.properties ?? {}).flatMap(([key, inner]) => [
      [...at, key],
      ...fieldPaths(inner, [...at, key]),
    ]);
  }
  if (s.type === 'array' && s.items) return [[...at, 0], ...fieldPaths(s.items, [...at, 0])];
  return [];
};

/** The sample's JSON text with the field at `path` replaced by `json`. */
const withField = (base: unknown, path: FieldPath, json: string): string => {
  const copy = structuredClone(base);
  if (path.length === 0) return json;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  parent[path.at(-1) as string | number] = hostileMarker;
  return JSON.stringify(copy).replace(markerJson, () => json);
};

export interface Variant extends RawRequest {
  label: string;
}

const json = { 'content-type': 'application/json' };

/** A multipart body built by hand: `parts` of [headers, content], then a closing boundary unless `truncated`. */
const multipart = (parts: [string, string | Buffer][], truncated = false) => {
  const boundary = 'fuzzboundary7d1c';
  const body = Buffer.concat([
    ...parts.flatMap(([headers, content]) => [
      Buffer.from(`--${boundary}\r\n${headers}\r\n\r\n`),
      Buffer.from(content),
      Buffer.from('\r\n'),
    ]),
    Buffer.from(truncated ? '' : `--${boundary}--\r\n`),
  ]);
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body };
};

const filePart = (field: string, name: string, content: string | Buffer): [string, string | Buffer] => [
  `Content-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: application/octet-stream`,
  content,
];

const uploadVariants = (field: string): Omit<Variant, 'method' | 'path'>[] => [
  { label: 'upload as JSON', headers: json, body: '{}' },
  { label: 'multipart without boundary', headers: { 'content-type': 'multipart/form-data' }, body: 'x' },
  { label: 'multipart truncated', ...multipart([filePart(field, 'a.png', 'abc')], true) },
  { label: 'multipart garbage', headers: multipart([]).headers, body: '--nope\r\n\r\n\u0000\u0000' },
  { label: 'file name with NUL', ...multipart([filePart(field, 'a\u0000.png', 'not an image')]) },
  {
    label: 'text field with NUL',
    ...multipart([[`Content-Disposition: form-data; name="note"`, 'a\u0000b']]),
  },
  { label: 'empty file', ...multipart([filePart(field, 'empty.png', '')]) },
  { label: 'junk bytes', ...multipart([filePart(field, 'junk.png', junkBytes)]) },
  { label: 'file in another field', ...multipart([filePart('other', 'a.png', 'abc')]) },
];

/** Fixed junk (a PNG signature, then noise that is the same on every run). */
const junkBytes = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 73 + 41) % 256)),
]);

/** Larger than any JSON body the server takes. */
const oversized = `{"x":"${'a'.repeat(2 * 1024 * 1024)}"}`;

export interface VariantOptions {
  /** A valid value for a path parameter of `path`. */
  pathValue(path: string, name: string): string;
  /** Values for fields whose meaning the schema can't say (start before end, a status that keeps playing…). */
  named: Record<string, unknown>;
  /** Also send a body larger than the limit. */
  oversized: boolean;
}

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** Every hostile variant of one operation. */
export const variantsOf = (op: Operation, options: VariantOptions): Variant[] => {
  const valid = Object.fromEntries(op.pathParams.map((name) => [name, options.pathValue(op.path, name)]));
  const path = fill(
    op.path,
    Object.fromEntries(Object.entries(valid).map(([k, v]) => [k, encodeURIComponent(v)])),
  );
  const base = op.json ? sample(op.json, options.named) : undefined;
  const baseBody = op.json ? { headers: json, body: JSON.stringify(base) } : {};
  const at = (label: string, to: string, rest: Omit<RawRequest, 'method' | 'path'> = baseBody) => ({
    label,
    method: op.method,
    path: to,
    ...rest,
  });
  const variants: Variant[] = [];
  for (const name of op.pathParams) {
    for (const segment of hostileSegments) {
      variants.push(at(`path ${name}=${segment.slice(0, 24)}`, fill(op.path, { ...valid, [name]: segment })));
    }
  }
  for (const { name } of op.query) {
    for (const value of [...hostileSegments, '']) {
      variants.push(at(`query ${name}=${value.slice(0, 24)}`, `${path}?${name}=${value}`));
    }
    variants.push(at(`query ${name} twice`, `${path}?${name}=1&${name}=2`));
    variants.push(at(`query ${name}[]`, `${path}?${name}[]=1`));
  }
  // Only where a query is read: elsewhere it is ignored, and the request would do what it says (sign out…).
  if (op.query.length > 0) {
    variants.push(at('query __proto__', `${path}?__proto__[polluted]=1&constructor[prototype][polluted]=1`));
  }
  if (op.json) {
    const fields = fieldPaths(op.json);
    for (const field of fields.length > 0 ? fields : [[]]) {
      for (const value of hostileJson) {
        variants.push(
          at(`body ${field.join('.')}=${value.slice(0, 24)}`, path, {
            headers: json,
            body: withField(base, field, value),
          }),
        );
      }
    }
    const text = JSON.stringify(base);
    const extra = (key: string) =>
      text.startsWith('{') && text !== '{}' ? `{"${key}":{"polluted":true},${text.slice(1)}` : text;
    const bodies: [string, Record<string, string>, string | Buffer][] = [
      ['invalid JSON', json, '{"a":'],
      ['empty JSON body', json, ''],
      ['JSON null', json, 'null'],
      ['JSON array', json, '[]'],
      ['JSON string', json, '"x"'],
      ['JSON number', json, '1'],
      ['JSON with NUL key', json, '{"a\\u0000":1}'],
      ['__proto__ key', json, extra('__proto__')],
      ['constructor key', json, extra('constructor')],
      ['text/plain', { 'content-type': 'text/plain' }, text],
      ['form-urlencoded', { 'content-type': 'application/x-www-form-urlencoded' }, 'a=1'],
      ['unknown content type', { 'content-type': 'application/x-fuzz' }, text],
      ['UTF-16 charset', { 'content-type': 'application/json; charset=utf-16' }, text],
      ['bad multipart', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\nbroken'],
      ['invalid UTF-8', json, Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d])],
    ];
    for (const [label, headers, body] of bodies) variants.push(at(label, path, { headers, body }));
    if (options.oversized) variants.push(at('oversized body', path, { headers: json, body: oversized }));
  }
  if (op.upload)
    for (const variant of uploadVariants(op.upload)) variants.push({ method: op.method, path, ...variant });
  return variants;
};

/** Methods the routes do not take, and one no HTTP parser knows. */
export const strangeMethods = ['PATCH', 'PROPFIND', 'FUZZ'];
