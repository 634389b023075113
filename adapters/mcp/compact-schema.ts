import type { JsonSchema } from '../schema/json-schema.js';

// tools/list is read by a model on every turn, so the JSON Schemas it carries are
// written for a reader, not for a validator: the server still validates every call
// with the tool's zod schemas (and the tool's output is parsed before it leaves the
// tool), so dropping a keyword here never changes what is accepted or returned.

/** zod's bounds for `z.number().int()`: they say nothing a model needs. */
const SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/** What every MCP schema (input and output) can do without. */
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

/** JSON Schema types a schema admits, read through anyOf (for a one-line summary of a field). */
function typesOf(node: JsonSchema): string[] {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type)) return node.type as string[];
  const list = (node.anyOf ?? node.oneOf) as unknown;
  if (Array.isArray(list)) return [...new Set(list.filter(isSchema).flatMap(typesOf))];
  if (node.const !== undefined) return [node.const === null ? 'null' : typeof node.const];
  return [];
}

/** One top-level field of a result: its type(s), and its values when it is an enum. */
function fieldSummary(node: JsonSchema): JsonSchema {
  const types = typesOf(node);
  const out: JsonSchema = types.length === 0 ? {} : { type: types.length === 1 ? types[0] : types };
  if (Array.isArray(node.enum)) out.enum = node.enum;
  if (node.const !== undefined) out.const = node.const;
  return out;
}

/**
 * An output schema says what comes back: the result's top-level fields and their
 * types. The nested shape (every field of every offer, rate, member…) was most of
 * tools/list and is what the model reads in the answer itself, and the tool's
 * description names the fields that matter and what to do with them; the answer has
 * been parsed by the tool's zod output schema before it leaves the tool, so it is
 * exactly as it was. A looser schema is still a true one: structuredContent conforms.
 */
export function compactOutput(schema: JsonSchema): JsonSchema {
  if (!isSchema(schema.properties)) return fieldSummary(schema);
  const properties = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, isSchema(s) ? fieldSummary(s) : {}]));
  return { type: 'object', properties };
}
