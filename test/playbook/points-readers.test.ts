import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOURCE_PROGRAM_IDS } from '../../tools/points/catalog-datasets.js';
import { bearer, json } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';

// The points router and the transfer-bonus check fall back on the caller's saved
// playbook when the request leaves balances, min_cpp or programmes out; an explicit
// value always wins, and the answer says where each came from.

interface Path { program: string; source: string; effective_cpp: number; points_spent: number }
interface Paths {
  paths: Path[]; short_by: Path[]; below_min_cpp: Path[]; recommendation: string;
  balances_source: string; min_cpp: number | null; min_cpp_source: string;
}
interface Invalid { detail: { loc: (string | number)[]; msg: string }[] }

const FLIGHT = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), cabin_class: 'business', cash_price: 5200 };
const WALLET = { amex_mr: 150000, chase_ur: 100000, capital_one: 60000 };

let server: TestServer;
let saver: Record<string, string>;
let stranger: Record<string, string>;

const savePlaybook = async (headers: Record<string, string>, body: Record<string, unknown>) => {
  const res = await fetch(`${server.url}/api/user/playbook`, { method: 'PUT', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  await json(res);
};
const route = async (body: Record<string, unknown>, headers: Record<string, string> = {}, status = 200) => json<Paths>(await server.post('/api/points-router/paths', body, { headers }), status);
const sig = (p: Path) => `${p.program}<${p.source}:${p.points_spent}`;

beforeAll(async () => {
  server = await startTestServer();
  saver = await bearer(server, 'pbr-saver');
  stranger = await bearer(server, 'pbr-stranger');
  await savePlaybook(saver, { programs: Object.entries(WALLET).map(([program, balance]) => ({ program, balance })).concat({ program: 'aeroplan', balance: 0 }), min_cpp: 0 });
});
afterAll(async () => {
  await server.close();
});

describe('points router and the playbook', () => {
  it('uses the saved balances when the request has none, giving the same paths as sending them', async () => {
    const explicit = await route({ ...FLIGHT, balances: WALLET, min_cpp: 0 }, saver);
    const fromPlaybook = await route(FLIGHT, saver);
    expect(explicit.balances_source).toBe('request');
    expect(fromPlaybook.balances_source).toBe('playbook');
    expect(fromPlaybook.min_cpp_source).toBe('playbook');
    expect(fromPlaybook.paths.length).toBeGreaterThan(0);
    expect(fromPlaybook.paths.map(sig)).toEqual(explicit.paths.map(sig));
    expect(new Set(fromPlaybook.paths.map((p) => p.source)).size).toBeGreaterThan(1);
  });

  it('lets explicit balances win over the saved ones', async () => {
    const out = await route({ ...FLIGHT, balances: { capital_one: 60000 } }, saver);
    expect(out.balances_source).toBe('request');
    expect(out.paths.every((p) => p.source === 'capital_one' || p.source === p.program)).toBe(true);
    expect(out.paths.some((p) => p.source === 'amex_mr')).toBe(false);
  });

  it('applies the saved min_cpp unless the request gives one', async () => {
    const open = await route({ ...FLIGHT, balances: WALLET }, saver);
    expect(open.min_cpp).toBe(0);
    const floor = open.paths[Math.floor(open.paths.length / 2)]!.effective_cpp + 0.001;
    await savePlaybook(saver, { programs: Object.entries(WALLET).map(([program, balance]) => ({ program, balance })), min_cpp: floor });
    try {
      const floored = await route(FLIGHT, saver);
      expect(floored).toMatchObject({ min_cpp: floor, min_cpp_source: 'playbook', balances_source: 'playbook' });
      expect(floored.paths.length).toBeGreaterThan(0);
      expect(floored.below_min_cpp.length).toBeGreaterThan(0);
      expect(floored.paths.every((p) => p.effective_cpp >= floor)).toBe(true);
      expect(floored.below_min_cpp.every((p) => p.effective_cpp < floor)).toBe(true);
      expect(floored.paths.length + floored.below_min_cpp.length).toBe(open.paths.length);

      const overridden = await route({ ...FLIGHT, min_cpp: 0 }, saver);
      expect(overridden).toMatchObject({ min_cpp: 0, min_cpp_source: 'request', below_min_cpp: [] });
      expect(overridden.paths.length).toBe(open.paths.length);

      // At a $300 cash price no redemption comes near 10 ¢/point.
      const tooHigh = await route({ ...FLIGHT, cash_price: 300, min_cpp: 10 }, saver);
      expect(tooHigh.below_min_cpp.length).toBeGreaterThan(0);
      expect(tooHigh.paths).toEqual([]);
      expect(tooHigh.recommendation).toMatch(/below your minimum of 10\.00/);
    } finally {
      await savePlaybook(saver, { programs: Object.entries(WALLET).map(([program, balance]) => ({ program, balance })), min_cpp: 0 });
    }
  });

  it('applies no floor and needs balances when nothing is saved', async () => {
    const out = await route({ ...FLIGHT, balances: WALLET }, stranger);
    expect(out).toMatchObject({ balances_source: 'request', min_cpp: null, min_cpp_source: 'none', below_min_cpp: [] });
    for (const headers of [stranger, {}]) {
      const problem = await json<Invalid>(await server.post('/api/points-router/paths', FLIGHT, { headers }), 422);
      expect(problem.detail[0]!.loc).toEqual(['body', 'balances']);
      expect(problem.detail[0]!.msg).toMatch(/playbook/);
    }
  });
});

describe('transfer-bonus check and the playbook', () => {
  const check = async (body: Record<string, unknown>, headers: Record<string, string>, status = 200) =>
    json<{ bank_programs: string[]; programs_source: string; bonuses: { from: string }[] } & Invalid>(await server.post('/api/points/transfer-bonuses/check', body, { headers }), status);

  it('checks the saved transferable programmes when the request names none', async () => {
    const out = await check({}, saver);
    expect(out.programs_source).toBe('playbook');
    const expected = Object.keys(WALLET).filter((id) => (SOURCE_PROGRAM_IDS as readonly string[]).includes(id));
    expect(out.bank_programs.sort()).toEqual(expected.sort());
    expect(out.bonuses.every((b) => expected.includes(b.from))).toBe(true);
  });

  it('lets the request’s programmes win', async () => {
    const out = await check({ bank_programs: ['citi_typ'] }, saver);
    expect(out).toMatchObject({ programs_source: 'request', bank_programs: ['citi_typ'] });
  });

  it('refuses with 422 when neither the request nor a playbook names any', async () => {
    const out = await check({}, stranger, 422);
    expect(out.detail[0]!.loc).toEqual(['body', 'bank_programs']);
  });
});
