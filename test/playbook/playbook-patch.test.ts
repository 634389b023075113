import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// PATCH /api/user/playbook: merge semantics (only the fields sent change), the
// merged whole checked before anything is saved, PUT still a full replace, and
// concurrent PATCHes of different fields both kept.

interface View {
  home_airports: string[]; preferred_airlines: string[]; avoided_airlines: string[]; cabin: string;
  programs: { program: string; balance: number }[]; min_cpp: number; self_connect_risk: string; is_default: boolean;
}
interface Invalid { detail: { loc: (string | number)[]; msg: string }[] }

const FULL = {
  home_airports: ['JFK'], preferred_airlines: ['BA'], avoided_airlines: ['FR'], cabin: 'premium_economy',
  programs: [{ program: 'amex_mr', balance: 120000 }], min_cpp: 1.6, self_connect_risk: 'cautious',
};

let server: TestServer;
let seq = 0;
const send = async (method: string, body: unknown, user?: string) => {
  const headers = await bearer(server, user ?? `pb-patch-${++seq}`);
  return { headers, res: await fetch(`${server.url}/api/user/playbook`, { method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) }) };
};
const patchAs = async (headers: Record<string, string>, body: unknown) =>
  fetch(`${server.url}/api/user/playbook`, { method: 'PATCH', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('PATCH /api/user/playbook', () => {
  it('changes only the fields sent: {"cabin":"first"} keeps balances, airlines and min_cpp', async () => {
    const { headers } = await send('PUT', FULL);
    const view = await json<View>(await patchAs(headers, { cabin: 'first' }));
    expect(view).toMatchObject({ ...FULL, cabin: 'first', is_default: false });
  });

  it('PUT with one field is still a full replace (the rest go back to their defaults)', async () => {
    const { headers } = await send('PUT', FULL);
    const res = await fetch(`${server.url}/api/user/playbook`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ cabin: 'first' }) });
    expect(await json<View>(res)).toMatchObject({ cabin: 'first', programs: [], avoided_airlines: [], min_cpp: 1 });
  });

  it('merges onto the default when nothing is saved yet', async () => {
    const { res } = await send('PATCH', { avoided_airlines: ['U2'] });
    expect(await json<View>(res)).toMatchObject({ avoided_airlines: ['U2'], cabin: 'economy', min_cpp: 1, programs: [], is_default: false });
  });

  it('checks the merged whole: an airline already preferred cannot be avoided, and nothing is saved', async () => {
    const { headers } = await send('PUT', FULL);
    const bad = await json<Invalid>(await patchAs(headers, { avoided_airlines: ['BA'] }), 422);
    expect(bad.detail[0]?.loc).toEqual(['body', 'avoided_airlines', 0]);
    const after = await json<View>(await fetch(`${server.url}/api/user/playbook`, { headers }));
    expect(after.avoided_airlines).toEqual(['FR']);
  });

  it('refuses unknown fields and wrong values with 422', async () => {
    const { headers } = await send('PUT', FULL);
    expect((await patchAs(headers, { cabin: 'steerage' })).status).toBe(422);
    expect((await patchAs(headers, { seat: 'aisle' })).status).toBe(422);
    expect((await patchAs(headers, { programs: [{ program: 'not_a_programme', balance: 1 }] })).status).toBe(422);
  });

  it('keeps both of two concurrent PATCHes of different fields', async () => {
    const user = `pb-race-${Date.now()}`;
    const headers = await bearer(server, user);
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([
        patchAs(headers, { cabin: round % 2 ? 'business' : 'first' }),
        patchAs(headers, { min_cpp: 1 + round / 10 }),
        patchAs(headers, { home_airports: [round % 2 ? 'LHR' : 'CDG'] }),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
      const row = await prismaOf(server).playbook.findUniqueOrThrow({ where: { userId: user } });
      expect(row.cabin).toBe(round % 2 ? 'business' : 'first');
      expect(row.minCpp).toBeCloseTo(1 + round / 10);
      expect(row.homeAirports).toEqual([round % 2 ? 'LHR' : 'CDG']);
    }
  });
});
