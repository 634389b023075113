import { test } from 'node:test';
import assert from 'node:assert/strict';
import { liveClient, futureDate } from './live-env.js';
import { FlightBoard, type SearchEvent } from '../src/index.js';

test('searchFlights streams result and progress events, then complete', async () => {
  const client = liveClient();
  const events: SearchEvent[] = [];
  for await (const ev of client.searchFlights({ origin: 'JFK', destination: 'LHR', departure_date: futureDate() })) {
    events.push(ev);
  }
  const types = new Set(events.map((e) => e.type));
  assert.ok(types.has('result'), `no result event in ${[...types].join(',')}`);
  assert.ok(types.has('progress'), 'no progress event');
  assert.equal(events.at(-1)?.type, 'complete');
  const first = events.find((e) => e.type === 'result');
  assert.ok(first && first.type === 'result');
  assert.match(first.data.route, /^JFK-.*LHR/);
  // Folded, every flight the summary counts is whole: its slices joined from slice events.
  const board = new FlightBoard();
  for (const ev of events) board.apply(ev);
  const complete = events.at(-1);
  assert.ok(complete?.type === 'complete');
  assert.equal(board.flights().length, complete.data.count);
  for (const flight of board.flights()) {
    assert.ok(flight.slices.length > 0 && flight.slices.every((s) => s.segments.length > 0), `${flight.id} has no slices`);
    assert.equal(flight.slices[0]?.origin, flight.origin);
  }
});

test('breaking out of the loop early stops the stream without error', async () => {
  const client = liveClient();
  let seen = 0;
  for await (const ev of client.searchFlights({ origin: 'JFK', destination: 'CDG', departure_date: futureDate(50) })) {
    assert.ok(ev.type);
    seen++;
    if (seen === 2) break;
  }
  assert.equal(seen, 2);
});
