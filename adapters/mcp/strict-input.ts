import type { JsonSchema } from '../schema/json-schema.js';
import { isSchema, mapSchema } from './compact-schema.js';

// MCP input schemas in the form OpenAI's strict function calling accepts, so a
// connector can turn strict mode on for our tools (rules: test/mcp-strict-schemas.test.ts).
// Three things differ from the JSON Schema zod writes, and each is undone on the way in
// (fromStrictArgs) before the tool's own zod schema validates the call as it always did:
// - every property is required; one the tool lets you leave out also accepts null,
//   and null there means "not given";
// - a map (`{ [name]: value }`, additionalProperties with a schema) is a list of
//   {key, value} pairs, because strict mode only has closed objects;
// - keywords outside the strict subset go (default, minLength, maxLength, title,
//   propertyNames); a default is said in the description instead.

/** Keywords OpenAI's strict mode documents as supported; everything else is dropped. */
export const STRICT_KEYWORDS: ReadonlySet<string> = new Set([
  'type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf',
  '$ref', '$defs', 'pattern', 'format', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems',
]);

/** String formats strict mode documents; a field with another format keeps its pattern only. */
export const STRICT_FORMATS: ReadonlySet<string> = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);

const isRecord = (node: JsonSchema) => isSchema(node.additionalProperties) && !isSchema(node.properties);

/** Whether a schema already lets null through (then null is a value, not "not given"). */
export function acceptsNull(node: JsonSchema): boolean {
  if (node.type === 'null' || (Array.isArray(node.type) && node.type.includes('null'))) return true;
  if (node.const === null || (Array.isArray(node.enum) && node.enum.includes(null))) return true;
  return Array.isArray(node.anyOf) && node.anyOf.some((s) => isSchema(s) && acceptsNull(s));
}

function nullable(node: JsonSchema): JsonSchema {
  if (acceptsNull(node)) return node;
  if (Array.isArray(node.anyOf)) return { ...node, anyOf: [...node.anyOf, { type: 'null' }] };
  if (typeof node.type === 'string' && node.const === undefined) {
    const out: JsonSchema = { ...node, type: [node.type, 'null'] };
    if (Array.isArray(node.enum)) out.enum = [...node.enum, null];
    return out;
  }
  const { description, ...rest } = node;
  return { ...(description === undefined ? {} : { description }), anyOf: [rest, { type: 'null' }] };
}

function strictNode(node: JsonSchema): JsonSchema {
  let out: JsonSchema = Object.fromEntries(Object.entries(node).filter(([k]) => STRICT_KEYWORDS.has(k)));
  // A oneOf of zod's (a discriminated union) is exclusive by construction: anyOf says the same.
  if (Array.isArray(node.oneOf) && out.anyOf === undefined) out.anyOf = node.oneOf;
  // A default the description does not already say ("… (default 20).") is said there.
  if (node.default !== undefined && !(typeof node.description === 'string' && /\bdefault\b/i.test(node.description))) {
    const said = `Default ${JSON.stringify(node.default)}.`;
    out.description = typeof out.description === 'string' ? `${out.description} ${said}` : said;
  }
  if (typeof out.format === 'string' && !STRICT_FORMATS.has(out.format)) delete out.format;
  if (isRecord(node)) {
    const keyPattern = isSchema(node.propertyNames) && typeof node.propertyNames.pattern === 'string' ? { pattern: node.propertyNames.pattern } : {};
    const pairs = 'A list of {key, value} pairs.';
    out = {
      description: typeof out.description === 'string' ? `${out.description} ${pairs}` : pairs,
      type: 'array',
      items: {
        type: 'object',
        properties: { key: { type: 'string', ...keyPattern }, value: out.additionalProperties },
        required: ['key', 'value'],
        additionalProperties: false,
      },
    };
  } else if (isSchema(out.properties)) {
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const properties = Object.fromEntries(
      Object.entries(out.properties).map(([k, s]) => [k, required.has(k) || !isSchema(s) ? s : nullable(s)]),
    );
    out.properties = properties;
    out.required = Object.keys(properties);
    out.additionalProperties = false;
  }
  return out;
}

/** The strict-mode form of a (compacted) MCP input schema. */
export const toStrictInput = (schema: JsonSchema): JsonSchema => mapSchema(schema, strictNode);

/**
 * Arguments sent against the strict schema, back in the shape the tool's own schema
 * (`original`, before toStrictInput) takes: null for a property that may be left out
 * is dropped, {key, value} pair lists become maps. Anything else passes unchanged
 * (a client that ignores the strict form sends the original shape, which still works).
 */
export function fromStrictArgs(original: JsonSchema, value: unknown): unknown {
  if (Array.isArray(value)) {
    if (isRecord(original) && value.every(isPair)) {
      const item = original.additionalProperties as JsonSchema;
      return Object.fromEntries(value.map((p) => [p.key, fromStrictArgs(item, p.value)]));
    }
    return isSchema(original.items) ? value.map((v) => fromStrictArgs(original.items as JsonSchema, v)) : value;
  }
  if (!isSchema(value)) return value;
  const branch = objectBranch(original, value);
  if (!branch || !isSchema(branch.properties)) return value;
  const properties = branch.properties;
  const required = new Set(Array.isArray(branch.required) ? (branch.required as string[]) : []);
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const schema = properties[k];
    if (!isSchema(schema)) {
      out[k] = v;
      continue;
    }
    if (v === null && !required.has(k) && !acceptsNull(schema)) continue;
    out[k] = fromStrictArgs(schema, v);
  }
  return out;
}

const isPair = (v: unknown): v is { key: string; value: unknown } =>
  isSchema(v) && typeof v.key === 'string' && 'value' in v && Object.keys(v).length === 2;

/** The object schema a value is checked against: the schema itself, or the anyOf branch whose constants it matches. */
function objectBranch(schema: JsonSchema, value: Record<string, unknown>): JsonSchema | undefined {
  if (isSchema(schema.properties) || isRecord(schema)) return schema;
  if (!Array.isArray(schema.anyOf) && !Array.isArray(schema.oneOf)) return undefined;
  const branches = ((schema.anyOf ?? schema.oneOf) as unknown[]).filter(isSchema).map((b) => objectBranch(b, value)).filter((b) => b !== undefined);
  return branches.find((b) => matchesConstants(b, value)) ?? (branches.length === 1 ? branches[0] : undefined);
}

function matchesConstants(schema: JsonSchema, value: Record<string, unknown>): boolean {
  if (!isSchema(schema.properties)) return false;
  return Object.entries(schema.properties).every(([k, s]) => !isSchema(s) || s.const === undefined || value[k] === s.const);
}
