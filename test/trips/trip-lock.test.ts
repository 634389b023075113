import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTripStore } from '../../adapters/db/trip-store.js';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { threeMemberTrip } from './trip-helpers.js';

// TripStore.locked is what keeps "a trip always has an owner" and "leave only with a
// zero balance" true under concurrency: a second read-check-write on the same trip
// waits for the first to commit, so it judges the first one's result. Held open with
// a pause between reading and writing, two demotions cannot both see two owners.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('serialises read-check-write on one trip: the second demotion sees the first', async () => {
  const g = await threeMemberTrip(server, { carolRole: 'owner' });
  const store = createTripStore(prismaOf(server));
  const tripId = g.trip.id;
  const demote = (target: string) => store.locked(tripId, async (records) => {
    const owners = (await records.members(tripId)).filter((m) => m.role === 'owner');
    await sleep(150);
    if (owners.length < 2) return 'refused';
    await records.changeMember(tripId, target, { role: 'viewer' });
    return 'demoted';
  });
  const results = await Promise.all([demote(g.ids.Alice!), demote(g.ids.Carol!)]);
  expect(results.sort()).toEqual(['demoted', 'refused']);
  expect((await store.members(tripId)).filter((m) => m.role === 'owner')).toHaveLength(1);
});
