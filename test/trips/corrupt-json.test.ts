import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTripStore } from '../../adapters/db/trip-store.js';
import { isToolError } from '../../tools/_kit/errors.js';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { ok, send, threeMemberTrip } from './trip-helpers.js';

// A stored value off its column's schema (here a poll's options, hand-edited into
// a string) is our fault, not the caller's: the store raises INTERNAL, and the
// API answers 500 in the usual error shape without zod's report or the column.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

it('reads a corrupt JSON column as INTERNAL, and the API answers 500 without the parse report', async () => {
  const g = await threeMemberTrip(server);
  const path = `/api/trips/${g.trip.id}/votes`;
  await ok(server, g.owner, 'POST', path, { action: 'create_poll', question: 'Dinner?', options: ['Fish', 'Tapas'] });
  const prisma = prismaOf(server);
  const store = createTripStore(prisma);
  expect((await store.polls(g.trip.id)).map((p) => p.options.map((o) => o.label))).toEqual([['Fish', 'Tapas']]);

  await prisma.$executeRaw`UPDATE trip_polls SET options = '"Fish, Tapas"'::jsonb WHERE trip_id = ${g.trip.id}`;
  const err = await store.polls(g.trip.id).then(() => null, (e: unknown) => e);
  expect(isToolError(err) && err.code).toBe('INTERNAL');

  const res = await send(server, g.owner, 'GET', path);
  const text = await res.text();
  expect(res.status).toBe(500);
  expect(text).toMatch(/INTERNAL/);
  expect(text).not.toMatch(/trip_polls|expected|invalid_type|Fish/i);
});
