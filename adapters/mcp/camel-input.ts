import type { JsonSchema } from '../schema/json-schema.js';

// MCP inputs read camelCase across every tool. A tool whose only input is its REST
// (snake_case) schema is listed with its top-level fields renamed, and a call's
// arguments are renamed back before the tool's own schema validates them, so one
// schema serves both surfaces without a hand-written MCP twin.

const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export interface CamelInput {
  schema: JsonSchema;
  /** The listed (camelCase) arguments back in the tool's own field names. */
  toToolArgs(args: Record<string, unknown>): Record<string, unknown>;
}

export function camelInput(schema: JsonSchema): CamelInput {
  const properties = schema.properties as Record<string, JsonSchema> | undefined;
  const renamed = Object.keys(properties ?? {}).filter((k) => camel(k) !== k);
  if (!properties || renamed.length === 0) return { schema, toToolArgs: (args) => args };
  const back = new Map(renamed.map((k) => [camel(k), k]));
  const listed: JsonSchema = {
    ...schema,
    properties: Object.fromEntries(Object.entries(properties).map(([k, v]) => [camel(k), v])),
    ...(Array.isArray(schema.required) ? { required: (schema.required as string[]).map(camel) } : {}),
  };
  return {
    schema: listed,
    toToolArgs: (args) => Object.fromEntries(Object.entries(args).map(([k, v]) => [back.get(k) ?? k, v])),
  };
}
