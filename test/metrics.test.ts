import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead, searchEvents } from './flights/search-helpers.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Issue 22: /metrics in Prometheus format, behind METRICS_TOKEN: requests by route
// template and status with a latency histogram, provider breakers, webhook backlog.

const TOKEN = 'metrics-token-0123456789abcdef';
let server: TestServer;
let off: TestServer;
beforeAll(async () => {
  // SerpApi always fails here, so failed calls are counted by kind; the reconciler runs every 100 ms.
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN, SIM_FAIL_RATE: 'serpapi:1', PAYMENT_RECONCILE_INTERVAL_MS: '100' } });
  off = await startTestServer();
});
afterAll(async () => {
  await server.close();
  await off.close();
});

const scrape = async (s: TestServer, auth?: string) => s.get('/metrics', auth ? { headers: { authorization: auth } } : {});

describe('/metrics', () => {
  it('is not served without METRICS_TOKEN, and refuses a scraper without the token', async () => {
    expect((await scrape(off, `Bearer ${TOKEN}`)).status).toBe(404);
    expect((await scrape(server)).status).toBe(401);
    expect((await scrape(server, 'Bearer wrong-token-0123456789ab')).status).toBe(401);
  });

  it('counts requests by route template and status, with latency buckets, and reports breakers and the webhook backlog', async () => {
    expect((await server.get('/api/places/suggest?query=lisbon&limit=1')).status).toBe(200);
    expect((await server.get('/api/places/suggest?query=paris&limit=1')).status).toBe(200);
    const res = await scrape(server, `Bearer ${TOKEN}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await res.text();
    // One series for both queries: the template, not the URL.
    expect(text).toMatch(/^deal_engine_http_requests_total\{method="GET",route="\/api\/places\/suggest",status="200"\} 2$/m);
    expect(text).toMatch(/^deal_engine_http_request_duration_seconds_bucket\{le="\+Inf",method="GET",route="\/api\/places\/suggest",status="200"\} 2$/m);
    expect(text).not.toContain('query=lisbon');
    expect(text).toMatch(/^deal_engine_provider_breaker_state\{provider="duffel",state="closed"\} 1$/m);
    expect(text).toMatch(/^deal_engine_webhook_backlog \d+$/m);
    expect(text).toMatch(/^deal_engine_process_cpu_seconds_total /m);
  });

  it('counts provider calls by outcome with latency, job runs with their lag, and the PostgreSQL pool', async () => {
    await searchEvents(server, { origin: 'JFK', destination: 'LHR', departure_date: daysAhead(40) });
    // The reconciler runs every 100 ms; wait for a finished run rather than a fixed time.
    let text = '';
    for (let i = 0; i < 100 && !/job_runs_total\{job="reconcile-payments",outcome="ran"\}/.test(text); i++) {
      await new Promise((r) => setTimeout(r, 100));
      text = await (await scrape(server, `Bearer ${TOKEN}`)).text();
    }
    const value = (pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? NaN);
    expect(value(/^deal_engine_provider_call_duration_seconds_count\{provider="duffel",outcome="ok"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^deal_engine_provider_call_duration_seconds_bucket\{le="\+Inf",provider="duffel",outcome="ok"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    // The simulated SerpApi answers 503: counted under that failure's kind, not as ok.
    expect(text).toMatch(/^deal_engine_provider_call_duration_seconds_count\{provider="serpapi",outcome="unavailable"\} [1-9]\d*$/m);
    expect(text).not.toMatch(/provider="serpapi",outcome="ok"/);
    expect(value(/^deal_engine_job_runs_total\{job="reconcile-payments",outcome="ran"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
    expect(value(/^deal_engine_job_lag_seconds\{job="reconcile-payments"\} ([\d.e-]+)$/m)).toBeGreaterThanOrEqual(0);
    expect(value(/^deal_engine_job_last_success_timestamp_seconds\{job="reconcile-payments"\} ([\d.e+]+)$/m)).toBeGreaterThan(Date.now() / 1000 - 60);
    if (process.env.DATABASE_URL) {
      expect(value(/^deal_engine_db_pool_connections\{state="total"\} (\d+)$/m)).toBeGreaterThanOrEqual(1);
      expect(text).toMatch(/^deal_engine_db_pool_connections\{state="waiting"\} \d+$/m);
    } else {
      expect(text).not.toMatch(/^deal_engine_db_pool_connections\{/m); // the embedded database has no pool
    }
  });
});
