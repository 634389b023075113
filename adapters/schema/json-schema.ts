import { z } from 'zod';

// zod 4 ships its own JSON Schema generator; zod-to-json-schema only understands
// zod 3 schemas (it returns an empty schema for zod 4 ones), so we use zod's.

export type JsonSchema = Record<string, unknown>;

const cache = new WeakMap<z.ZodType, { input?: JsonSchema; output?: JsonSchema }>();

/**
 * JSON Schema (draft 2020-12, which OpenAPI 3.1 and MCP both use) for a zod schema.
 * `input` describes what a caller may send (defaults make fields optional);
 * `output` what we return. Computed once per schema and reused.
 */
export function toJsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  let entry = cache.get(schema);
  if (!entry) {
    entry = {};
    cache.set(schema, entry);
  }
  const hit = entry[io];
  if (hit) return hit;
  const { $schema: _drop, ...json } = z.toJSONSchema(schema, { target: 'draft-2020-12', io, unrepresentable: 'any' }) as JsonSchema;
  entry[io] = json;
  return json;
}
