import fc from 'fast-check';
import type { ApiOperation, JsonSchema } from './openapi';

/**
 * fast-check arbitraries from the JSON schemas of the OpenAPI document (`apiOperations`),
 * for the generated bad-input tests: valid values, and requests that the document itself
 * says must be refused (a wrong type, a required field left out, a field too long, out of
 * range or outside its enum, an extra field in a strict object, a NUL or a lone surrogate,
 * a body that is no JSON or too large, another content type). docs/api-conventions.md.
 */

type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object' | 'null';

/** The JSON types a schema allows; null when it allows any. */
export function allowedTypes(schema: JsonSchema): Set<JsonType> | null {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) {
    const all = new Set<JsonType>();
    for (const alternative of alternatives) {
      const types = allowedTypes(alternative);
      if (!types) return null;
      for (const type of types) all.add(type);
    }
    if (schema.nullable) all.add('null');
    return all;
  }
  if (schema.allOf?.length) return allowedTypes(schema.allOf[0] as JsonSchema);
  if (schema.enum) return new Set(schema.enum.map((value) => jsonTypeOf(value)));
  if ('const' in schema) return new Set([jsonTypeOf(schema.const)]);
  if (schema.type === undefined) return null;
  const types = new Set((Array.isArray(schema.type) ? schema.type : [schema.type]) as JsonType[]);
  if (schema.nullable) types.add('null');
  return types;
}

function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

function accepts(types: Set<JsonType>, value: unknown): boolean {
  const type = jsonTypeOf(value);
  if (types.has(type)) return true;
  return type === 'integer' && types.has('number');
}

/** Texts that break careless code: emoji, combining marks, right-to-left, zero-width, look-alike numbers. */
export const awkwardTexts = [
  '',
  ' ',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  'e\u0301\u0301\u0301\u0301',
  'Z̷̢̛͓a̸̛̜l̵̪̆g̷̣̈́o̶̱̊',
  '\u202Eتجربة עברית\u202C',
  '\u200B\u200D\uFEFF',
  'NaN',
  'Infinity',
  '-0',
  '1e999',
  '0x10',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  "'; DROP TABLE orders; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}{{7*7}}',
];

/** Values of every JSON type, for a field that must have another type. */
const anyTypeValues: unknown[] = [
  ...awkwardTexts,
  0,
  -1,
  0.5,
  -2_147_483_649,
  2 ** 53 + 1,
  1e308,
  -1e308,
  true,
  false,
  null,
  [],
  [null],
  {},
  { $gt: '' },
];

const text = (options: { minLength?: number; maxLength?: number }) => {
  const min = options.minLength ?? 0;
  const max = Math.max(min, Math.min(options.maxLength ?? 30, min + 30));
  return fc.oneof(fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }), fc.constantFrom(...awkwardTexts).filter((t) => t.length >= min && t.length <= max));
};

/**
 * A value that the schema's JSON types accept (refinements the document cannot tell may
 * still refuse it). `awkward`: at the edges of what is allowed: texts of exactly the
 * longest length in emoji or letters with accents, right-to-left and zero-width text,
 * numbers at their bounds, null wherever allowed, an extra field in an object that does
 * not forbid one.
 */
export function validValue(schema: JsonSchema, awkward = false): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if ('const' in schema) return fc.constant(schema.const);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => validValue(a, awkward)), ...(schema.nullable ? [fc.constant(null)] : []));
  if (schema.allOf?.length) return validValue(schema.allOf[0] as JsonSchema, awkward);
  const types = allowedTypes(schema);
  if (!types) return fc.jsonValue({ maxDepth: 2 });
  return fc.oneof(...[...types].map((type) => (awkward ? awkwardOfType(schema, type) : validOfType(schema, type))));
}

function awkwardOfType(schema: JsonSchema, type: JsonType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string': {
      if (schema.format || schema.pattern) return validText(schema);
      const max = Math.min(schema.maxLength ?? 2000, 100_000);
      const min = schema.minLength ?? 0;
      const edges = [
        'ä'.repeat(max),
        '😀'.repeat(Math.floor(max / 2)),
        'e\u0301'.repeat(Math.floor(max / 2)),
        '\u202Eעברית'.repeat(Math.floor(max / 6)),
        ...awkwardTexts,
      ].filter((t) => t.length >= min && t.length <= max);
      return fc.oneof(fc.constantFrom(...(edges.length > 0 ? edges : ['x'.repeat(min)])), validText(schema));
    }
    case 'integer':
    case 'number': {
      const min = numberBound(schema, 'min');
      const max = numberBound(schema, 'max');
      const edges = [min, max, 0, -1, 1, 2_147_483_647, 9_007_199_254_740_991].filter((n): n is number => n !== undefined && (min === undefined || n >= min) && (max === undefined || n <= max));
      return fc.oneof(fc.constantFrom(...(edges.length > 0 ? edges : [0])), validOfType(schema, type));
    }
    case 'array': {
      const min = schema.minItems ?? 0;
      return fc.array(validValue(schema.items ?? {}, true), { minLength: min, maxLength: Math.min(schema.maxItems ?? min + 3, min + 3) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => key in properties);
      const record = fc.record(Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property, true)])), { requiredKeys: required });
      if (schema.additionalProperties === false) return record;
      return fc.tuple(record, fc.option(fc.constantFrom(...awkwardTexts), { nil: undefined })).map(([value, extra]) => (extra === undefined ? value : { ...(value as object), onbekend_veld: extra }));
    }
    default:
      return validOfType(schema, type);
  }
}

function validOfType(schema: JsonSchema, type: JsonType): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: Math.ceil(numberBound(schema, 'min') ?? -1000), max: Math.floor(numberBound(schema, 'max') ?? 100_000) });
    case 'number':
      return fc.double({ min: numberBound(schema, 'min') ?? -1000, max: numberBound(schema, 'max') ?? 100_000, noNaN: true, noDefaultInfinity: true });
    case 'string':
      return validText(schema);
    case 'array': {
      const items = schema.items ?? {};
      const min = schema.minItems ?? 0;
      return fc.array(validValue(items), { minLength: min, maxLength: Math.min(schema.maxItems ?? min + 3, min + 3) });
    }
    case 'object': {
      const properties = schema.properties ?? {};
      const required = (schema.required ?? []).filter((key) => key in properties);
      return fc.record(Object.fromEntries(Object.entries(properties).map(([key, property]) => [key, validValue(property)])), { requiredKeys: required });
    }
  }
}

function numberBound(schema: JsonSchema, side: 'min' | 'max'): number | undefined {
  const inclusive = side === 'min' ? schema.minimum : schema.maximum;
  const exclusive = schema[side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum'];
  if (typeof exclusive === 'number') return side === 'min' ? exclusive + 1 : exclusive - 1;
  return inclusive;
}

function validText(schema: JsonSchema): fc.Arbitrary<string> {
  const within = (value: string) => value.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return fc.emailAddress().filter(within);
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  }
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern)).filter(within);
    } catch {
      /* a pattern JavaScript cannot read: plain text */
    }
  }
  return text(schema);
}

/** A value the schema refuses by its JSON type, range, length or enum; null when nothing is sure to be refused. */
export function invalidValue(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const choices: fc.Arbitrary<unknown>[] = [];
  const types = allowedTypes(schema);
  if (types) {
    const wrong = anyTypeValues.filter((value) => !accepts(types, value));
    if (wrong.length > 0) choices.push(fc.constantFrom(...wrong));
  }
  const only = (type: JsonType) => types !== null && types.size === 1 + (types.has('null') ? 1 : 0) && types.has(type) && !schema.anyOf && !schema.oneOf;
  if (schema.enum && types) {
    const strings = schema.enum.filter((value): value is string => typeof value === 'string');
    if (strings.length === schema.enum.length) choices.push(fc.oneof(fc.constantFrom(...strings.map((s) => `${s}x`), ...strings.map((s) => s.toUpperCase() + '\u0301')), fc.constant('')).filter((s) => !strings.includes(s)));
  }
  if (only('string') && !schema.enum) {
    if (schema.maxLength !== undefined) {
      const max = schema.maxLength;
      // Longer in code points (as JSON Schema counts), so longer in UTF-16 units too.
      choices.push(fc.oneof(fc.integer({ min: max + 1, max: max + 50 }), fc.constant(Math.max(max * 2, max + 1))).map((length) => Array.from('ä😀x'.repeat(Math.ceil(length / 3) + 1)).slice(0, length).join('')));
    }
    if (schema.minLength !== undefined && schema.minLength > 0) choices.push(fc.constant(''));
    if (schema.format === 'uuid') choices.push(fc.constantFrom('not-a-uuid', '00000000-0000-0000-0000-00000000000g', `${'a'.repeat(8)}-${'b'.repeat(4)}`));
    // Refused before validation by the input guard, whatever the field.
    choices.push(fc.constantFrom('met\u0000nul', 'los \uD800 surrogaat', '\uDC00'));
  }
  if ((only('integer') || only('number')) && !schema.enum) {
    const min = numberBound(schema, 'min');
    const max = numberBound(schema, 'max');
    if (min !== undefined) choices.push(fc.constantFrom(min - 1, min - 1e9, -1e308));
    if (max !== undefined) choices.push(fc.constantFrom(max + 1, max + 1e9, 1e308));
    if (only('integer')) choices.push(fc.constantFrom(0.5, -1.25, 1e-9));
  }
  if (only('array')) {
    if (schema.maxItems !== undefined && schema.maxItems < 5000) {
      const item = validValue(schema.items ?? {});
      const max = schema.maxItems;
      choices.push(fc.array(item, { minLength: max + 1, maxLength: max + 1 }));
    }
    if (schema.minItems !== undefined && schema.minItems > 0) choices.push(fc.constant([]));
  }
  return choices.length > 0 ? fc.oneof(...choices) : null;
}

type Path = (string | number)[];

/** Every place inside a value of this schema that can be made invalid: its path, its schema. */
function invalidPlaces(schema: JsonSchema, value: unknown, path: Path = []): Array<{ path: Path; schema: JsonSchema; invalid: fc.Arbitrary<unknown> | 'missing' | 'extra' }> {
  const places: ReturnType<typeof invalidPlaces> = [];
  const here = invalidValue(schema);
  if (here) places.push({ path, schema, invalid: here });
  if (Array.isArray(value) && schema.items) {
    value.forEach((item, index) => places.push(...invalidPlaces(schema.items as JsonSchema, item, [...path, index])));
  } else if (value !== null && typeof value === 'object' && schema.properties) {
    const record = value as Record<string, unknown>;
    for (const key of schema.required ?? []) if (key in record) places.push({ path: [...path, key], schema, invalid: 'missing' });
    if (schema.additionalProperties === false) places.push({ path: [...path, 'onbekend_veld'], schema, invalid: 'extra' });
    for (const [key, property] of Object.entries(schema.properties)) {
      if (key in record) places.push(...invalidPlaces(property, record[key], [...path, key]));
    }
  }
  return places;
}

function setAt(value: unknown, path: Path, replace: (old: unknown) => unknown | typeof remove): unknown {
  if (path.length === 0) return replace(value);
  const [head, ...rest] = path as [string | number, ...Path];
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  const next = setAt(copy[head], rest, replace);
  if (next === remove) delete copy[head];
  else copy[head] = next;
  return copy;
}
const remove = Symbol('remove');

/** A value of the schema with one place made invalid (at any depth); null when no place can be. */
export function invalidBody(schema: JsonSchema): fc.Arbitrary<unknown> | null {
  const probe = invalidPlaces(schema, undefined);
  if (probe.length === 0 && !schema.properties && !schema.items) return null;
  return validValue(schema).chain((valid) => {
    const places = invalidPlaces(schema, valid);
    if (places.length === 0) return fc.constant(undefined);
    return fc.constantFrom(...places).chain((place) => {
      if (place.invalid === 'missing') return fc.constant(setAt(valid, place.path, () => remove));
      if (place.invalid === 'extra') return fc.constantFrom(...anyTypeValues).map((extra) => setAt(valid, place.path, () => extra));
      return place.invalid.map((bad) => setAt(valid, place.path, () => bad));
    });
  });
}

/** One request as sent: the query, the path's values and what goes in the body. */
export interface GeneratedRequest {
  pathValues: Record<string, string>;
  /** Sent as written (already URL-encoded). */
  rawPath?: string;
  query: Record<string, string>;
  body:
    | { kind: 'none' }
    | { kind: 'json'; value: unknown }
    | { kind: 'raw'; text: string; contentType: string }
    | { kind: 'form'; fields: Array<{ name: string; value: string; file?: { bytes: number; type: string; filename: string } }> };
  /** What makes it invalid, for the failure message. */
  why: string;
}

/** Texts that are no JSON, or JSON of the wrong shape. */
export const malformedJson = ['', '{', '{"a":', '{"a":1,}', "{'a':1}", '[1,2', 'undefined', 'NaN', '{"a":1}{"b":2}', '\uFEFF{}', '{"a":"\\ud800"}', '{"a":"\\u0000"}', '{"__proto__":{"x":1}}', '"tekst"', '12', 'null', '[]'];

const paramText = (schema: JsonSchema): fc.Arbitrary<string> => {
  const valid = validValue(schema).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fc.oneof({ weight: 3, arbitrary: valid }, { weight: 1, arbitrary: fc.constantFrom(...awkwardTexts.filter(Boolean)) });
};

const uuidText = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * True when a parameter's text is refused whatever the call makes of it (a text may be
 * read as a number or a boolean). A lone surrogate in a query is decoded leniently (to
 * U+FFFD), so only a path counts on it being refused.
 */
export function paramTextRefused(schema: JsonSchema, value: string, where: 'path' | 'query'): boolean {
  if (value.includes('\u0000')) return true;
  if (/[\uD800-\uDFFF]/.test(value)) return where === 'path';
  const types = allowedTypes(schema);
  if (!types) return false;
  if (schema.enum) return !schema.enum.map(String).includes(value);
  const trimmed = value.trim();
  const number = trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : null;
  const min = numberBound(schema, 'min');
  const max = numberBound(schema, 'max');
  const fits =
    (types.has('string') && trimmed.length >= (schema.minLength ?? 0) && value.length <= (schema.maxLength ?? Infinity) && (schema.format !== 'uuid' || uuidText.test(value))) ||
    ((types.has('number') || types.has('integer')) && number !== null && (min === undefined || number >= min) && (max === undefined || number <= max) && (types.has('number') || Number.isInteger(number))) ||
    (types.has('boolean') && ['true', 'false', '0', '1'].includes(trimmed)) ||
    (types.has('null') && (value === '' || value === 'null'));
  return !fits;
}

/** A query or path value the schema refuses (they arrive as text: only what a text can carry). */
function invalidParamText(schema: JsonSchema, where: 'path' | 'query'): fc.Arbitrary<string> {
  // The input guard refuses a NUL in any parameter, whatever its schema.
  const nul = fc.constantFrom('met\u0000nul', '\u0000');
  const invalid = invalidValue(schema);
  if (!invalid) return nul;
  const refused = invalid
    .filter((value) => typeof value === 'string' || typeof value === 'number')
    .map((value) => (paramTextRefused(schema, String(value), where) ? String(value) : 'met\u0000nul'));
  return fc.oneof({ weight: 3, arbitrary: refused }, { weight: 1, arbitrary: nul });
}

/**
 * Requests to this call that its document says must be refused: every one has at least
 * one part that is invalid (a parameter, the body, the body's text or its content type).
 * `multipart`: the call takes a file upload (no JSON body in the document). Null for a call
 * that takes nothing (a GET without parameters): see `unaskedRequest`.
 */
export function refusedRequest(operation: ApiOperation, options: { multipart?: boolean; bodyLimit: number; uploadLimit?: number } = { bodyLimit: 1024 * 1024 }): fc.Arbitrary<GeneratedRequest> | null {
  const pathParameters = operation.parameters.filter((p) => p.in === 'path');
  const queryParameters = operation.parameters.filter((p) => p.in === 'query');
  const pathValues = fc.record(Object.fromEntries(pathParameters.map((p) => [p.name, paramText(p.schema)]))) as fc.Arbitrary<Record<string, string>>;
  const query = fc.record(Object.fromEntries(queryParameters.map((p) => [p.name, paramText(p.schema)])), { requiredKeys: queryParameters.filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Record<string, string>>;
  const validBody: fc.Arbitrary<GeneratedRequest['body']> = operation.body ? validValue(operation.body.schema).map((value) => ({ kind: 'json' as const, value })) : fc.constant({ kind: 'none' as const });
  const base = fc.record({ pathValues, query, body: validBody });
  const variants: Array<fc.Arbitrary<GeneratedRequest>> = [];

  for (const parameter of pathParameters) {
    const invalid = invalidParamText(parameter.schema, 'path');
    variants.push(fc.tuple(base, invalid).map(([b, bad]) => ({ ...b, pathValues: { ...b.pathValues, [parameter.name]: bad }, why: `path ${parameter.name}=${JSON.stringify(bad).slice(0, 80)}` })));
  }
  // Text that is no UTF-8, or a NUL, in the path: refused however the call reads it.
  if (pathParameters.length > 0) {
    const name = (pathParameters[0] as { name: string }).name;
    variants.push(fc.tuple(base, fc.constantFrom('%ED%A0%80', '%00', 'a%00b', '%C0%AF', '%FF')).map(([b, raw]) => ({ ...b, rawPath: raw, pathValues: { ...b.pathValues, [name]: '\u0000' }, why: `path ${name} raw ${raw}` })));
  }
  for (const parameter of queryParameters) {
    const invalid = invalidParamText(parameter.schema, 'query');
    variants.push(fc.tuple(base, invalid).map(([b, bad]) => ({ ...b, query: { ...b.query, [parameter.name]: bad }, why: `query ${parameter.name}=${JSON.stringify(bad).slice(0, 80)}` })));
  }
  if (operation.body) {
    const invalid = invalidBody(operation.body.schema);
    if (invalid) variants.push(fc.tuple(base, invalid).filter(([, bad]) => bad !== undefined).map(([b, bad]) => ({ ...b, body: { kind: 'json' as const, value: bad }, why: `body ${JSON.stringify(bad).slice(0, 200)}` })));
    const types = allowedTypes(operation.body.schema);
    if (types && !types.has('array')) variants.push(fc.tuple(base, fc.constantFrom([], [{}], 'tekst', 12, true)).map(([b, bad]) => ({ ...b, body: { kind: 'json' as const, value: bad }, why: `body of another type ${JSON.stringify(bad)}` })));
  }
  if (operation.method !== 'GET') {
    variants.push(
      fc.tuple(base, fc.constantFrom(...malformedJson.filter((text) => !isAcceptableJson(text, operation)))).map(([b, textBody]) => ({ ...b, body: { kind: 'raw' as const, text: textBody, contentType: 'application/json' }, why: `malformed JSON ${JSON.stringify(textBody)}` })),
    );
    // Larger than the body limit: refused before it is parsed.
    variants.push(base.map((b) => ({ ...b, body: { kind: 'raw' as const, text: `{"a":"${'x'.repeat(options.bodyLimit + 10)}"}`, contentType: 'application/json' }, why: 'body over the limit' })));
    if (operation.body && !options.multipart) {
      variants.push(
        fc.tuple(base, fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'text/html; charset=utf-8')).map(([b, contentType]) => ({
          ...b,
          body: { kind: 'raw' as const, text: contentType.includes('form') ? 'a=1&b=2' : JSON.stringify(b.body.kind === 'json' ? b.body.value : {}), contentType },
          why: `content type ${contentType}`,
        })),
        base.map((b) => ({ ...b, body: { kind: 'form' as const, fields: [{ name: 'file', value: '{}', file: { bytes: 64, type: 'application/json', filename: 'body.json' } }] }, why: 'multipart to a JSON call' })),
      );
    }
    if (options.multipart) {
      variants.push(
        base.map((b) => ({ ...b, body: { kind: 'json' as const, value: { file: 'a;b\n1;2' } }, why: 'JSON to a multipart call' })),
        base.map((b) => ({ ...b, body: { kind: 'form' as const, fields: [{ name: 'file', value: '', file: { bytes: (options.uploadLimit ?? options.bodyLimit) + 1024, type: 'text/csv', filename: 'groot.csv' } }] }, why: 'upload over the limit' })),
        base.map((b) => ({ ...b, body: { kind: 'form' as const, fields: [{ name: 'iets_anders', value: 'x' }] }, why: 'multipart without the file' })),
      );
    }
  }
  return variants.length > 0 ? fc.oneof(...variants) : null;
}

/** A text that a call could still take as its body: JSON of a type its schema (or a call without a body) accepts, with no NUL or lone surrogate. */
function isAcceptableJson(text: string, operation: ApiOperation): boolean {
  if (/\\u(0000|d[89a-f])/i.test(text)) return false;
  try {
    const value: unknown = JSON.parse(text.replace(/^\uFEFF/, '')); // the server's parser skips a byte-order mark
    return !operation.body || accepts(allowedTypes(operation.body.schema) ?? new Set(['string', 'number', 'integer', 'boolean', 'array', 'object', 'null']), value);
  } catch {
    return false;
  }
}

/**
 * A request to a call that takes nothing (a GET without parameters): parameters it does
 * not know, with awkward names and values. It may answer, but never fail.
 */
export function unaskedRequest(): fc.Arbitrary<GeneratedRequest> {
  const text = fc.oneof(fc.constantFrom(...awkwardTexts), fc.string({ maxLength: 20, unit: 'grapheme' }));
  return fc.dictionary(text, text, { maxKeys: 4 }).map((query) => ({ pathValues: {}, query, body: { kind: 'none' as const }, why: `unknown query ${JSON.stringify(query).slice(0, 200)}` }));
}

/**
 * Requests to a call that its document allows, at the edges (`validValue(schema, true)`):
 * the call may take them or refuse them, but never fails, and what it takes is stored whole.
 */
export function awkwardRequest(operation: ApiOperation): fc.Arbitrary<GeneratedRequest> {
  const params = (where: 'path' | 'query') => operation.parameters.filter((p) => p.in === where);
  const text = (schema: JsonSchema) => validValue(schema, true).map((value) => (typeof value === 'string' ? value : JSON.stringify(value)));
  return fc.record({
    pathValues: fc.record(Object.fromEntries(params('path').map((p) => [p.name, text(p.schema)]))) as fc.Arbitrary<Record<string, string>>,
    query: fc.record(Object.fromEntries(params('query').map((p) => [p.name, text(p.schema)])), { requiredKeys: params('query').filter((p) => p.required).map((p) => p.name) }) as fc.Arbitrary<Record<string, string>>,
    body: operation.body ? validValue(operation.body.schema, true).map((value) => ({ kind: 'json' as const, value })) : fc.constant({ kind: 'none' as const }),
  }).map((request) => ({ ...request, why: `allowed at the edges: ${JSON.stringify(request).slice(0, 300)}` }));
}
