import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DealEngineError } from '../src/index.js';
import { liveClient, futureDate } from './live-env.js';

test('a 422 surfaces as DealEngineError with the detail list', async () => {
  const client = liveClient();
  const err = await client
    // Deliberately invalid: the server, not the compiler, must reject it.
    .POST('/api/points/optimize', { body: { cashPrice: -5, pointsOptions: [] } })
    .then(() => null, (e: unknown) => e);
  assert.ok(err instanceof DealEngineError, `expected DealEngineError, got ${String(err)}`);
  assert.equal(err.status, 422);
  const fields = err.detail.map((d) => d.loc.join('.'));
  assert.ok(fields.includes('body.cashPrice'), fields.join(','));
  assert.ok(fields.includes('body.pointsOptions'), fields.join(','));
});

test('a bad search is a DealEngineError before any event', async () => {
  const client = liveClient();
  const iterate = async () => {
    for await (const ev of client.searchFlights({ origin: 'J', destination: 'LHR', departure_date: futureDate() })) {
      assert.fail(`unexpected event ${ev.type}`);
    }
  };
  await assert.rejects(iterate, (e: unknown) => e instanceof DealEngineError && e.status === 422 && e.detail.length > 0);
});

test('an unknown trip is a 404 DealEngineError with the service code', async () => {
  const client = liveClient();
  await assert.rejects(
    client.GET('/api/trips/{trip_id}', { params: { path: { trip_id: 'trp_does_not_exist' } } }),
    (e: unknown) => e instanceof DealEngineError && e.status === 404 && e.code === 'NOT_FOUND',
  );
});
