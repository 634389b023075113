import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { PII_KEY } from './traveler-helpers.js';

// list_travelers and save_traveler over MCP: camelCase arguments and answers,
// masked numbers, and the scopes (`read` to list, `read plan` to save).

interface McpTraveler {
  id: string;
  firstName: string;
  lastName: string;
  passport: { numberMasked: string | null; country: string | null; expiry: string | null; expired: boolean } | null;
  knownTravelerNumberMasked: string | null;
  loyalty: { program: string; numberMasked: string }[];
}

let server: TestServer;
let planner: Client;
let reader: Client;
beforeAll(async () => {
  server = await startTestServer({ env: { PII_ENCRYPTION_KEY: PII_KEY } });
  // One after the other: two first keys for one user race on creating the user row.
  const full = await server.services.identity.createKey({ userId: 'trv-mcp', tier: 'pro', scopes: ['read', 'plan'] });
  const readOnly = await server.services.identity.createKey({ userId: 'trv-mcp', tier: 'pro', scopes: ['read'] });
  [planner, reader] = await Promise.all([connectMcp(server.url, full.secret), connectMcp(server.url, readOnly.secret)]);
});
afterAll(async () => {
  await Promise.all([planner?.close(), reader?.close()]);
  await server?.close();
});

describe('MCP traveler tools', () => {
  it('are listed with camelCase arguments', async () => {
    const { tools } = await planner.listTools();
    const save = tools.find((t) => t.name === 'save_traveler');
    expect(tools.map((t) => t.name)).toContain('list_travelers');
    expect(Object.keys(save?.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['firstName', 'lastName', 'dob', 'passport', 'knownTravelerNumber', 'loyalty']));
    expect(save?.inputSchema.required).toEqual(expect.arrayContaining(['firstName', 'lastName', 'dob']));
  });

  it('saves and lists a profile, masked', async () => {
    const saved = await call<McpTraveler>(planner, 'save_traveler', {
      firstName: 'Mia', lastName: 'Model', dob: '1992-04-05',
      passport: { number: 'C01X00T47', country: 'de', expiry: '2033-03-03' }, knownTravelerNumber: 'TT1234567',
      loyalty: [{ program: 'Miles & More', number: '992000123456789' }],
    });
    expect(saved).toMatchObject({
      firstName: 'Mia', lastName: 'Model', passport: { numberMasked: '•••••0T47', country: 'DE', expiry: '2033-03-03', expired: false },
      knownTravelerNumberMasked: '•••••', loyalty: [{ program: 'Miles & More', numberMasked: '•••••6789' }],
    });
    const listed = await call<{ travelers: McpTraveler[] }>(reader, 'list_travelers', {});
    expect(listed.travelers.map((t) => t.id)).toEqual([saved.id]);
    expect(JSON.stringify(listed)).not.toContain('C01X00T47');
  });

  it('names the bad argument, and needs the plan scope to save', async () => {
    expect(await failing(planner, 'save_traveler', { firstName: 'Mia', lastName: 'Model', dob: '1992-13-05' })).toContain('dob');
    await expect(reader.callTool({ name: 'save_traveler', arguments: { firstName: 'Mia', lastName: 'Model', dob: '1992-04-05' } })).rejects.toThrow(/scope/i);
  });
});
