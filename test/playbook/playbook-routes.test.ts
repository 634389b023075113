import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, json, prismaOf } from '../helpers/api.js';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// GET/PUT /api/user/playbook and the MCP get_playbook / update_playbook tools:
// the default, a round trip, validation, and that nobody reaches another user's row.

const INTERNAL_KEY = 'playbook-internal-key-0123456789';

interface View {
  user_id: string | null; home_airports: string[]; preferred_airlines: string[]; avoided_airlines: string[]; cabin: string;
  programs: { program: string; balance: number }[]; min_cpp: number; self_connect_risk: string; is_default: boolean; updated_at: string | null;
}
interface Invalid { detail: { loc: (string | number)[]; msg: string }[] }

const FULL = {
  home_airports: ['jfk', 'LON'],
  preferred_airlines: ['ba', 'AA'],
  avoided_airlines: ['FR', 'U2'],
  cabin: 'business',
  programs: [{ program: 'amex_mr', balance: 120000 }, { program: 'aeroplan', balance: 0 }],
  min_cpp: 1.4,
  self_connect_risk: 'cautious',
};

let server: TestServer;
let alice: Record<string, string>;
let bob: Record<string, string>;

const put = (body: unknown, headers: Record<string, string>) => fetch(`${server.url}/api/user/playbook`, {
  method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});
const get = (headers: Record<string, string> = {}, query = '') => server.get(`/api/user/playbook${query}`, { headers });

beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
  alice = await bearer(server, 'pb-alice');
  bob = await bearer(server, 'pb-bob');
});
afterAll(async () => {
  await server.close();
});

describe('GET /api/user/playbook', () => {
  it('answers the conservative default for a user who never saved one', async () => {
    const view = await json<View>(await get(bob));
    expect(view).toEqual({
      user_id: 'pb-bob', home_airports: [], preferred_airlines: [], avoided_airlines: [], cabin: 'economy', programs: [],
      min_cpp: 1, self_connect_risk: 'avoid', is_default: true, updated_at: null,
    });
    expect(await prismaOf(server).playbook.count({ where: { userId: 'pb-bob' } })).toBe(0);
  });

  it('answers the default to an anonymous caller, and 401 when it names a user', async () => {
    const view = await json<View>(await get());
    expect(view.is_default).toBe(true);
    expect(view.user_id).toBeNull();
    expect((await get({}, '?user_id=pb-alice')).status).toBe(401);
  });
});

describe('PUT /api/user/playbook', () => {
  it('saves a playbook that GET then returns, normalised, and a second PUT replaces it whole', async () => {
    const saved = await json<View>(await put(FULL, alice));
    expect(saved).toMatchObject({
      user_id: 'pb-alice', home_airports: ['JFK', 'LON'], preferred_airlines: ['BA', 'AA'], avoided_airlines: ['FR', 'U2'], cabin: 'business',
      programs: FULL.programs, min_cpp: 1.4, self_connect_risk: 'cautious', is_default: false,
    });
    expect(Date.parse(saved.updated_at!)).not.toBeNaN();
    expect(await json<View>(await get(alice))).toEqual(saved);

    const row = await prismaOf(server).playbook.findUniqueOrThrow({ where: { userId: 'pb-alice' } });
    expect(row.avoidedAirlines).toEqual(['FR', 'U2']);
    expect(row.programs).toEqual(FULL.programs);

    // Full replace: what the second body leaves out goes back to the default.
    const replaced = await json<View>(await put({ cabin: 'first' }, alice));
    expect(replaced).toMatchObject({ cabin: 'first', home_airports: [], avoided_airlines: [], programs: [], min_cpp: 1, self_connect_risk: 'avoid', is_default: false });
    expect(await prismaOf(server).playbook.count({ where: { userId: 'pb-alice' } })).toBe(1);
    await json<View>(await put(FULL, alice));
  });

  it('gives exactly one row when the same user saves concurrently', async () => {
    const bodies = Array.from({ length: 6 }, (_, i) => ({ ...FULL, min_cpp: 1 + i / 10 }));
    const carol = await bearer(server, 'pb-carol');
    const answers = await Promise.all(bodies.map((b) => put(b, carol)));
    expect(answers.map((r) => r.status)).toEqual(bodies.map(() => 200));
    expect(await prismaOf(server).playbook.count({ where: { userId: 'pb-carol' } })).toBe(1);
  });

  const invalid: [string, Record<string, unknown>, (string | number)[], RegExp][] = [
    ['an airline both preferred and avoided', { preferred_airlines: ['BA'], avoided_airlines: ['FR', 'ba'] }, ['body', 'avoided_airlines', 1], /both preferred and avoided/],
    ['an unknown programme', { programs: [{ program: 'amex_points', balance: 5 }] }, ['body', 'programs', 0, 'program'], /Unknown programme/],
    ['an airport that does not exist', { home_airports: ['JFK', 'QQQ'] }, ['body', 'home_airports', 1], /Unknown airport/],
    ['a malformed airline code', { avoided_airlines: ['RYR'] }, ['body', 'avoided_airlines', 0], /2-character/],
    ['a programme listed twice', { programs: [{ program: 'amex_mr', balance: 1 }, { program: 'amex_mr', balance: 2 }] }, ['body', 'programs', 1, 'program'], /twice/],
    ['a negative balance', { programs: [{ program: 'amex_mr', balance: -1 }] }, ['body', 'programs', 0, 'balance'], /./],
    ['a fractional balance', { programs: [{ program: 'amex_mr', balance: 1.5 }] }, ['body', 'programs', 0, 'balance'], /./],
    ['min_cpp above 10', { min_cpp: 11 }, ['body', 'min_cpp'], /./],
    ['an unknown cabin', { cabin: 'coach' }, ['body', 'cabin'], /./],
    ['an unknown risk level', { self_connect_risk: 'yolo' }, ['body', 'self_connect_risk'], /./],
    ['an unknown field', { seat: 'aisle' }, ['body', 'seat'], /not permitted/],
  ];
  for (const [what, body, loc, msg] of invalid) {
    it(`refuses ${what} with 422 and leaves the row alone`, async () => {
      const problem = await json<Invalid>(await put(body, alice), 422);
      expect(problem.detail.some((d) => JSON.stringify(d.loc) === JSON.stringify(loc) && msg.test(d.msg)), JSON.stringify(problem.detail)).toBe(true);
      expect((await json<View>(await get(alice))).cabin).toBe('business');
    });
  }

  it('needs a caller', async () => {
    expect((await put(FULL, {})).status).toBe(401);
  });
});

describe('other users', () => {
  it('cannot read or write someone else’s playbook', async () => {
    expect((await get(bob, '?user_id=pb-alice')).status).toBe(403);
    expect((await put({ ...FULL, user_id: 'pb-alice', cabin: 'economy' }, bob)).status).toBe(403);
    // Bob's own save touches only Bob's row.
    await json<View>(await put({ cabin: 'premium_economy' }, bob));
    expect((await json<View>(await get(alice))).cabin).toBe('business');
    expect((await json<View>(await get(bob))).cabin).toBe('premium_economy');
  });

  it('the service back end reads and writes a named user, and must name one', async () => {
    const internal = { 'x-internal-key': INTERNAL_KEY };
    expect((await json<View>(await get(internal, '?user_id=pb-alice'))).cabin).toBe('business');
    expect((await get(internal)).status).toBe(422);
    const saved = await json<View>(await put({ user_id: 'pb-dave', home_airports: ['SFO'] }, internal));
    expect(saved).toMatchObject({ user_id: 'pb-dave', home_airports: ['SFO'], is_default: false });
  });
});

describe('MCP get_playbook / update_playbook', () => {
  let mcp: Client;
  let readOnly: Client;
  beforeAll(async () => {
    const { secret } = await server.services.identity.createKey({ userId: 'pb-erin', tier: 'pro' });
    mcp = await connectMcp(server.url, secret);
    const ro = await server.services.identity.createKey({ userId: 'pb-erin', tier: 'pro', scopes: ['read'] });
    readOnly = await connectMcp(server.url, ro.secret);
  });
  afterAll(async () => {
    await mcp.close();
    await readOnly.close();
  });

  it('reads the default, merges partial updates onto it, and reads the result back', async () => {
    expect(await call(mcp, 'get_playbook', {})).toMatchObject({ userId: 'pb-erin', isDefault: true, cabin: 'economy', selfConnectRisk: 'avoid' });
    const first = await call<Record<string, unknown>>(mcp, 'update_playbook', { avoidedAirlines: ['fr'], minCpp: 1.8 });
    expect(first).toMatchObject({ isDefault: false, avoidedAirlines: ['FR'], minCpp: 1.8, cabin: 'economy', selfConnectRisk: 'avoid' });
    const second = await call<Record<string, unknown>>(mcp, 'update_playbook', { cabin: 'business', programs: [{ program: 'chase_ur', balance: 90000 }] });
    expect(second).toMatchObject({ avoidedAirlines: ['FR'], minCpp: 1.8, cabin: 'business', programs: [{ program: 'chase_ur', balance: 90000 }] });
    expect(await call(mcp, 'get_playbook', {})).toEqual(second);
  });

  it('refuses a merge that would prefer an avoided airline, and an unknown programme', async () => {
    expect(await failing(mcp, 'update_playbook', { preferredAirlines: ['FR'] })).toMatch(/both preferred and avoided/);
    expect(await failing(mcp, 'update_playbook', { programs: [{ program: 'nope', balance: 1 }] })).toMatch(/Unknown programme/);
    expect(await call(mcp, 'get_playbook', {})).toMatchObject({ preferredAirlines: [], programs: [{ program: 'chase_ur', balance: 90000 }] });
  });

  it('needs the plan scope to write but not to read', async () => {
    expect(await call(readOnly, 'get_playbook', {})).toMatchObject({ userId: 'pb-erin' });
    // The scope check answers before the tool runs: an HTTP 403 naming the scopes needed.
    await expect(readOnly.callTool({ name: 'update_playbook', arguments: { cabin: 'first' } })).rejects.toThrow(/needs the scopes read plan/);
    expect(await call(mcp, 'get_playbook', {})).toMatchObject({ cabin: 'business' });
  });
});
