import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Issue 22: /metrics in Prometheus format, behind METRICS_TOKEN: requests by route
// template and status with a latency histogram, provider breakers, webhook backlog.

const TOKEN = 'metrics-token-0123456789abcdef';
let server: TestServer;
let off: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
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
});
