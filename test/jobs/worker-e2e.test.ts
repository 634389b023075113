import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhookSignature } from '../../tools/webhooks/signature.js';
import { startChildWorker, type ChildWorker } from '../helpers/child-worker.js';
import { dropTestSchema, startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { testConfig } from '../helpers/test-config.js';

// The background jobs end to end: a fare alert is evaluated by the job and its
// alert.triggered event reaches an account webhook, signed. On the embedded
// default the jobs run inside the server; with Redis they run on BullMQ in a
// separate `npm run worker` process while the server only schedules them.

const redis = process.env.REDIS_URL;
const METRICS_TOKEN = 'worker-metrics-token-0123456789';
const jobEnv = { ALERT_EVAL_INTERVAL_MS: '500', WEBHOOK_DELIVERY_INTERVAL_MS: '200', METRICS_TOKEN };
/** Where the process working the jobs serves /metrics: the worker's own port with Redis, else the server. */
let metricsUrl: string;

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as AddressInfo;
  await new Promise((r) => probe.close(r));
  return port;
}

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

let server: TestServer;
let worker: ChildWorker | undefined;
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];
let schema: string | undefined;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;

  if (!redis) {
    server = await startTestServer({ env: jobEnv });
    metricsUrl = `${server.url}/metrics`;
    return;
  }
  // One database schema and key prefix shared by the server and the worker.
  const base = testConfig();
  schema = base.schema;
  const shared: Record<string, string> = { CACHE_PREFIX: base.CACHE_PREFIX, ...(base.DATABASE_URL ? { DATABASE_URL: base.DATABASE_URL } : {}) };
  server = await startTestServer({ env: { ...shared, ...jobEnv, JOBS_WORKER: 'off' } });
  const metricsPort = await freePort();
  metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
  worker = await startChildWorker({
    ...shared, ...jobEnv, REDIS_URL: redis, LOG_LEVEL: 'info', WEBHOOK_ALLOW_PRIVATE_URLS: 'true', SIM_MISTAKE_FARE_RATE: '0', SIM_LATENCY_MS: '5',
    HOST: '127.0.0.1', WORKER_METRICS_PORT: String(metricsPort),
  });
}, 60_000);

afterAll(async () => {
  await worker?.stop();
  await server?.close();
  await new Promise((r) => receiver.close(r));
  if (schema) await dropTestSchema(schema);
});

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

describe(redis ? 'jobs on BullMQ, worked by a separate worker process' : 'jobs in the server process', () => {
  it('evaluates a fare alert and delivers its signed alert.triggered event to the account webhook', async () => {
    const { secret: apiKey } = await server.services.identity.createKey({ userId: 'jobs-e2e-user', tier: 'pro' });
    const auth = { authorization: `Bearer ${apiKey}` };

    const hook = await server.post('/api/account/webhooks', { url: receiverUrl, events: ['alert.triggered'] }, { headers: auth });
    expect(hook.status, await hook.clone().text()).toBe(201);
    const { secret } = (await hook.json()) as { secret: string };

    // A target far above any fare: the first evaluation must fire it.
    const created = await server.post('/api/alerts', { origin: 'JFK', destination: 'LHR', departure_date: inDays(40), target_price: 20_000 }, { headers: auth });
    expect(created.status, await created.clone().text()).toBe(200);
    const alert = (await created.json()) as { id: string };

    const until = Date.now() + 45_000;
    while (Date.now() < until && !received.some((r) => r.body.includes(alert.id))) await new Promise((r) => setTimeout(r, 200));
    const delivery = received.find((r) => r.body.includes(alert.id));
    expect(delivery, 'the webhook receiver got the alert event').toBeDefined();

    const event = JSON.parse(delivery!.body) as { id: string; type: string; data: { alert_id: string; price: number } };
    expect(event.type).toBe('alert.triggered');
    expect(event.data.alert_id).toBe(alert.id);
    expect(event.data.price).toBeGreaterThan(0);
    expect(verifyWebhookSignature(secret, String(delivery!.headers['deal-engine-signature']), delivery!.body)).toBe(true);

    const listed = (await (await server.get('/api/alerts', { headers: auth })).json()) as { alerts: { id: string; trigger_count: number; last_price: number | null }[] };
    expect(listed.alerts.find((a) => a.id === alert.id)).toMatchObject({ trigger_count: 1 });
  }, 60_000);

  it('counts the runs and provider calls of the process that worked them, on its /metrics', async () => {
    expect((await fetch(metricsUrl)).status).toBe(401);
    const text = await (await fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    expect(text).toMatch(/^deal_engine_job_runs_total\{job="evaluate-alerts",outcome="ran"\} [1-9]\d*$/m);
    expect(text).toMatch(/^deal_engine_job_lag_seconds\{job="evaluate-alerts"\} /m);
    // The alert's search ran where the job ran.
    expect(text).toMatch(/^deal_engine_provider_call_duration_seconds_count\{provider="duffel",outcome="ok"\} [1-9]\d*$/m);
  });
});
