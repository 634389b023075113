import type { JsonSchema } from '../schema/json-schema.js';

// tools/list is read by a model on every turn, so the JSON Schemas it carries are
// written for a reader, not for a validator: the server still validates every call
// with the tool's zod schemas (and the tool's output is parsed before it leaves the
// tool), so dropping a keyword here never changes what is accepted or returned.

/** zod's bounds for `z.number().int()`: they say nothing a model needs. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** What an input schema can do without. */
function dropNoise(node: JsonSchema): JsonSchema {
  const out: JsonSchema = { ...node };
  // `format` already says it (a date, an e-mail address); the regex zod adds for it is
  // up to 213 characters (the leap-year date check) and repeated in every date field.
  if (typeof out.format === 'string' && typeof out.pattern === 'string') delete out.pattern;
  if (out.minimum === -SAFE_INTEGER) delete out.minimum;
  if (out.maximum === SAFE_INTEGER) delete out.maximum;
  return out;
}

/** Applies `fix` to a schema and every schema inside it, children first. */
export function mapSchema(schema: JsonSchema, fix: (node: JsonSchema) => JsonSchema): JsonSchema {
  const node: JsonSchema = { ...schema };
  for (const key of ['items', 'additionalProperties', 'not', 'propertyNames'] as const) {
    const child = node[key];
    if (isSchema(child)) node[key] = mapSchema(child, fix);
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = node[key];
    if (Array.isArray(list)) node[key] = list.map((s) => (isSchema(s) ? mapSchema(s, fix) : s));
  }
  for (const key of ['properties', '$defs'] as const) {
    const map = node[key];
    if (isSchema(map)) node[key] = Object.fromEntries(Object.entries(map).map(([k, s]) => [k, isSchema(s) ? mapSchema(s, fix) : s]));
  }
  return fix(node);
}

export const isSchema = (v: unknown): v is JsonSchema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Collapses `anyOf: [{type: T, ...}, {type: 'null'}]` (zod's nullable) into `type: [T, 'null']`. */
function mergeNullable(node: JsonSchema): JsonSchema {
  if (!Array.isArray(node.anyOf) || node.anyOf.length !== 2) return node;
  const [a, b] = node.anyOf as JsonSchema[];
  const isNull = (s: JsonSchema | undefined) => s !== undefined && s.type === 'null' && Object.keys(s).length === 1;
  const other = isNull(b) ? a : isNull(a) ? b : undefined;
  if (!other || typeof other.type !== 'string' || other.type === 'null' || other.const !== undefined) return node;
  if (other.description !== undefined && node.description !== undefined) return node;
  const { anyOf: _gone, ...rest } = node;
  const merged: JsonSchema = { ...rest, ...other, type: [other.type, 'null'] };
  if (Array.isArray(other.enum)) merged.enum = [...other.enum, null];
  return merged;
}

/** The input schema before strict-mode shaping (strict-input.ts): same meaning, less text. */
export const compactInput = (schema: JsonSchema): JsonSchema => mapSchema(schema, (node) => mergeNullable(dropNoise(node)));

// No output schemas are listed. Once compacted to the names of a result's top-level
// fields (the full ones were ~80,000 of tools/list's ~125,800 characters) they still
// cost ~5,700 characters a turn and told a model nothing the answer does not: the
// answer is JSON with the same names, and each description names the fields that
// matter and what to call next. A client has nothing to validate against an untyped
// list of names either; structuredContent is still sent, parsed by the tool's zod
// output schema before it leaves the tool.
