import { z } from 'zod';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { planInput } from '../rest/input-plan.js';
import { EVENT_REGISTRY, WEBHOOK_EVENT_TYPES, eventEnvelope } from '../../tools/webhooks/events/registry.js';
import { DOMAIN_SCHEMAS, eventName, requestName, responseName, toolTypeName } from './schema-names.js';

// Every named schema, converted by zod's registry mode so a schema used in many places
// is one component and each use a $ref. zod converts per direction: what a caller may
// send (defaults make fields optional) differs from what we answer, so input-side
// names carry the INPUT_MARK until finish-components.ts settles the final names.

export const SCHEMA_REF = '#/components/schemas/';
export const INPUT_MARK = '@in';

export interface NamedSchemas {
  /** Output-side schemas under their name, input-side ones under name + INPUT_MARK. */
  schemas: Record<string, JsonSchema>;
  /** The component holding a tool's input (input side, marked). */
  input(tool: AnyTool): string;
  /** The component holding a tool's answer, or each SSE event of a stream. */
  output(tool: AnyTool): string;
}

export function nameSchemas(tools: readonly AnyTool[]): NamedSchemas {
  const registry = z.registry<{ id: string }>();
  const owner = new Map<string, z.ZodType>();
  const add = (schema: z.ZodType, name: string): string => {
    const existing = registry.get(schema)?.id;
    if (existing) return existing;
    if (owner.has(name)) throw new Error(`OpenAPI schema name ${name} is given to two different schemas`);
    registry.add(schema, { id: name });
    owner.set(name, schema);
    return name;
  };
  for (const [schema, name] of DOMAIN_SCHEMAS) add(schema, name);
  for (const type of WEBHOOK_EVENT_TYPES) add(eventEnvelope(type), EVENT_REGISTRY[type].name);

  const inputs = new Map<AnyTool, string>();
  const outputs = new Map<AnyTool, string>();
  for (const tool of tools) {
    if (!tool.rest) continue;
    const plan = planInput(tool);
    const wholeBody = plan.pathParams.length === 0 && plan.queryParams.length === 0 && plan.hasBody;
    inputs.set(tool, add(tool.input, wholeBody ? requestName(tool) : `${toolTypeName(tool)}Input`));
    outputs.set(tool, tool.kind === 'stream' ? add(tool.event, eventName(tool)) : add(tool.output, responseName(tool)));
  }

  const common = { target: 'draft-2020-12', unrepresentable: 'any' } as const;
  const output = z.toJSONSchema(registry, { ...common, io: 'output', uri: (id) => `${SCHEMA_REF}${id}` }).schemas;
  const input = z.toJSONSchema(registry, { ...common, io: 'input', uri: (id) => `${SCHEMA_REF}${id}${INPUT_MARK}` }).schemas;
  const schemas: Record<string, JsonSchema> = {};
  for (const [name, schema] of Object.entries(output)) schemas[name] = clean(schema as JsonSchema);
  for (const [name, schema] of Object.entries(input)) schemas[`${name}${INPUT_MARK}`] = clean(schema as JsonSchema);
  if ('__shared' in output || '__shared' in input) throw new Error('a schema zod could not name (a cycle through an unnamed schema): name it in schema-names.ts');

  const lookup = (map: Map<AnyTool, string>, tool: AnyTool) => {
    const name = map.get(tool);
    if (!name) throw new Error(`tool ${tool.name} has no REST binding`);
    return name;
  };
  return { schemas, input: (tool) => `${lookup(inputs, tool)}${INPUT_MARK}`, output: (tool) => lookup(outputs, tool) };
}

/** Drops what a component must not carry: zod's $id and $schema. */
function clean(schema: JsonSchema): JsonSchema {
  const { $id: _id, $schema: _schema, ...rest } = schema;
  return rest;
}
