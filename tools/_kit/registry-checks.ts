import type { AnyTool } from './define-tool.js';

/** Start-up guard: names, MCP names and REST method+path pairs must each be unique. */
export function assertRegistry(tools: readonly AnyTool[]): void {
  const seen = { name: new Set<string>(), mcp: new Set<string>(), route: new Set<string>() };
  const dupes: string[] = [];
  for (const tool of tools) {
    if (seen.name.has(tool.name)) dupes.push(`tool name "${tool.name}"`);
    seen.name.add(tool.name);
    if (tool.mcp) {
      if (seen.mcp.has(tool.mcp.name)) dupes.push(`MCP tool name "${tool.mcp.name}"`);
      seen.mcp.add(tool.mcp.name);
    }
    if (tool.rest) {
      // {a} and {b} in the same position are the same route to a router.
      const route = `${tool.rest.method} ${tool.rest.path.replace(/\{[^}]+\}/g, '{}')}`;
      if (seen.route.has(route)) dupes.push(`route "${tool.rest.method} ${tool.rest.path}"`);
      seen.route.add(route);
    }
  }
  if (dupes.length > 0) throw new Error(`Tool registry has duplicates: ${dupes.join(', ')}`);
}
