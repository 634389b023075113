import { describe, expect, it } from 'vitest';
import type { AwardOffer } from '../../tools/_kit/providers.js';
import type { AwardPrice, Program, TransferBonus, TransferEdge } from '../../tools/points/data/types.js';
import { buildTransferGraph } from '../../tools/points/graph/transfer-graph.js';
import type { RouteFacts } from '../../tools/points-router/award-candidates.js';
import { rankRedemptions, type RankOptions } from '../../tools/points-router/rank-redemptions.js';
import type { PathsAnswerOut } from '../../tools/points-router/router-answer.js';
import { buildRouterCatalog } from '../../tools/points-router/router-catalog.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';
import { testContext } from '../kit/test-context.js';

// The points router: rankRedemptions on a small hand-made world (so every number
// can be worked out by hand), then the route, called in process as REST, against
// the simulated seats.aero.

// ---------- fixtures ----------

const program = (id: string, kind: Program['kind'], referenceCpp: number, extra: Partial<Program> = {}): Program => ({ id, name: id.replaceAll('_', ' '), kind, referenceCpp, ...extra });
const PROGRAMS: Program[] = [
  program('amex_mr', 'bank', 2.0),
  program('chase_ur', 'bank', 1.8),
  program('marriott_bonvoy', 'hotel', 0.8),
  program('virgin_atlantic', 'airline', 1.5, { seatsAeroSource: 'virginatlantic', airlines: ['VS'] }),
  program('flying_blue', 'airline', 1.3, { seatsAeroSource: 'flyingblue', airlines: ['AF', 'KL'] }),
  program('aeroplan', 'airline', 1.4, { seatsAeroSource: 'aeroplan', airlines: ['AC'] }),
  // Reached from the banks only through Marriott.
  program('alaska_mileage_plan', 'airline', 1.45, { seatsAeroSource: 'alaska', airlines: ['AS'] }),
  // Not tracked by the award provider: only ever a chart option.
  program('british_airways', 'airline', 1.4, { airlines: ['BA'] }),
];
const edge = (from: string, to: string, ratio: number, extra: Partial<TransferEdge> = {}): TransferEdge => ({ from, to, ratio, minimum: 1000, increment: 1000, transferTime: 'instant', typicalHours: 0, ...extra });
const EDGES: TransferEdge[] = [
  edge('amex_mr', 'virgin_atlantic', 1),
  edge('chase_ur', 'virgin_atlantic', 1),
  edge('amex_mr', 'flying_blue', 1, { transferTime: 'hours', typicalHours: 24 }),
  edge('chase_ur', 'flying_blue', 1),
  edge('chase_ur', 'british_airways', 1),
  edge('amex_mr', 'aeroplan', 1),
  edge('amex_mr', 'marriott_bonvoy', 1),
  edge('marriott_bonvoy', 'virgin_atlantic', 1 / 3, { minimum: 3000, increment: 3000, transferTime: 'days', typicalHours: 72, blockBonus: { per: 60000, bonus: 5000 } }),
  edge('marriott_bonvoy', 'alaska_mileage_plan', 1 / 3, { minimum: 3000, increment: 3000, transferTime: 'days', typicalHours: 72, blockBonus: { per: 60000, bonus: 5000 } }),
];
const BONUSES: TransferBonus[] = [
  { from: 'amex_mr', to: 'virgin_atlantic', percent: 30, start: '2026-11-01', end: '2026-12-15' },
  { from: 'chase_ur', to: 'flying_blue', percent: 25, start: '2026-01-01', end: '2026-02-28' }, // expired
];
const price = (p: string, business: number, taxes: number, hold: AwardPrice['hold'], extra: Partial<AwardPrice> = {}): AwardPrice => ({
  program: p, fromRegion: 'north_america', toRegion: 'europe', pricing: 'chart', miles: { business }, typicalTaxesUsd: { business: taxes }, hold, ...extra,
});
const AWARD_PRICES: AwardPrice[] = [
  price('virgin_atlantic', 50000, 450, { possible: true, hours: 48 }),
  price('flying_blue', 50000, 180, { possible: false, hours: null }, { pricing: 'dynamic', milesHigh: { business: 150000 } }),
  price('aeroplan', 60000, 60, { possible: false, hours: null }),
  price('british_airways', 57500, 1000, { possible: true, hours: 336 }),
];

const NOW = new Date('2026-11-21T09:00:00Z');
const graph = buildTransferGraph(PROGRAMS, EDGES, BONUSES, NOW);
const catalog = buildRouterCatalog(PROGRAMS, AWARD_PRICES);
const ROUTE: RouteFacts = { origin: 'JFK', destination: 'LHR', cabin: 'business', fromRegion: 'north_america', toRegion: 'europe', distanceMiles: 3451 };

const award = (source: string, miles: number, taxes: number, extra: Partial<AwardOffer> = {}): AwardOffer => ({
  provider: 'seats_aero', program: source, cabin: 'business', miles, taxes: { amount: taxes, currency: 'USD' }, seatsRemaining: 4,
  origin: 'JFK', destination: 'LHR', date: '2026-12-31', direct: true, airlines: ['VS'], slices: [], availabilityId: `av_${source}_${miles}`,
  observedAt: '2026-11-21T08:00:00Z', ...extra,
});
const AWARDS: AwardOffer[] = [
  award('virginatlantic', 50000, 35.6),
  award('virginatlantic', 65000, 35.6), // dearer space on the same programme: not the one to book
  award('flyingblue', 50000, 185.6, { airlines: ['KL'], direct: false, observedAt: '2026-11-21T06:00:00Z' }),
  award('flyingblue', 25000, 35.6, { cabin: 'economy' }), // another cabin: ignored
  award('smiles', 70000, 30),
];

const CASH = 5000;
const opts = (extra: Partial<RankOptions> = {}): RankOptions => ({ catalog, route: ROUTE, passengers: 1, k: 5, currency: 'USD', now: NOW, providerAnswered: true, ...extra });
const rank = (balances: Record<string, number>, extra: Partial<RankOptions> = {}, awards = AWARDS, cash = CASH) => rankRedemptions(graph, awards, balances, cash, opts(extra));
const cpp = (cash: number, taxes: number, points: number) => Math.round(((cash - taxes) / points) * 100 * 100) / 100;

// ---------- rankRedemptions ----------

describe('rankRedemptions', () => {
  it('ranks the path with an active +30 % bonus above the direct 1:1 transfer, with amounts rounded up to the increment', () => {
    const out = rank({ amex_mr: 100000, chase_ur: 100000 });
    const top = out.paths[0]!;
    expect(top.program).toBe('virgin_atlantic');
    expect(top.source).toBe('amex_mr');
    // 50,000 / 1.3 = 38,462 → 39,000 in steps of 1,000; 39,000 + 30 % = 50,700 arrive.
    expect(top.transfers).toEqual([{ from: 'amex_mr', to: 'virgin_atlantic', send: 39000, receive: 50700, ratio: 1, bonus_percent: 30, bonus_ends: '2026-12-15' }]);
    expect(top.points_spent).toBe(39000);
    expect(top.effective_cpp).toBe(cpp(CASH, 35.6, 39000));
    expect(top.verdict).toBe('excellent');

    const direct = out.paths.find((p) => p.program === 'virgin_atlantic' && p.source === 'chase_ur')!;
    expect(direct.transfers[0]).toMatchObject({ send: 50000, receive: 50000, bonus_percent: 0, bonus_ends: null });
    expect(direct.effective_cpp).toBe(cpp(CASH, 35.6, 50000));
    expect(out.paths.indexOf(direct)).toBeGreaterThan(0);
    // The expired Chase → Flying Blue bonus does not count.
    const fb = out.paths.find((p) => p.program === 'flying_blue' && p.source === 'chase_ur')!;
    expect(fb.transfers[0]!.bonus_percent).toBe(0);
  });

  it('books the cheapest live space per programme, in the asked cabin, and says how old the data is', () => {
    const out = rank({ amex_mr: 200000 });
    const vs = out.paths.filter((p) => p.program === 'virgin_atlantic');
    expect(new Set(vs.map((p) => p.miles))).toEqual(new Set([50000]));
    expect(out.paths.filter((p) => p.program === 'flying_blue').every((p) => p.miles === 50000 && p.taxes === 185.6)).toBe(true);
    // 09:00 − 06:00: the oldest live data used is three hours old.
    expect(out.award_data_age_seconds).toBe(3 * 3600);
    expect(out.paths.find((p) => p.program === 'virgin_atlantic')!.award_data_age_seconds).toBe(3600);
    expect(out.unknown_award_programs).toEqual(['smiles']);
  });

  it('spends miles already held in the programme before transferring anything', () => {
    const covered = rank({ virgin_atlantic: 60000, chase_ur: 100000 });
    const vs = covered.paths.filter((p) => p.program === 'virgin_atlantic');
    expect(vs).toHaveLength(1);
    expect(vs[0]).toMatchObject({ source: 'virgin_atlantic', uses_existing_balance: true, existing_balance_used: 50000, transfers: [], points_spent: 50000, transfer_time: 'none' });
    expect(vs[0]!.warning).toBeUndefined();

    const topUp = rank({ virgin_atlantic: 12345, chase_ur: 100000 });
    const path = topUp.paths.find((p) => p.program === 'virgin_atlantic')!;
    // 50,000 − 12,345 = 37,655 still needed → 38,000 sent in steps of 1,000.
    expect(path).toMatchObject({ source: 'chase_ur', uses_existing_balance: true, existing_balance_used: 12345, points_spent: 12345 + 38000 });
    expect(path.transfers[0]).toMatchObject({ send: 38000, receive: 38000 });
    expect(path.summary).toContain('Use your 12,345 virgin atlantic miles, transfer 38,000 chase ur to 38,000 virgin atlantic, then book');
  });

  it('rounds every hop of a multi-hop transfer to its minimum and increment, counting the block bonus', () => {
    // Only Marriott reaches Virgin for this caller: 3:1 in steps of 3,000, +5,000 per 60,000 sent.
    const out = rank({ marriott_bonvoy: 200000 });
    const path = out.paths.find((p) => p.program === 'virgin_atlantic')!;
    expect(path.transfers).toEqual([{ from: 'marriott_bonvoy', to: 'virgin_atlantic', send: 120000, receive: 50000, ratio: 1 / 3, bonus_percent: 0, bonus_ends: null }]);
    expect(path.transfer_time).toBe('days');

    // Amex reaches Alaska only through Marriott: 45,000 miles need 120,000 Marriott points
    // (117,000 would give 39,000 + one 5,000 block = 44,000), so 120,000 Amex points.
    const twoHop = rank({ amex_mr: 500000 }, {}, [award('alaska', 45000, 35.6, { airlines: ['AA'] })]).paths;
    expect(twoHop).toHaveLength(1);
    expect(twoHop[0]!.transfers).toEqual([
      { from: 'amex_mr', to: 'marriott_bonvoy', send: 120000, receive: 120000, ratio: 1, bonus_percent: 0, bonus_ends: null },
      { from: 'marriott_bonvoy', to: 'alaska_mileage_plan', send: 120000, receive: 50000, ratio: 1 / 3, bonus_percent: 0, bonus_ends: null },
    ]);
    expect(twoHop[0]!.summary).toContain('120,000 of those on to 50,000 alaska mileage plan');
  });

  it('drops alternatives that are both dearer and slower, such as the same transfer through an extra hop', () => {
    const paths = rank({ amex_mr: 500000 }).paths.filter((p) => p.program === 'virgin_atlantic');
    // Amex → Marriott → Virgin reaches Virgin too, but costs more and takes days.
    expect(paths.map((p) => p.transfers.map((t) => t.to))).toEqual([['virgin_atlantic']]);
  });

  it('warns before transferring to an award that cannot be held, and not when it can be', () => {
    const out = rank({ amex_mr: 200000 });
    const fb = out.paths.find((p) => p.program === 'flying_blue')!;
    expect(fb.can_hold).toBe(false);
    expect(fb.warning).toMatch(/cannot hold this award/);
    expect(fb.warning).toMatch(/right before transferring/);
    expect(fb.warning).toMatch(/about 24 hours/);
    const vs = out.paths.find((p) => p.program === 'virgin_atlantic')!;
    expect(vs).toMatchObject({ can_hold: true, hold_hours: 48 });
    expect(vs.warning).toBeUndefined();
    expect(vs.summary).toContain('Hold the award first');
    // The rule in general: no transfer to an unholdable award goes out without a warning.
    for (const p of [...out.paths, ...out.short_by]) if (p.transfers.length > 0 && !p.can_hold) expect(p.warning).toMatch(/transfers cannot be undone/);
  });

  it('lists what the balances cannot cover under short_by, not among the paths', () => {
    const out = rank({ chase_ur: 30000 });
    expect(out.paths.filter((p) => p.program === 'virgin_atlantic' || p.program === 'flying_blue')).toEqual([]);
    const vs = out.short_by.find((p) => p.program === 'virgin_atlantic' && p.source === 'chase_ur')!;
    expect(vs).toMatchObject({ balance: 30000, short_by: 20000 });
    expect(out.recommendation).toMatch(/None of your balances covers/);

    // Held miles that fall short, with no way to top them up, are listed too.
    const held = rank({ flying_blue: 20000 });
    expect(held.short_by.find((p) => p.program === 'flying_blue')).toMatchObject({ source: 'flying_blue', balance: 20000, short_by: 30000 });
  });

  it('adds chart prices for programmes the provider does not track, ranked below every live path', () => {
    const out = rank({ chase_ur: 200000 });
    const ba = out.paths.find((p) => p.program === 'british_airways')!;
    expect(ba).toMatchObject({ availability: 'unconfirmed', miles: 57500, taxes: 1000, seats: null, award_data_age_seconds: null });
    expect(ba.warning).toMatch(/No live award space seen/);
    const firstUnconfirmed = out.paths.findIndex((p) => p.availability === 'unconfirmed');
    expect(out.paths.slice(firstUnconfirmed).every((p) => p.availability === 'unconfirmed')).toBe(true);
    // Aeroplan is tracked and showed no space that day: no chart option for it.
    expect(out.paths.some((p) => p.program === 'aeroplan')).toBe(false);
  });

  it('falls back to chart prices for every programme when the provider failed', () => {
    const out = rank({ amex_mr: 200000 }, { providerAnswered: false }, []);
    expect(out.paths.length).toBeGreaterThan(0);
    expect(out.paths.every((p) => p.availability === 'unconfirmed')).toBe(true);
    expect(out.paths.map((p) => p.program)).toEqual(expect.arrayContaining(['virgin_atlantic', 'flying_blue', 'aeroplan']));
    const fb = out.paths.find((p) => p.program === 'flying_blue')!;
    expect(fb.miles_high).toBe(150000);
    expect(fb.warning).toMatch(/up to 150,000/);
    expect(out.award_data_age_seconds).toBeNull();
    expect(out.recommendation).toMatch(/^No live award space was seen/);
  });

  it('prices a party: miles and taxes per passenger times the party, space with too few seats skipped', () => {
    const awards = [award('virginatlantic', 50000, 35.6, { seatsRemaining: 1 }), award('flyingblue', 50000, 100, { seatsRemaining: null })];
    const out = rank({ amex_mr: 300000 }, { passengers: 2 }, awards, 10000);
    expect(out.paths.some((p) => p.program === 'virgin_atlantic' && p.availability === 'live')).toBe(false);
    const fb = out.paths.find((p) => p.program === 'flying_blue')!;
    expect(fb).toMatchObject({ miles: 100000, miles_per_passenger: 50000, taxes: 200, points_spent: 100000 });
    expect(fb.effective_cpp).toBe(cpp(10000, 200, 100000));
  });

  it('converts taxes in another currency and judges the value against the source currency', () => {
    const aeroplan = [award('aeroplan', 60000, 69, { taxes: { amount: 69, currency: 'CAD' } })];
    const out = rank({ amex_mr: 100000 }, {}, aeroplan, 1500);
    const ac = out.paths.find((p) => p.program === 'aeroplan')!;
    expect(ac.taxes).toBe(50); // 69 CAD at 1.38 per USD
    expect(ac.reference_cpp).toBe(2.0);
    expect(ac.effective_cpp).toBe(cpp(1500, 50, 60000));
    expect(ac.verdict).toBe('good'); // 2.42 ¢: at least Amex's 2.0, under 1.5 × 2.0
  });

  it('tells the caller to pay cash when the best redemption is worth less than the points', () => {
    const out = rank({ amex_mr: 100000 }, {}, [award('virginatlantic', 50000, 35.6)], 600);
    expect(out.paths[0]!.verdict).toBe('poor');
    expect(out.recommendation).toMatch(/^Pay cash/);
  });
});

// ---------- the routes, called in process ----------

function daysAhead(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

const FLIGHT = { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40), cabin_class: 'business', cash_price: 5200 };
const WALLET = { amex_mr: 150000, chase_ur: 100000, capital_one: 60000 };

describe('POST /api/points-router/paths', () => {
  // On today's date, as daysAhead counts from it.
  const api = restClient(testContext({ principal: ANONYMOUS, now: new Date() }));

  async function paths(body: Record<string, unknown>): Promise<PathsAnswerOut> {
    return bodyOf<PathsAnswerOut>(await api.post('/api/points-router/paths', body));
  }

  it('ranks JFK–LHR business on simulated seats.aero space the way a points expert would', async () => {
    const out = await paths({ ...FLIGHT, balances: WALLET });
    expect(out.award_data).toBe('live');
    expect(out).toMatchObject({ cash_price: 5200, currency: 'USD', passengers: 1 });
    expect(out.award_data_age_seconds).toBeGreaterThanOrEqual(0);
    expect(out.award_data_age_seconds).toBeLessThan(86_400);
    const live = out.paths.filter((p) => p.availability === 'live');
    expect(live.length).toBeGreaterThan(0);

    const top = out.paths[0]!;
    // Business space at a sane price, paid from a bank currency. Which saver space the simulated
    // programmes release varies by day, and a low-surcharge 75k seat can beat a 57.5k one carrying
    // fuel surcharges on cents per point, so the ceiling is the dearest saver chart on the route
    // (United's 80k for Europe–North America business), not the cheapest. Surcharges are held to a
    // small share of the cash fare.
    expect(top.availability).toBe('live');
    expect(top.miles_per_passenger).toBeLessThanOrEqual(80_000);
    expect(top.taxes).toBeLessThan(FLIGHT.cash_price * 0.15);
    expect(top.verdict).toBe('excellent');
    expect(Object.keys(WALLET)).toContain(top.source);
    expect(top.effective_cpp).toBe(Math.max(...live.map((p) => p.effective_cpp)));
    expect(top.effective_cpp).toBeCloseTo(((5200 - top.taxes) / top.points_spent) * 100, 1);
    const last = top.transfers[top.transfers.length - 1]!;
    expect(last.to).toBe(top.program);
    expect(last.receive).toBeGreaterThanOrEqual(top.miles);
    expect(top.transfers[0]!.send).toBe(top.points_spent);
    expect(top.transfers[0]!.send).toBeLessThanOrEqual(WALLET[top.source as keyof typeof WALLET]);
    expect(out.recommendation).toBe(top.summary);

    for (const p of out.paths) {
      if (p.transfers.length > 0 && !p.can_hold) expect(p.warning).toMatch(/transfers cannot be undone/);
      expect(p.award_data_age_seconds === null).toBe(p.availability === 'unconfirmed');
    }
    // Everything the wallet cannot pay for is apart, with what is missing.
    for (const s of out.short_by) expect(s.short_by).toBeGreaterThan(0);
  });

  it('uses miles already held in the booking programme first', async () => {
    const first = await paths({ ...FLIGHT, balances: WALLET });
    const top = first.paths[0]!;
    const held = await paths({ ...FLIGHT, balances: { ...WALLET, [top.program]: top.miles } });
    const same = held.paths.filter((p) => p.program === top.program);
    expect(same).toHaveLength(1);
    expect(same[0]).toMatchObject({ source: top.program, uses_existing_balance: true, existing_balance_used: top.miles, transfers: [] });
  });

  it('answers with chart prices, not an error, when the award provider fails', async () => {
    const failing = restClient(testContext({ principal: ANONYMOUS, now: new Date(), providerEnv: { SIM_FAIL_RATE: 'seats_aero:1' } }));
    const res = await failing.post('/api/points-router/paths', { ...FLIGHT, balances: WALLET });
    expect(res.status).toBe(200);
    const out = res.body as PathsAnswerOut;
    expect(out.award_data).toBe('unavailable');
    expect(out.award_data_age_seconds).toBeNull();
    expect(out.paths.length).toBeGreaterThan(0);
    expect(out.paths.every((p) => p.availability === 'unconfirmed' && /No live award space seen/.test(p.warning ?? ''))).toBe(true);
  });

  it('refuses unknown programmes and a missing wallet with 422', async () => {
    const unknown = await api.post('/api/points-router/paths', { ...FLIGHT, balances: { amex_mr: 1000, amex_points: 5 } });
    expect(unknown.status).toBe(422);
    const detail = (unknown.body as { detail: { loc: (string | number)[]; msg: string }[] }).detail;
    expect(detail[0]!.loc).toEqual(['body', 'balances', 'amex_points']);
    expect(detail[0]!.msg).toMatch(/valid programmes: .*amex_mr/);

    const missing = await api.post('/api/points-router/paths', FLIGHT);
    expect(missing.status).toBe(422);
    expect((missing.body as { detail: { loc: (string | number)[] }[] }).detail[0]!.loc).toEqual(['body', 'balances']);
  });

  it('GET /api/points-router/health reports datasets, provider and graph as strings', async () => {
    const res = await api.get('/api/points-router/health');
    expect(res.status).toBe(200);
    const health = res.body as Record<string, unknown>;
    expect(Object.values(health).every((v) => typeof v === 'string')).toBe(true);
    for (const key of ['programs_as_of', 'transfers_as_of', 'transfer_bonuses_as_of', 'award_prices_as_of']) expect(health[key]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(Number(health.programs_count)).toBeGreaterThan(30);
    expect(health).toMatchObject({ award_provider_mode: 'simulator', award_provider_credential: 'missing', award_provider_breaker: 'closed', graph_day: new Date().toISOString().slice(0, 10) });
    expect(Number(health.graph_build_ms)).toBeGreaterThanOrEqual(0);
  });
});
