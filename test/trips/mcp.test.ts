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
