import { z } from 'zod';
import type { AnyTool, McpList } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import { toValidationIssues } from '../../tools/_kit/validation.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { isSchema } from './compact-schema.js';

// A list-shaped MCP result (McpExposure.list) takes `limit` and says how many more
// exist: a model asks for what it will read (search_cars' 25 rates were ~25k
// characters) and knows when to ask again with a larger limit.

/** The `limit` argument, as listed (strict-input.ts makes it nullable). */
function limitProperty(list: McpList): JsonSchema {
  return {
    type: 'integer',
    minimum: 1,
    maximum: list.maxLimit,
    description: `Default ${list.defaultLimit}; more counts the rest.`,
  };
}

/** The listed input schema with the adapter's `limit` (replacing the tool's own, whose maximum the adapter passes). */
export function withLimitArgument(input: JsonSchema, list: McpList | undefined): JsonSchema {
  if (!list) return input;
  const properties = isSchema(input.properties) ? input.properties : {};
  const required = Array.isArray(input.required) ? input.required.filter((k) => k !== 'limit') : [];
  return { ...input, properties: { ...properties, limit: limitProperty(list) }, required };
}

const limitArgument = (list: McpList) => z.object({ limit: z.number().int().min(1).max(list.maxLimit).nullish() });

/** Whether the tool's own MCP arguments take a `limit` (then it gets the most we may list). */
const takesLimit = (tool: AnyTool) => tool.mcp !== false && (tool.mcp.input ?? tool.input).shape.limit !== undefined;

/** Takes the adapter's `limit` out of the arguments (validated like any argument). */
export function takeLimit(tool: AnyTool, args: Record<string, unknown>): { args: Record<string, unknown>; limit?: number } {
  const list = tool.mcp ? tool.mcp.list : undefined;
  if (!list) return { args };
  const parsed = limitArgument(list).safeParse({ limit: args.limit }, { reportInput: true });
  if (!parsed.success) throw new ToolError('VALIDATION_FAILED', 'Invalid arguments', { issues: toValidationIssues(parsed.error) });
  const { limit: _taken, ...rest } = args;
  return { args: takesLimit(tool) ? { ...rest, limit: list.maxLimit } : rest, limit: parsed.data.limit ?? list.defaultLimit };
}

/** The first `limit` items of the list, with how many more exist. */
export function applyLimit(list: McpList | undefined, limit: number | undefined, shaped: unknown): unknown {
  if (!list || limit === undefined || !isSchema(shaped) || !Array.isArray(shaped[list.field])) return shaped;
  const all = shaped[list.field] as unknown[];
  const items = all.slice(0, limit);
  const counted = list.totalField ? shaped[list.totalField] : undefined;
  const total = typeof counted === 'number' ? counted : all.length;
  const out: Record<string, unknown> = { ...shaped, [list.field]: items };
  // A `count` of the items in the answer follows the cut.
  if (out.count === all.length) out.count = items.length;
  if (!list.totalField) out.total = total;
  out.more = Math.max(0, total - items.length);
  return out;
}
