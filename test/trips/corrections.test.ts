import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { caller, ok, send, threeMemberTrip, type Member } from './trip-helpers.js';

// Issue 23, records people can correct: PATCH and DELETE for expenses and
// activities (balances recomputed), member role changes and removal under the owner
// and zero-balance rules, settle-up payments that clear balances without counting as
// spending, and activity times that keep their UTC offset.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Expense { id: string; amount: number; trip_amount: number; description: string; paid_by_name: string; spent_on: string | null; shares: { member_id: string; amount: number }[] }
interface Balance { member_id: string; display_name: string; removed: boolean; paid: number; owed: number; payments_sent: number; payments_received: number; balance: number }
interface Summary {
  total: number; expense_count: number; members: Balance[];
  settle_up: { from_member_id: string; to_member_id: string; amount: number }[];
  payments: { id: string; from_member_id: string; to_member_id: string; amount: number; paid_amount: number; paid_currency: string; note: string }[];
}
interface Activity { id: string; starts_at: string; ends_at: string | null; place: string | null; cost: number | null; currency: string | null; booking_id: string | null }
interface Problem { detail: string | { loc: (string | number)[]; msg: string }[] }

type Trio = { Alice: string; Bob: string; Carol: string };
const balanceOf = (s: Summary, id: string) => s.members.find((m) => m.member_id === id)?.balance;

describe('expenses', () => {
  it('PATCH re-splits a changed amount, keeps what was not sent, and balances follow', async () => {
    const g = await threeMemberTrip(server, { carolRole: 'editor' });
    const { Alice, Bob, Carol } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    const dinner = await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Dinner', amount: 90, category: 'food', spent_on: '2027-05-01' });
    expect(dinner.shares.map((s) => s.amount)).toEqual([30, 30, 30]);

    const fixed = await ok<Expense>(server, g.callers.Bob!, 'PATCH', `${base}/expenses/${dinner.id}`, { amount: 120 });
    expect(fixed).toMatchObject({ id: dinner.id, amount: 120, description: 'Dinner', spent_on: '2027-05-01' });
    expect(fixed.shares.map((s) => s.amount)).toEqual([40, 40, 40]);
    const summary = await ok<Summary>(server, g.owner, 'GET', `${base}/expenses/summary`);
    expect(summary.total).toBe(120);
    expect([balanceOf(summary, Alice), balanceOf(summary, Bob), balanceOf(summary, Carol)]).toEqual([80, -40, -40]);

    const renamed = await ok<Expense>(server, g.owner, 'PATCH', `${base}/expenses/${dinner.id}`, { description: 'Dinner at Ramiro', spent_on: null, split: { method: 'equal', among: [Alice, Bob] } });
    expect(renamed).toMatchObject({ description: 'Dinner at Ramiro', amount: 120, spent_on: null });
    expect(renamed.shares.map((s) => [s.member_id, s.amount])).toEqual([[Alice, 60], [Bob, 60]]);
  });

  it('reports an exact split that does not add up in the units the caller used', async () => {
    const g = await threeMemberTrip(server, { currency: 'EUR' });
    const { Alice, Bob } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    const bad = await send(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Tickets', amount: 90, split: { method: 'exact', amounts: { [Alice]: 50, [Bob]: 30 } } });
    expect(bad.status).toBe(422);
    const body = (await bad.json()) as Problem;
    expect(JSON.stringify(body)).toContain('add up to 80 EUR, not the amount 90 EUR');

    const exact = await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Tickets', amount: 90, split: { method: 'exact', amounts: { [Alice]: 60, [Bob]: 30 } } });
    // A new amount with the old exact split no longer adds up: 422, and nothing changes.
    const stale = await send(server, g.owner, 'PATCH', `${base}/expenses/${exact.id}`, { amount: 100 });
    expect(stale.status).toBe(422);
    expect(JSON.stringify(await stale.json())).toContain('add up to 90 EUR, not the amount 100 EUR');
    const row = await prismaOf(server).tripExpense.findUniqueOrThrow({ where: { id: exact.id } });
    expect(row.amountMinor).toBe(9000);
  });

  it('DELETE removes an expense and answers the balances without it; viewers and strangers cannot', async () => {
    const g = await threeMemberTrip(server);
    const { Alice, Bob } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    const taxi = await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Bob, description: 'Taxi', amount: 30 });
    const lunch = await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Lunch', amount: 60 });

    expect((await send(server, g.callers.Carol!, 'DELETE', `${base}/expenses/${taxi.id}`)).status).toBe(403);
    expect((await send(server, g.callers.Carol!, 'PATCH', `${base}/expenses/${taxi.id}`, { amount: 1 })).status).toBe(403);
    const stranger = await caller(server, `stranger_${Date.now()}`);
    expect((await send(server, stranger, 'DELETE', `${base}/expenses/${taxi.id}`)).status).toBe(404);
    // An expense of another trip is not found through this one.
    const other = await threeMemberTrip(server);
    expect((await send(server, other.owner, 'DELETE', `/api/trips/${other.trip.id}/expenses/${taxi.id}`)).status).toBe(404);

    const after = await ok<Summary>(server, g.owner, 'DELETE', `${base}/expenses/${taxi.id}`);
    expect(after.total).toBe(60);
    expect(after.expense_count).toBe(1);
    expect(balanceOf(after, Alice)).toBe(40);
    expect((await send(server, g.owner, 'DELETE', `${base}/expenses/${taxi.id}`)).status).toBe(404);
    expect(lunch.id).toBeTruthy();
  });
});

describe('settle-up payments', () => {
  it('clear balances, shrink the settle-up list, never count as spending, and can be undone', async () => {
    const g = await threeMemberTrip(server);
    const { Alice, Bob, Carol } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    await ok(server, g.owner, 'PUT', `${base}/budget`, { total: 500, categories: { food: 100 } });
    await ok<Expense>(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Alice, description: 'Dinner', amount: 90, category: 'food' });

    const paid = await ok<Summary>(server, g.callers.Bob!, 'POST', `${base}/settlements`, { from: Bob, to: Alice, amount: 30, note: 'Bank transfer' });
    expect([balanceOf(paid, Alice), balanceOf(paid, Bob), balanceOf(paid, Carol)]).toEqual([30, 0, -30]);
    expect(paid.settle_up).toEqual([expect.objectContaining({ from_member_id: Carol, to_member_id: Alice, amount: 30 })]);
    expect(paid.total).toBe(90);
    expect(paid.expense_count).toBe(1);
    expect(paid.payments).toEqual([expect.objectContaining({ from_member_id: Bob, to_member_id: Alice, amount: 30, note: 'Bank transfer' })]);
    expect(paid.members.find((m) => m.member_id === Bob)).toMatchObject({ paid: 0, owed: 30, payments_sent: 30, balance: 0 });
    const budget = await ok<{ total: { spent: number }; categories: { category: string; spent: number }[] }>(server, g.owner, 'GET', `${base}/budget`);
    expect(budget.total.spent).toBe(90);
    expect(budget.categories.map((c) => c.category)).not.toContain('settlement');

    // Carol is a viewer: she may record her own payment, not someone else's.
    expect((await send(server, g.callers.Carol!, 'POST', `${base}/settlements`, { from: Bob, to: Alice, amount: 5 })).status).toBe(403);
    const cleared = await ok<Summary>(server, g.callers.Carol!, 'POST', `${base}/settlements`, { from: Carol, to: Alice, amount: 27.5, currency: 'EUR' });
    const carolPaid = cleared.payments.find((p) => p.from_member_id === Carol)!;
    expect(carolPaid).toMatchObject({ paid_amount: 27.5, paid_currency: 'EUR' });
    expect(balanceOf(cleared, Carol)).toBeCloseTo(-30 + carolPaid.amount, 2);

    expect((await send(server, g.owner, 'POST', `${base}/settlements`, { from: Bob, to: Bob, amount: 5 })).status).toBe(422);
    const undone = await ok<Summary>(server, g.owner, 'DELETE', `${base}/settlements/${paid.payments[0]!.id}`);
    expect(balanceOf(undone, Bob)).toBe(-30);
    // A payment is not an expense, and an expense is not a payment.
    expect((await send(server, g.owner, 'PATCH', `${base}/expenses/${carolPaid.id}`, { amount: 1 })).status).toBe(404);
  });
});

describe('members', () => {
  it('owners change roles; the last owner cannot step down; members fix their own names', async () => {
    const g = await threeMemberTrip(server);
    const { Alice, Bob, Carol } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    expect((await send(server, g.owner, 'PATCH', `${base}/travelers/${Alice}`, { role: 'editor' })).status).toBe(409);
    expect((await send(server, g.callers.Carol!, 'PATCH', `${base}/travelers/${Carol}`, { role: 'owner' })).status).toBe(403);
    expect((await send(server, g.callers.Carol!, 'PATCH', `${base}/travelers/${Bob}`, { name: 'Bobby' })).status).toBe(403);
    expect(await ok<Member>(server, g.callers.Carol!, 'PATCH', `${base}/travelers/${Carol}`, { name: 'Caz' })).toMatchObject({ display_name: 'Caz', role: 'viewer' });

    expect(await ok<Member>(server, g.owner, 'PATCH', `${base}/travelers/${Bob}`, { role: 'viewer' })).toMatchObject({ role: 'viewer' });
    expect((await send(server, g.callers.Bob!, 'POST', `${base}/expenses`, { paid_by: Bob, description: 'Snacks', amount: 5 })).status).toBe(403);
    expect(await ok<Member>(server, g.owner, 'PATCH', `${base}/travelers/${Carol}`, { role: 'owner' })).toMatchObject({ role: 'owner' });
    // With a second owner, Alice may step down.
    expect(await ok<Member>(server, g.owner, 'PATCH', `${base}/travelers/${Alice}`, { role: 'editor' })).toMatchObject({ role: 'editor' });
  });

  it('two owners demoting each other at once always leave the trip with an owner', async () => {
    const trips = await Promise.all(Array.from({ length: 6 }, () => threeMemberTrip(server, { carolRole: 'owner' })));
    const answers = await Promise.all(trips.flatMap((g) => {
      const { Alice, Carol } = g.ids as Trio;
      const base = `/api/trips/${g.trip.id}`;
      return [
        send(server, g.owner, 'PATCH', `${base}/travelers/${Carol}`, { role: 'viewer' }),
        send(server, g.callers.Carol!, 'PATCH', `${base}/travelers/${Alice}`, { role: 'viewer' }),
      ];
    }));
    for (const [i, g] of trips.entries()) {
      // One wins; the other is refused, as the last owner (409) or as no longer an owner (403), whichever the timing.
      const statuses = [answers[2 * i]!.status, answers[2 * i + 1]!.status].sort();
      expect(statuses[0]).toBe(200);
      expect([403, 409]).toContain(statuses[1]);
      expect(await prismaOf(server).tripMember.count({ where: { tripId: g.trip.id, role: 'owner', removedAt: null } })).toBe(1);
    }
  });

  it('a member leaves only with a zero balance; past expenses keep their name; coming back restores their id', async () => {
    const g = await threeMemberTrip(server, { carolRole: 'editor' });
    const { Alice, Bob } = g.ids as Trio;
    const base = `/api/trips/${g.trip.id}`;
    const dinner = await ok<Expense>(server, g.callers.Bob!, 'POST', `${base}/expenses`, { paid_by: Bob, description: 'Dinner', amount: 60, split: { method: 'equal', among: [Alice, Bob] } });

    const refused = await send(server, g.callers.Bob!, 'DELETE', `${base}/travelers/${Bob}`);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(await refused.json())).toContain('is owed 30 USD');
    expect((await send(server, g.callers.Carol!, 'DELETE', `${base}/travelers/${Bob}`)).status).toBe(403);
    expect((await send(server, g.owner, 'DELETE', `${base}/travelers/${Alice}`)).status).toBe(409); // the last owner

    await ok(server, g.owner, 'POST', `${base}/settlements`, { from: Alice, to: Bob, amount: 30 });
    expect(await ok(server, g.callers.Bob!, 'DELETE', `${base}/travelers/${Bob}`)).toEqual({ id: Bob, removed: true });
    // Gone from the trip, still named on what they paid.
    expect((await send(server, g.callers.Bob!, 'GET', base)).status).toBe(404);
    const trip = await ok<{ members: Member[] }>(server, g.owner, 'GET', base);
    expect(trip.members.map((m) => m.id)).not.toContain(Bob);
    const summary = await ok<Summary>(server, g.owner, 'GET', `${base}/expenses/summary`);
    expect(summary.members.map((m) => m.member_id)).not.toContain(Bob);
    const fixed = await ok<Expense>(server, g.owner, 'PATCH', `${base}/expenses/${dinner.id}`, { description: 'Dinner (Bob paid)' });
    expect(fixed.paid_by_name).toBe('Bob');
    // A new expense cannot name someone who left.
    expect((await send(server, g.owner, 'POST', `${base}/expenses`, { paid_by: Bob, description: 'x', amount: 1 })).status).toBe(422);

    const back = await ok<Member>(server, g.owner, 'POST', `${base}/travelers`, { user_id: g.callers.Bob!.userId, name: 'Bob', role: 'viewer' });
    expect(back).toMatchObject({ id: Bob, role: 'viewer' });
  });
});

describe('activities', () => {
  it('keep the UTC offset they were given in, and PATCH and DELETE them', async () => {
    const g = await threeMemberTrip(server);
    const base = `/api/trips/${g.trip.id}`;
    const fado = await ok<Activity>(server, g.owner, 'POST', `${base}/activities`, { title: 'Fado', starts_at: '2027-05-02T20:00:00+01:00', ends_at: '2027-05-02T22:30:00+01:00', cost: 35, place: 'Alfama' });
    expect(fado.starts_at).toBe('2027-05-02T20:00:00.000+01:00');
    expect(Date.parse(fado.starts_at)).toBe(Date.parse('2027-05-02T19:00:00Z'));
    const utc = await ok<Activity>(server, g.owner, 'POST', `${base}/activities`, { title: 'Tram', starts_at: '2027-05-03T09:00:00Z' });
    expect(utc.starts_at).toBe('2027-05-03T09:00:00.000Z');

    const later = await ok<Activity>(server, g.callers.Bob!, 'PATCH', `${base}/activities/${fado.id}`, { starts_at: '2027-05-02T21:00:00+01:00', ends_at: null, place: null, cost: 40, currency: 'EUR' });
    expect(later).toMatchObject({ starts_at: '2027-05-02T21:00:00.000+01:00', ends_at: null, place: null, cost: 40, currency: 'EUR' });
    const bad = await send(server, g.owner, 'PATCH', `${base}/activities/${utc.id}`, { ends_at: '2027-05-03T08:00:00Z' });
    expect(bad.status).toBe(422);
    expect((await send(server, g.callers.Carol!, 'PATCH', `${base}/activities/${utc.id}`, { title: 'x' })).status).toBe(403);

    expect(await ok(server, g.owner, 'DELETE', `${base}/activities/${utc.id}`)).toEqual({ id: utc.id, deleted: true });
    expect((await send(server, g.owner, 'DELETE', `${base}/activities/${utc.id}`)).status).toBe(404);
    const trip = await ok<{ activities: Activity[] }>(server, g.owner, 'GET', base);
    expect(trip.activities.map((a) => a.id)).toEqual([fado.id]);
  });
});
