import { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport as V1Transport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bullConnection, QUEUE_NAME } from '../../adapters/jobs/bullmq-runner.js';
import { openServices, type OpenServices } from '../../adapters/runtime/open-services.js';
import { dropTestSchema } from '../helpers/start-test-server.js';
import { testConfig } from '../helpers/test-config.js';
import { freePort } from '../faults/own-services.js';
import { connectV2 } from '../mcp/v2-client.js';
import { bookingEventFor, silent, writeOutbox } from '../webhooks/support/helpers.js';
import { startReceiver, type Receiver } from '../webhooks/support/receiver.js';
import { countingUpstreams, roundRobinProxy, webProcess, workerProcess, type Proxy, type Upstreams, type WebProcess } from './cluster-kit.js';

// Issue 21's cluster, automated: two web processes (JOBS_WORKER=off) and two
// `npm run worker` processes on one PostgreSQL and one Redis, behind a
// round-robin proxy (cluster-kit.ts: a node proxy probing /health/ready, as a
// balancer would). The second web process is started with other job intervals
// (webhook delivery 0, alerts 0, retention 0) and changes nothing: the schedules
// are the workers', and events still reach their webhook. Ten identical cold
// searches through the proxy (five on each web process) make one call per
// provider. A rolling restart (SIGTERM each web process in turn, start it again)
// under steady traffic fails no request. Needs PostgreSQL and Redis (CI's phase).

const run = Boolean(process.env.DATABASE_URL && process.env.REDIS_URL);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

const config = testConfig();
const JOBS = { WEBHOOK_DELIVERY_INTERVAL_MS: '200', ALERT_EVAL_INTERVAL_MS: '600000', RETENTION_INTERVAL_MS: '3600000' };
let opened: OpenServices;
let upstreams: Upstreams;
let receiver: Receiver;
let webs: WebProcess[] = [];
let workers: { stop(): Promise<void> }[] = [];
let proxy: Proxy;

beforeAll(async () => {
  if (!run) return;
  // Migrated once here, before the processes start together.
  opened = await openServices(config, silent);
  [upstreams, receiver] = await Promise.all([countingUpstreams(300), startReceiver()]);
  const shared: Record<string, string> = {
    DATABASE_URL: config.DATABASE_URL!, REDIS_URL: config.REDIS_URL!, CACHE_PREFIX: config.CACHE_PREFIX,
    ...upstreams.env, SIM_MISTAKE_FARE_RATE: '0', WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    SHUTDOWN_DRAIN_DELAY_MS: '1000', SHUTDOWN_GRACE_MS: '5000', LOG_LEVEL: 'warn',
  };
  const [portA, portB] = [await freePort(), await freePort()];
  webs = [
    webProcess(portA, { ...shared, ...JOBS, JOBS_WORKER: 'off' }),
    // Other job settings: if a web process could declare schedules, this one would turn delivery off.
    webProcess(portB, { ...shared, WEBHOOK_DELIVERY_INTERVAL_MS: '0', ALERT_EVAL_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0', JOBS_WORKER: 'off' }),
  ];
  const [, , ...started] = await Promise.all([...webs.map((w) => w.start()), workerProcess({ ...shared, ...JOBS }), workerProcess({ ...shared, ...JOBS })]);
  workers = started.filter((w) => w !== undefined);
  proxy = await roundRobinProxy(webs.map((w) => w.url));
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([...webs.map((w) => w.stop()), ...workers.map((w) => w.stop())]);
  await Promise.all([upstreams?.close(), receiver?.close()]);
  await opened?.close();
  if (config.schema) await dropTestSchema(config.schema);
}, 60_000);

describe.runIf(run)('a cluster: two web processes and two workers behind a round-robin proxy', () => {
  it('a web process with other job intervals changes no schedule, and events still reach their webhook', async () => {
    const queue = new Queue(QUEUE_NAME, { connection: bullConnection(config.REDIS_URL!), prefix: `${config.CACHE_PREFIX}bull` });
    try {
      for (const name of ['webhook-delivery', 'webhook-dispatch']) expect((await queue.getJobScheduler(name))?.every, name).toBe(200);
      expect((await queue.getJobScheduler('evaluate-alerts'))?.every).toBe(600_000);
    } finally {
      await queue.close();
    }
    const s = opened.services;
    await s.webhooks.create({ id: 'wh_cluster', userId: 'cluster-user', url: `${receiver.url}/c`, description: null, events: [], secret: 'whsec_cluster' });
    const event = bookingEventFor('cluster-user');
    await writeOutbox(s, [event]);
    await receiver.waitFor(1, 30_000);
    expect(receiver.received[0]!.body.data).toMatchObject({ booking_id: event.payload.booking_id });
  }, 60_000);

  it('ten identical concurrent cold searches through the proxy make one call per provider', async () => {
    expect(proxy.ready()).toHaveLength(2);
    const before = upstreams.searches();
    const body = { origin: 'JFK', destination: 'CDG', departure_date: inDays(61), search_type: 'both' };
    const answers = await Promise.all(Array.from({ length: 10 }, async () => {
      const res = await fetch(`${proxy.url}/api/search`, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'text/event-stream' }, body: JSON.stringify(body) });
      return { status: res.status, text: await res.text() };
    }));
    for (const a of answers) {
      expect(a.status).toBe(200);
      // Every provider answered every search (shared or not).
      const progress = a.text.split('\n').filter((l) => l.startsWith('data: ')).map((l) => JSON.parse(l.slice(6)) as { type: string; data: { provider?: string; status?: string } }).filter((e) => e.type === 'progress');
      expect(progress.map((p) => `${p.data.provider}:${p.data.status}`).sort()).toEqual(['duffel:ok', 'seats_aero:ok', 'serpapi:ok']);
    }
    const after = upstreams.searches();
    console.log('provider search calls for 10 identical cold searches on 2 processes', JSON.stringify({ duffel: after.duffel - before.duffel, serpapi: after.serpapi - before.serpapi, seats_aero: after.seats_aero - before.seats_aero }));
    expect({ duffel: after.duffel - before.duffel, serpapi: after.serpapi - before.serpapi, seats_aero: after.seats_aero - before.seats_aero }).toEqual({ duffel: 1, serpapi: 1, seats_aero: 1 });
  }, 60_000);

  it('MCP clients of both eras list and call tools through the proxy, their requests spread over both processes', async () => {
    const { secret } = await opened.services.identity.createKey({ userId: 'cluster-mcp', tier: 'pro' });
    const before = proxy.served();
    const modern = await connectV2([proxy.url], secret);
    const legacy = new V1Client({ name: 'cluster-v1', version: '1.0.0' });
    // A 2025 session: initialize on one process, the calls on either (sessions live in Redis).
    await legacy.connect(new V1Transport(new URL(`${proxy.url}/mcp`), { requestInit: { headers: { authorization: `Bearer ${secret}` } } }));
    try {
      expect(modern.getProtocolEra()).toBe('modern');
      const [a, b] = [await modern.listTools(), await legacy.listTools()];
      expect(a.tools.length).toBeGreaterThan(20);
      expect(a.tools.map((t) => t.name)).toEqual(b.tools.map((t) => t.name));
      for (let i = 0; i < 3; i++) {
        const places = { name: 'suggest_places', arguments: { query: 'heathrow', limit: 2 } };
        const [m, l] = [await modern.callTool(places), await legacy.callTool(places)];
        expect(m.isError, JSON.stringify(m.content)).toBeFalsy();
        expect(l.structuredContent).toEqual(m.structuredContent);
        // A tool that needs the user: the key is checked on whichever process gets the call.
        const trips = { name: 'list_trips', arguments: {} };
        const [mt, lt] = [await modern.callTool(trips), await legacy.callTool(trips)];
        expect(mt.isError, JSON.stringify(mt.content)).toBeFalsy();
        expect(lt.structuredContent).toEqual(mt.structuredContent);
      }
    } finally {
      await Promise.all([modern.close(), legacy.close()]);
    }
    const after = proxy.served();
    for (const web of webs) expect(after[web.url]! - before[web.url]!, `requests ${web.url} served`).toBeGreaterThan(3);
  }, 60_000);

  it('a rolling restart under steady traffic fails no request', async () => {
    const { secret } = await opened.services.identity.createKey({ userId: 'cluster-load', tier: 'business' });
    const headers = { authorization: `Bearer ${secret}` };
    const outcomes: { status: number; error?: string }[] = [];
    let stop = false;
    const loops = Array.from({ length: 4 }, async () => {
      while (!stop) {
        try {
          const res = await fetch(`${proxy.url}/api/alerts`, { headers });
          await res.arrayBuffer();
          outcomes.push({ status: res.status });
        } catch (err) {
          outcomes.push({ status: 0, error: String(err) });
        }
        await sleep(20);
      }
    });
    await sleep(500);
    for (const web of webs) {
      const code = await web.stop();
      expect(code, 'drained and exited 0').toBe(0);
      await web.start();
      // Back in the proxy's rotation before the next one goes.
      for (let i = 0; i < 100 && !proxy.ready().includes(web.url); i++) await sleep(50);
      expect(proxy.ready()).toContain(web.url);
    }
    await sleep(500);
    stop = true;
    await Promise.all(loops);
    const failed = outcomes.filter((o) => o.status !== 200);
    console.log(`rolling restart: ${outcomes.length} requests, ${failed.length} failed`);
    expect(outcomes.length).toBeGreaterThan(50);
    expect(failed).toEqual([]);
  }, 120_000);
});
