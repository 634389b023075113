import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossRate } from '../../tools/_kit/fx-rates.js';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { minimalTransferCount, ok, send, threeMemberTrip } from './trip-helpers.js';

// Mixed-currency expenses on a three-member USD trip, the balances and the
// fewest transfers that settle them, every split method, and the budget.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Expense { id: string; amount: number; currency: string; fx_rate: number; trip_amount: number; shares: { member_id: string; amount: number }[] }
interface Summary {
  total: number; expense_count: number;
  by_currency: { currency: string; amount: number; trip_amount: number }[];
  members: { member_id: string; display_name: string; paid: number; owed: number; balance: number }[];
  settle_up: { from_member_id: string; to_member_id: string; from: string; to: string; amount: number }[];
  fx_rates: { from: string; to: string; rate: number }[];
}
const cents = (n: number) => Math.round(n * 100);

describe('a three-member trip with USD, EUR and GBP expenses', () => {
  it('converts at the stated rates, balances to zero and settles in the fewest transfers', async () => {
    const g = await threeMemberTrip(server, { carolRole: 'editor' });
    const { Alice, Bob, Carol } = g.ids as { Alice: string; Bob: string; Carol: string };
    const base = `/api/trips/${g.trip.id}`;
    const dinner = await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Dinner', amount: 100, currency: 'USD', category: 'food' });
    const hotel = await ok<Expense>(server, g.callers.Bob!, 'POST', `${base}/expenses`, { paid_by: Bob, description: 'Hotel', amount: 250, currency: 'EUR', category: 'lodging', split: { method: 'shares', shares: { [Alice]: 2, [Bob]: 1, [Carol]: 1 } } });
    const taxi = await ok<Expense>(server, g.callers.Carol!, 'POST', `${base}/expenses`, { paid_by: Carol, description: 'Taxi', amount: 33.33, currency: 'GBP', category: 'transport', split: { method: 'equal', among: [Alice, Carol] } });

    // Stated rates are the reference cross rates, and the trip amounts follow from them.
    expect(dinner.fx_rate).toBe(1);
    expect(hotel.fx_rate).toBe(crossRate('EUR', 'USD'));
    expect(taxi.fx_rate).toBe(crossRate('GBP', 'USD'));
    expect(cents(hotel.trip_amount)).toBe(Math.round(25000 * crossRate('EUR', 'USD')));
    expect(cents(taxi.trip_amount)).toBe(Math.round(3333 * crossRate('GBP', 'USD')));
    // Dinner 100.00 three ways: 33.34 + 33.33 + 33.33, remainder to the first member.
    expect(dinner.shares.map((s) => cents(s.amount))).toEqual([3334, 3333, 3333]);
    for (const e of [dinner, hotel, taxi]) expect(e.shares.reduce((a, s) => a + cents(s.amount), 0)).toBe(cents(e.trip_amount));
    expect(taxi.shares.map((s) => s.member_id)).toEqual([Alice, Carol]);

    const sum = await ok<Summary>(server, g.owner, 'GET', `${base}/expenses/summary`);
    expect(sum.expense_count).toBe(3);
    expect(cents(sum.total)).toBe(10000 + cents(hotel.trip_amount) + cents(taxi.trip_amount));
    expect(sum.by_currency.map((c) => c.currency)).toEqual(['EUR', 'GBP', 'USD']);
    expect(sum.fx_rates).toEqual([{ from: 'EUR', to: 'USD', rate: crossRate('EUR', 'USD') }, { from: 'GBP', to: 'USD', rate: crossRate('GBP', 'USD') }]);

    // Balances: paid − owed, recomputed here from the recorded shares.
    const expected = new Map<string, number>([[Alice, 0], [Bob, 0], [Carol, 0]]);
    for (const [payer, e] of [[Alice, dinner], [Bob, hotel], [Carol, taxi]] as const) {
      expected.set(payer, (expected.get(payer) ?? 0) + cents(e.trip_amount));
      for (const s of e.shares) expected.set(s.member_id, (expected.get(s.member_id) ?? 0) - cents(s.amount));
    }
    for (const m of sum.members) {
      expect(cents(m.balance)).toBe(expected.get(m.member_id));
      expect(cents(m.paid) - cents(m.owed)).toBe(cents(m.balance));
    }
    expect(sum.members.reduce((a, m) => a + cents(m.balance), 0)).toBe(0);

    // The transfers clear every balance, and there are as few as possible.
    const left = new Map(sum.members.map((m) => [m.member_id, cents(m.balance)]));
    for (const t of sum.settle_up) {
      expect(t.amount).toBeGreaterThan(0);
      left.set(t.from_member_id, (left.get(t.from_member_id) ?? 0) + cents(t.amount));
      left.set(t.to_member_id, (left.get(t.to_member_id) ?? 0) - cents(t.amount));
    }
    expect([...left.values()].every((v) => v === 0)).toBe(true);
    expect(sum.settle_up.length).toBe(minimalTransferCount([...expected.values()]));
    expect(sum.settle_up.length).toBe(2);
  });

  it('settles in one transfer when a member is already even', async () => {
    const g = await threeMemberTrip(server, { carolRole: 'editor' });
    const { Alice, Bob } = g.ids as { Alice: string; Bob: string };
    await ok(server, g.owner, 'POST', `/api/trips/${g.trip.id}/expenses`, { paid_by: Alice, description: 'Museum', amount: 40, split: { method: 'equal', among: [Alice, Bob] } });
    const sum = await ok<Summary>(server, g.owner, 'GET', `/api/trips/${g.trip.id}/expenses/summary`);
    expect(sum.settle_up).toEqual([{ from_member_id: Bob, from: 'Bob', to_member_id: Alice, to: 'Alice', amount: 20 }]);
  });
});

describe('split methods and their validation', () => {
  it('applies exact amounts (in the paid currency) and percents, and rejects bad splits with 422 on the field', async () => {
    const g = await threeMemberTrip(server);
    const { Alice, Bob, Carol } = g.ids as { Alice: string; Bob: string; Carol: string };
    const path = `/api/trips/${g.trip.id}/expenses`;
    const exact = await ok<Expense>(server, g.owner, 'POST', path, { paid_by: Alice, description: 'Tickets', amount: 50, currency: 'EUR', split: { method: 'exact', amounts: { [Alice]: 30, [Bob]: 20 } } });
    expect(exact.shares.map((s) => s.member_id)).toEqual([Alice, Bob, Carol]);
    expect(exact.shares.map((s) => cents(s.amount))).toEqual([Math.round(3000 * crossRate('EUR', 'USD')), Math.round(2000 * crossRate('EUR', 'USD')), 0]);
    const pct = await ok<Expense>(server, g.owner, 'POST', path, { paid_by: Bob, description: 'Wine', amount: 10, split: { method: 'percent', percents: { [Alice]: 50, [Bob]: 25, [Carol]: 25 } } });
    expect(pct.shares.map((s) => cents(s.amount))).toEqual([500, 250, 250]);

    const bad = async (body: Record<string, unknown>, loc: (string | number)[]) => {
      const out = await ok<{ detail: { loc: (string | number)[] }[] }>(server, g.owner, 'POST', path, { paid_by: Alice, description: 'x', amount: 10, ...body }, 422);
      expect(out.detail.map((d) => d.loc)).toContainEqual(loc);
    };
    await bad({ split: { method: 'exact', amounts: { [Alice]: 3 } } }, ['body', 'split', 'amounts']);
    await bad({ split: { method: 'percent', percents: { [Alice]: 50, [Bob]: 40 } } }, ['body', 'split', 'percents']);
    await bad({ split: { method: 'shares' } }, ['body', 'split', 'shares']);
    await bad({ split: { method: 'equal', among: ['tm_nobody'] } }, ['body', 'split', 'among']);
    await bad({ paid_by: 'tm_nobody' }, ['body', 'paid_by']);
    await bad({ currency: 'XYZ' }, ['body', 'currency']);
    await bad({ amount: -5 }, ['body', 'amount']);
    await bad({ amount: 0.001 }, ['body', 'amount']);
    // Nothing of the rejected ones was stored.
    expect(await prismaOf(server).tripExpense.count({ where: { tripId: g.trip.id } })).toBe(2);
  });
});

describe('budget', () => {
  it('reports spent, remaining and percent used per category and in total', async () => {
    const g = await threeMemberTrip(server);
    const { Alice } = g.ids as { Alice: string };
    const base = `/api/trips/${g.trip.id}`;
    const empty = await ok<{ budget_set: boolean; total: { budget: number | null } }>(server, g.owner, 'GET', `${base}/budget`);
    expect(empty.budget_set).toBe(false);
    expect(empty.total.budget).toBeNull();

    await ok(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Dinner', amount: 120, category: 'food' });
    await ok(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Bus', amount: 20, category: 'transport' });
    await ok(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Hotel', amount: 100, currency: 'EUR', category: 'lodging' });
    const hotelUsd = Math.round(10000 * crossRate('EUR', 'USD'));

    await ok(server, g.owner, 'PUT', `${base}/budget`, { total: 1000, categories: { lodging: 600, food: 300, transport: 50 } });
    const b = await ok<{ budget_set: boolean; total: Record<string, number>; categories: (Record<string, number> & { category: string })[] }>(server, g.owner, 'GET', `${base}/budget`);
    expect(b.budget_set).toBe(true);
    const spent = 12000 + 2000 + hotelUsd;
    expect(cents(b.total.spent!)).toBe(spent);
    expect(cents(b.total.remaining!)).toBe(100000 - spent);
    expect(b.total.pct_used).toBeCloseTo((spent / 100000) * 100, 1);
    const food = b.categories.find((c) => c.category === 'food');
    expect(food).toMatchObject({ budget: 300, spent: 120, remaining: 180, pct_used: 40 });
    expect(b.categories.find((c) => c.category === 'transport')).toMatchObject({ budget: 50, spent: 20, remaining: 30, pct_used: 40 });

    // Category budgets over the total are refused; viewers cannot set a budget.
    const over = await ok<{ detail: { loc: string[] }[] }>(server, g.owner, 'PUT', `${base}/budget`, { total: 100, categories: { food: 80, lodging: 30 } }, 422);
    expect(over.detail[0]?.loc).toEqual(['body', 'categories']);
    expect((await send(server, g.callers.Carol!, 'PUT', `${base}/budget`, { total: 5 })).status).toBe(403);
  });
});
