import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { expect } from 'vitest';

// The official MCP SDK client on a test server's /mcp with an API key, and the
// two ways tests call tools: expecting an answer, or expecting an error.

export interface CallResult {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content: { type: string; text: string }[];
}

export async function connectMcp(baseUrl: string, secret: string, name = 'vitest'): Promise<Client> {
  const client = new Client({ name, version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`${baseUrl}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
  return client;
}

/** The text of an isError result ("CODE: message. Details… hint"). */
export const errorText = (r: CallResult): string => r.content[0]?.text ?? '';

export async function call<T>(client: Client, name: string, args: Record<string, unknown>): Promise<T> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  expect(result.isError, errorText(result)).toBeFalsy();
  return result.structuredContent as T;
}

export async function failing(client: Client, name: string, args: Record<string, unknown>): Promise<string> {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  expect(result.isError).toBe(true);
  return errorText(result);
}
