// FlightBoard on hand-made search events (no server): slices joined by id, updates applied.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FlightBoard, type FlightSlice, type SearchEvent, type StreamedFlight } from '../src/index.js';

function slice(origin: string, destination: string, flight: string, day: string): FlightSlice {
  const departing_at = `${day}T09:00:00`;
  const arriving_at = `${day}T21:00:00`;
  return {
    origin, destination, departing_at, arriving_at, duration_minutes: 420, stops: 0,
    segments: [{ flight, carrier: flight.slice(0, 2), operating_carrier: null, origin, destination, departing_at, arriving_at, duration_minutes: 420, aircraft: null }],
  };
}

const out = slice('JFK', 'LHR', 'BA117', '2027-03-14');
const backA = slice('LHR', 'JFK', 'BA112', '2027-03-21');
const backB = slice('LHR', 'JFK', 'BA114', '2027-03-22');

function result(id: string, price: number, slice_ids: string[]): StreamedFlight {
  return {
    id, price, currency: 'USD', fx_rate: null, checkout_total: { amount: price, currency: 'USD' }, carrier: 'BA', route: 'JFK-LHR-JFK',
    origin: 'JFK', destination: 'LHR', departing_at: out.departing_at, arriving_at: backA.arriving_at, duration_minutes: 840, stops: 0,
    cabin: 'economy', fare_brand: null, bookable: true, offer_id: `duffel:off_${id}`, expires_at: null,
    slice_ids, dates: ['2027-03-14', '2027-03-21'], bags: null, prices: [], awards: [], sources: ['duffel'], data_age_s: 0,
  };
}

const events: SearchEvent[] = [
  { type: 'slice', data: { id: 'sl_out', ...out } },
  { type: 'slice', data: { id: 'sl_a', ...backA } },
  { type: 'result', data: result('fl_1', 900, ['sl_out', 'sl_a']) },
  { type: 'progress', data: { provider: 'duffel', status: 'ok', reason: null, count: 2, elapsed_ms: 5, mode: 'simulator', cached: false } },
  { type: 'slice', data: { id: 'sl_b', ...backB } },
  // Shares the outbound with fl_1: named by the same id, not sent again.
  { type: 'result', data: result('fl_2', 800, ['sl_out', 'sl_b']) },
  { type: 'update', data: { id: 'fl_1', price: 850, sources: ['duffel', 'serpapi'] } },
];

test('FlightBoard joins results with their slices and applies updates', () => {
  const board = new FlightBoard();
  const returned = events.map((e) => board.apply(e));
  assert.deepEqual(returned.map((f) => f && f.id), [null, null, 'fl_1', null, null, 'fl_2', 'fl_1']);

  const [first, second] = board.flights();
  assert.deepEqual(board.flights().map((f) => f.id), ['fl_1', 'fl_2']);
  assert.deepEqual(first?.slices, [out, backA]);
  assert.deepEqual(second?.slices, [out, backB]);
  assert.equal('slice_ids' in (first ?? {}), false);
  // Fields stay where a FlightResult has them, slices between expires_at and dates.
  const keys = Object.keys(second ?? {});
  assert.equal(keys.indexOf('slices'), keys.indexOf('expires_at') + 1);

  // The update replaced what it carried and left the rest.
  assert.equal(first?.price, 850);
  assert.deepEqual(first?.sources, ['duffel', 'serpapi']);
  assert.equal(first?.offer_id, 'duffel:off_fl_1');
  assert.deepEqual(returned[6], first);
  // An update makes a new object: the one the result event returned keeps its old price.
  assert.equal(returned[2]?.price, 900);
});

test('a repeated slice event is harmless; other events return null', () => {
  const board = new FlightBoard();
  for (const e of events.slice(0, 3)) board.apply(e);
  assert.equal(board.apply({ type: 'slice', data: { id: 'sl_out', ...out } }), null);
  assert.equal(board.apply({ type: 'error', data: { code: 'UNAVAILABLE', detail: 'shutting down' } }), null);
  assert.deepEqual(board.flights()[0]?.slices, [out, backA]);
});

test('a result naming an unsent slice, or an update for an unknown flight, throws', () => {
  const board = new FlightBoard();
  board.apply(events[0]!);
  assert.throws(() => board.apply({ type: 'result', data: result('fl_9', 700, ['sl_out', 'sl_missing']) }), /fl_9 names slice sl_missing/);
  assert.throws(() => board.apply({ type: 'update', data: { id: 'fl_9', price: 1 } }), /update for flight fl_9/);
  assert.deepEqual(board.flights(), []);
});
