import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, connectMcp, failing } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { ok, threeMemberTrip, type Group } from './trip-helpers.js';

// The trip tools over MCP: listed with their scopes' hints, and "split this dinner
// three ways" as one add_trip_expense call that answers with the new balances.

let server: TestServer;
let g: Group;
let alice: Client;
let stranger: Client;

beforeAll(async () => {
  server = await startTestServer();
  g = await threeMemberTrip(server, { carolRole: 'editor' });
  const secret = (await server.services.identity.createKey({ userId: g.owner.userId, tier: 'pro' })).secret;
  alice = await connectMcp(server.url, secret, 'vitest-trips');
  stranger = await connectMcp(server.url, (await server.services.identity.createKey({ userId: `mcp_stranger_${Date.now()}`, tier: 'pro' })).secret, 'vitest-trips-stranger');
});
afterAll(async () => {
  await alice.close();
  await stranger.close();
  await server.close();
});

interface Balances { members: { display_name: string; balance: number }[]; settle_up: { from: string; to: string; amount: number }[]; total: number }

describe('trip tools over MCP', () => {
  it('lists the trip tools', async () => {
    const names = (await alice.listTools()).tools.map((t) => t.name);
    for (const n of ['create_trip', 'list_trips', 'get_trip', 'add_trip_expense', 'trip_expense_summary']) expect(names).toContain(n);
  });

  it('splits this dinner three ways and answers with the balances', async () => {
    const out = await call<{ expense: { trip_amount: number; shares: { display_name: string; amount: number }[] }; balances: Balances }>(alice, 'add_trip_expense', {
      tripId: g.trip.id, paidBy: 'me', amount: 87.5, description: 'Dinner at the tasca', category: 'food', among: ['me', 'bob', 'Carol'],
    });
    expect(out.expense.trip_amount).toBe(87.5);
    expect(out.expense.shares.map((s) => s.amount)).toEqual([29.17, 29.17, 29.16]);
    const bal = Object.fromEntries(out.balances.members.map((m) => [m.display_name, m.balance]));
    expect(bal).toEqual({ Alice: 58.33, Bob: -29.17, Carol: -29.16 });
    expect(out.balances.settle_up).toHaveLength(2);
    expect(out.balances.settle_up.every((t) => t.to === 'Alice')).toBe(true);
    expect(out.balances.settle_up.reduce((a, t) => a + Math.round(t.amount * 100), 0)).toBe(5833);

    // The same figures through the read tool and over REST.
    const summary = await call<Balances>(alice, 'trip_expense_summary', { tripId: g.trip.id });
    expect(summary.members).toEqual(out.balances.members);
    const rest = await ok<Balances>(server, g.owner, 'GET', `/api/trips/${g.trip.id}/expenses/summary`);
    expect(rest.total).toBe(87.5);
  });

  it('creates and reads trips, and refuses strangers and unknown names', async () => {
    const created = await call<{ id: string; currency: string; members: { display_name: string; role: string }[] }>(alice, 'create_trip', { name: 'Porto', destination: 'OPO', currency: 'eur', yourName: 'Al' });
    expect(created.currency).toBe('EUR');
    expect(created.members).toEqual([expect.objectContaining({ display_name: 'Al', role: 'owner' })]);
    const list = await call<{ trips: { id: string }[] }>(alice, 'list_trips', {});
    expect(list.trips.map((t) => t.id)).toEqual(expect.arrayContaining([created.id, g.trip.id]));
    const trip = await call<{ id: string }>(alice, 'get_trip', { tripId: created.id });
    expect(trip.id).toBe(created.id);

    expect(await failing(stranger, 'get_trip', { tripId: g.trip.id })).toMatch(/NOT_FOUND/);
    expect(await failing(stranger, 'add_trip_expense', { tripId: g.trip.id, paidBy: 'me', amount: 10, description: 'x' })).toMatch(/NOT_FOUND/);
    expect(await failing(alice, 'add_trip_expense', { tripId: g.trip.id, paidBy: 'Zoe', amount: 10, description: 'x' })).toMatch(/No member called Zoe/);
  });
});

describe('edit_trip over MCP (issue 23: records people can correct)', () => {
  it('corrects an expense, records a payment back and undoes it, with the same rules as REST', async () => {
    const t = await threeMemberTrip(server, { carolRole: 'editor' });
    const key = (await server.services.identity.createKey({ userId: t.owner.userId, tier: 'pro' })).secret;
    const owner = await connectMcp(server.url, key, 'vitest-edit-trip');
    try {
      const ids = t.ids as { Alice: string; Bob: string; Carol: string };
      const added = await call<{ expense: { id: string } }>(owner, 'add_trip_expense', { tripId: t.trip.id, paidBy: 'me', amount: 90, description: 'Dinner' });
      const fixed = await call<{ expense: { amount: number; shares: { amount: number }[] } }>(owner, 'edit_trip', { tripId: t.trip.id, action: 'update_expense', id: added.expense.id, amount: 60 });
      expect(fixed.expense.amount).toBe(60);
      expect(fixed.expense.shares.map((s) => s.amount)).toEqual([20, 20, 20]);

      const { balances: paid } = await call<{ balances: Balances & { payments: { id: string }[] } }>(owner, 'edit_trip', { tripId: t.trip.id, action: 'record_payment', from: ids.Bob, to: ids.Alice, amount: 20 });
      expect(Object.fromEntries(paid.members.map((m) => [m.display_name, m.balance]))).toEqual({ Alice: 20, Bob: 0, Carol: -20 });
      expect(paid.total).toBe(60);

      // The same REST rules: Carol still owes, so she cannot be removed; a missing id is a clear error.
      const refused = await failing(owner, 'edit_trip', { tripId: t.trip.id, action: 'remove_member', id: ids.Carol });
      expect(refused).toMatch(/owes 20 USD/);
      expect(await failing(owner, 'edit_trip', { tripId: t.trip.id, action: 'delete_payment' })).toMatch(/needs id/);

      const { balances: undone } = await call<{ balances: Balances }>(owner, 'edit_trip', { tripId: t.trip.id, action: 'delete_payment', id: paid.payments[0]!.id });
      expect(Object.fromEntries(undone.members.map((m) => [m.display_name, m.balance]))).toEqual({ Alice: 40, Bob: -20, Carol: -20 });
      // A stranger's call finds no trip.
      expect(await failing(stranger, 'edit_trip', { tripId: t.trip.id, action: 'delete_expense', id: added.expense.id })).toMatch(/not found/i);
      const rest = await ok<{ expense_count: number }>(server, t.owner, 'GET', `/api/trips/${t.trip.id}/expenses/summary`);
      expect(rest.expense_count).toBe(1);
    } finally {
      await owner.close();
    }
  });
});

