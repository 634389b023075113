import type { Tool as McpToolListing } from '@modelcontextprotocol/server';
import type { AnyTool, McpAnnotations } from '../../tools/_kit/define-tool.js';
import { toJsonSchema } from '../schema/json-schema.js';
import { appMetaFor } from './app-resources.js';
import { camelInput, type CamelInput } from './camel-input.js';
import { compactInput } from './compact-schema.js';
import { withLimitArgument } from './list-limit.js';
import { fromStrictArgs, toStrictInput } from './strict-input.js';

export interface McpEntry {
  tool: AnyTool;
  listing: McpToolListing;
  /** Arguments as sent against the listed (strict-mode) input schema, in the shape the tool's schema takes. */
  fromArgs: (args: Record<string, unknown>) => Record<string, unknown>;
  /** A validation error's fields named as the caller sent them (camel-input.ts). */
  issuesAsSent: CamelInput['issuesAsSent'];
}

/**
 * The MCP view of the registry, computed once at start-up: rebuilding every JSON
 * Schema per request is the classic way to make tools/list slow. The input schemas
 * listed are compact (compact-schema.ts) and in strict-mode form (strict-input.ts);
 * the tools' zod schemas still validate every call and every answer.
 */
export class ToolCatalog {
  readonly listings: McpToolListing[];
  private readonly byName: Map<string, McpEntry>;

  constructor(tools: readonly AnyTool[]) {
    this.byName = new Map();
    for (const tool of tools) {
      if (!tool.mcp) continue;
      const input = toJsonSchema(tool.mcp.input ?? tool.input, 'input');
      // A tool with its own MCP input names its fields itself; a REST schema is listed in camelCase.
      const named: CamelInput = tool.mcp.input ? { schema: input, toToolArgs: (args) => args, issuesAsSent: (_sent, issues) => issues } : camelInput(input);
      const listing: McpToolListing = {
        name: tool.mcp.name,
        title: tool.title,
        description: tool.mcp.description ?? tool.description,
        inputSchema: toStrictInput(compactInput(withLimitArgument(named.schema, tool.mcp.list))) as McpToolListing['inputSchema'],
        // No outputSchema: see compact-schema.ts.
        annotations: withoutRepeatedTitle(tool.mcp.annotations, tool.title),
      };
      // Hosts with MCP Apps render this tool's result in its app (app-resources.ts).
      const ui = appMetaFor(tool.mcp.name);
      if (ui) listing._meta = ui;
      // Renamed first, so the strict-mode nulls are undone against the tool's own field names (the REST spelling works too).
      const fromArgs = (args: Record<string, unknown>) => fromStrictArgs(input, named.toToolArgs(args)) as Record<string, unknown>;
      this.byName.set(listing.name, { tool, listing, fromArgs, issuesAsSent: named.issuesAsSent });
    }
    this.listings = [...this.byName.values()].map((e) => e.listing);
  }

  get(name: string): McpEntry | undefined {
    return this.byName.get(name);
  }
}

/**
 * The hints said once: the listing's title is the display name (MCP: title, then
 * annotations.title), and a read-only tool's destructive and idempotent hints mean
 * nothing (the spec reads them only when readOnlyHint is false), nor does an idempotentHint
 * of false, its default.
 */
function withoutRepeatedTitle(annotations: McpAnnotations | undefined, title: string): McpAnnotations {
  if (!annotations) return {};
  const { title: shown, destructiveHint, idempotentHint, ...rest } = annotations;
  return {
    ...(shown !== undefined && shown !== title ? { title: shown } : {}),
    ...rest,
    ...(annotations.readOnlyHint === true ? {} : { destructiveHint }),
    // false is the spec's default: said only when true.
    ...(annotations.readOnlyHint !== true && idempotentHint === true ? { idempotentHint } : {}),
  };
}
