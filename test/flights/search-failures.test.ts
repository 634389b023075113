import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/start-test-server.js';
import { daysAhead, ofType, searchEvents } from './search-helpers.js';

// A provider that fails or hangs never stops the stream: it is reported in
// progress, its breaker opens after repeated failures, and /health/providers shows it.

type Progress = { provider: string; status: string; reason: string | null };
const progressOf = (events: Awaited<ReturnType<typeof searchEvents>>, provider: string) =>
  ofType(events, 'progress').map((e) => e.data as unknown as Progress).find((p) => p.provider === provider);

describe('search with failing providers', () => {
  it('reports a failing provider, opens its breaker, and keeps streaming the others', async () => {
    const server = await startTestServer({ env: { SIM_FAIL_RATE: 'serpapi:1', SEARCH_CACHE_TTL_S: '0' } });
    try {
      const reasons: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        const events = await searchEvents(server, { origin: 'JFK', destination: 'LAX', departure_date: daysAhead(30 + i), search_type: 'both' });
        const serp = progressOf(events, 'serpapi');
        expect(serp?.status).toBe('error');
        reasons.push(serp?.reason ?? null);
        // The others still answered and the stream still completed.
        expect(progressOf(events, 'duffel')?.status).toBe('ok');
        expect(ofType(events, 'result').length).toBeGreaterThan(0);
        expect(events.at(-1)?.type).toBe('complete');
      }
      expect(reasons[0]).toBe('unavailable');
      // Two attempts per search (one retry) and five consecutive failures open the breaker.
      expect(reasons[3]).toBe('circuit_open');
      const health = (await (await server.get('/health/providers')).json()) as { providers: { name: string; breaker: string; status: string; credential_present: boolean; mode: string }[] };
      const serp = health.providers.find((p) => p.name === 'serpapi');
      expect(serp).toMatchObject({ breaker: 'open', status: 'down', credential_present: false, mode: 'simulator' });
      expect(health.providers.find((p) => p.name === 'duffel')).toMatchObject({ breaker: 'closed', status: 'ok' });
    } finally {
      await server.close();
    }
  });

  it('gives up on a provider that outlasts the search budget and still completes', async () => {
    const server = await startTestServer({ env: { SIM_LATENCY_MS: 'duffel:10,serpapi:10,seats_aero:5000', SEARCH_BUDGET_MS: '1000' } });
    try {
      const started = Date.now();
      const events = await searchEvents(server, { origin: 'SEA', destination: 'ICN', departure_date: daysAhead(40) });
      expect(Date.now() - started).toBeLessThan(2_500);
      expect(progressOf(events, 'seats_aero')).toMatchObject({ status: 'error', reason: 'timeout' });
      expect(events.at(-1)?.type).toBe('complete');
    } finally {
      await server.close();
    }
  });

  it('labels a provider with nothing to sell as an error for the search, without counting it against the provider', async () => {
    const server = await startTestServer();
    try {
      // Two small airports no award program flies between.
      const events = await searchEvents(server, { origin: 'BTV', destination: 'PWM', departure_date: daysAhead(30), search_type: 'points' });
      expect(progressOf(events, 'seats_aero')).toMatchObject({ status: 'error', reason: 'no_results' });
      const health = (await (await server.get('/health/providers')).json()) as { providers: { name: string; breaker: string; no_inventory: boolean; status: string }[] };
      expect(health.providers.find((p) => p.name === 'seats_aero')).toMatchObject({ breaker: 'closed', no_inventory: true, status: 'no_inventory' });
    } finally {
      await server.close();
    }
  });
});
