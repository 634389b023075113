import type { Tool as McpToolListing } from '@modelcontextprotocol/sdk/types.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { toJsonSchema } from '../schema/json-schema.js';

export interface McpEntry {
  tool: AnyTool;
  listing: McpToolListing;
}

/**
 * The MCP view of the registry, computed once at start-up: rebuilding every JSON
 * Schema per request is the classic way to make tools/list slow.
 */
export class ToolCatalog {
  readonly listings: McpToolListing[];
  private readonly byName: Map<string, McpEntry>;

  constructor(tools: readonly AnyTool[]) {
    this.byName = new Map();
    for (const tool of tools) {
      if (!tool.mcp) continue;
      const outputSchema = toJsonSchema(tool.mcp.output ?? tool.output, 'output');
      const listing: McpToolListing = {
        name: tool.mcp.name,
        title: tool.title,
        description: tool.mcp.description ?? tool.description,
        inputSchema: toJsonSchema(tool.mcp.input ?? tool.input, 'input') as McpToolListing['inputSchema'],
        // MCP only allows object output schemas.
        ...(outputSchema.type === 'object' ? { outputSchema: outputSchema as McpToolListing['outputSchema'] } : {}),
        annotations: { title: tool.title, ...tool.mcp.annotations },
      };
      this.byName.set(listing.name, { tool, listing });
    }
    this.listings = [...this.byName.values()].map((e) => e.listing);
  }

  get(name: string): McpEntry | undefined {
    return this.byName.get(name);
  }
}
