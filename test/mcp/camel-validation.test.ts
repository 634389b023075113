// MCP tools listed in camelCase over a REST (snake_case) schema have their arguments
// renamed back before the tool validates them (adapters/mcp/camel-input.ts). A
// validation error must still speak the caller's language: its loc and message name
// the field as the MCP caller sent it (`departureDate`), never the internal name.
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp, errorText, type CallResult } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { connectV2 } from './v2-client.js';

let server: TestServer;
let client: Client;
let modern: Awaited<ReturnType<typeof connectV2>>;

beforeAll(async () => {
  server = await startTestServer();
  const { secret } = await server.services.identity.createKey({ userId: 'camel-validation-user', tier: 'pro' });
  client = await connectMcp(server.url, secret);
  modern = await connectV2([server.url], secret);
}, 60_000);
afterAll(async () => {
  await Promise.all([client?.close(), modern?.close()]);
  await server?.close();
});

const fails = async (name: string, args: Record<string, unknown>): Promise<string> => {
  const result = (await client.callTool({ name, arguments: args })) as CallResult;
  expect(result.isError, JSON.stringify(result)).toBe(true);
  return errorText(result);
};

describe('validation errors of camelCase MCP inputs', () => {
  it('name a bad date by the camelCase field the caller sent', async () => {
    const text = await fails('find_self_connect', { origin: 'JFK', destination: 'LHR', departureDate: 'not-a-date' });
    expect(text).toMatch(/^VALIDATION_FAILED/);
    expect(text).toContain('departureDate');
    expect(text).not.toContain('departure_date');
  });

  it('name a missing required field in camelCase', async () => {
    const text = await fails('find_self_connect', { origin: 'JFK', destination: 'LHR' });
    expect(text).toContain('departureDate');
    expect(text).not.toContain('departure_date');
  });

  it('name a bad value in camelCase on another renamed tool', async () => {
    const text = await fails('search_cars', { driverAge: 'old' });
    expect(text).toContain('driverAge');
    expect(text).not.toContain('driver_age');
  });

  it('say the same on protocol 2026-07-28', async () => {
    const result = (await modern.callTool({ name: 'find_self_connect', arguments: { origin: 'JFK', destination: 'LHR', departureDate: 'not-a-date' } })) as CallResult;
    expect(result.isError).toBe(true);
    expect(errorText(result)).toContain('departureDate');
    expect(errorText(result)).not.toContain('departure_date');
  });

  it('keep the REST spelling in errors for a caller who sent it', async () => {
    const text = await fails('find_self_connect', { origin: 'JFK', destination: 'LHR', departure_date: 'not-a-date' });
    expect(text).toContain('departure_date');
  });
});
