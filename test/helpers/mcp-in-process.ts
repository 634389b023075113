import type { CallToolResult } from '@modelcontextprotocol/server';
import { expect } from 'vitest';
import { callTool } from '../../adapters/mcp/call-tool.js';
import { ToolCatalog, type McpEntry } from '../../adapters/mcp/tool-catalog.js';
import { TOOLS } from '../../tools/index.js';
import type { ToolContext } from '../../tools/_kit/context.js';

// An MCP tools/call without a server, for unit tests: the catalog the server lists
// (camelCase arguments, strict-mode nulls) and the call it makes for a plain
// tools/call (adapters/mcp/direct-call.ts), minus JSON-RPC, sessions and transport.
// Tools that ask the person to confirm, and the protocol itself, belong in e2e.

let catalog: ToolCatalog | undefined;
const entry = (name: string): McpEntry => {
  const found = (catalog ??= new ToolCatalog(TOOLS)).get(name);
  if (!found) throw new Error(`no MCP tool ${name}`);
  return found;
};

/** The tools/list entry of one tool. */
export const mcpListing = (name: string): McpEntry['listing'] => entry(name).listing;

export async function mcpCall(ctx: ToolContext, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const { tool, fromArgs, issuesAsSent } = entry(name);
  // As on the wire: the arguments arrive as parsed JSON.
  const sent = JSON.parse(JSON.stringify(args)) as Record<string, unknown>;
  const result = await callTool(tool, fromArgs(sent), ctx, undefined, (issues) => issuesAsSent(sent, issues));
  return JSON.parse(JSON.stringify(result)) as CallToolResult;
}

const textOf = (r: CallToolResult): string => (r.content[0] as { text?: string } | undefined)?.text ?? '';

/** The structured answer of a call that must succeed. */
export async function mcpOk<T>(ctx: ToolContext, name: string, args: Record<string, unknown>): Promise<T> {
  const result = await mcpCall(ctx, name, args);
  expect(result.isError, textOf(result)).toBeFalsy();
  return result.structuredContent as T;
}

/** The error text ("CODE: message. Details… hint") of a call that must fail. */
export async function mcpFailing(ctx: ToolContext, name: string, args: Record<string, unknown>): Promise<string> {
  const result = await mcpCall(ctx, name, args);
  expect(result.isError).toBe(true);
  return textOf(result);
}
