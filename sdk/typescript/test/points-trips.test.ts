import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ok } from '../src/index.js';
import { liveClient } from './live-env.js';

test('points optimize ranks options best value first', async () => {
  const client = liveClient();
  const body = await ok(client.POST('/api/points/optimize', {
    body: {
      cashPrice: 1200,
      pointsOptions: [
        { program: 'united', pointsRequired: 120_000, taxes: 50 },
        { program: 'aeroplan', pointsRequired: 60_000, taxes: 80 },
      ],
    },
  }));
  assert.equal(body.ranked.length, 2);
  assert.equal(body.ranked[0]?.program, 'aeroplan');
  assert.ok((body.ranked[0]?.cpp ?? 0) > (body.ranked[1]?.cpp ?? 0));
});

test('trip flow: create a trip, add an expense, read the summary', async () => {
  const client = liveClient();
  const trip = await ok(client.POST('/api/trips', { body: { name: 'SDK trip', destination: 'Lisbon', currency: 'EUR' } }));
  assert.match(trip.id, /^trp_/);
  const me = trip.you.member_id;
  const expense = await ok(client.POST('/api/trips/{trip_id}/expenses', {
    params: { path: { trip_id: trip.id } },
    body: { paid_by: me, description: 'Dinner', amount: 84.5, currency: 'EUR', category: 'food' },
  }));
  assert.equal(expense.trip_amount, 84.5);
  const summary = await ok(client.GET('/api/trips/{trip_id}/expenses/summary', { params: { path: { trip_id: trip.id } } }));
  assert.equal(summary.trip_id, trip.id);
  assert.equal(summary.expense_count, 1);
  assert.equal(summary.total, 84.5);
});
