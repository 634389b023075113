import { spawn, type ChildProcess } from 'node:child_process';
import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { startChildWorker, type ChildWorker } from '../helpers/child-worker.js';

// Pieces of a small cluster for tests and the bench: web processes (`npm start`'s
// entry) on ports we choose, so one can be restarted in place; a round-robin HTTP
// proxy in front of them; and the three flight upstreams as one HTTP server that
// counts the calls it gets.
//
// The proxy is a small node one rather than haproxy (not installed here, and a
// test should not need apt): per request it picks the next backend that passed
// its last readiness probe (GET /health/ready every 100 ms, as a balancer's check
// would), and a connection refused is retried on the next backend (haproxy's
// `option redispatch`): the request never reached a server, so that is safe.

const root = path.resolve(import.meta.dirname, '../..');
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface WebProcess {
  port: number;
  url: string;
  /** SIGTERM and wait for the exit: the process drains first. */
  stop(): Promise<number | null>;
  start(): Promise<void>;
}

export function webProcess(port: number, env: Record<string, string>): WebProcess {
  let child: ChildProcess | undefined;
  const url = `http://127.0.0.1:${port}`;
  const web: WebProcess = {
    port,
    url,
    async start() {
      child = spawn(process.execPath, ['--import', 'tsx', 'adapters/http/main.ts'], {
        cwd: root,
        env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: 'memory://', ...env },
        stdio: 'ignore',
      });
      const c = child;
      for (let i = 0; i < 1200; i++) {
        if (await fetch(`${url}/health/ready`).then((r) => r.ok, () => false)) return;
        if (c.exitCode !== null) break;
        await sleep(100);
      }
      c.kill('SIGKILL');
      throw new Error(`web process on ${port} did not start`);
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return c?.exitCode ?? null;
      const exited = new Promise<number | null>((r) => c.once('exit', (code) => r(code)));
      c.kill('SIGTERM');
      return exited;
    },
  };
  return web;
}

/** `npm run worker`'s entry; resolves once it works jobs (a loaded machine may take a while to start four processes). */
export function workerProcess(env: Record<string, string>): Promise<ChildWorker> {
  return startChildWorker({ ...env, LOG_LEVEL: 'info' }, { startTimeoutMs: 120_000 });
}

export interface Proxy {
  url: string;
  /** Backends that passed their last probe. */
  ready(): string[];
  /** Requests forwarded so far, per backend. */
  served(): Record<string, number>;
  close(): Promise<void>;
}

/** `keepAlive`: reuse connections to the backends (the bench); off, one connection per request (the restart test: no reused socket can be closed under a request by a draining server). */
export async function roundRobinProxy(backends: readonly string[], opts: { probeMs?: number; keepAlive?: boolean } = {}): Promise<Proxy> {
  const probeMs = opts.probeMs ?? 100;
  const agent = opts.keepAlive ? new Agent({ keepAlive: true, maxSockets: 64 }) : false;
  const up = new Set<string>();
  let stopped = false;
  const probe = async () => {
    while (!stopped) {
      await Promise.all(backends.map(async (b) => {
        const ok = await fetch(`${b}/health/ready`, { signal: AbortSignal.timeout(1_000) }).then((r) => r.ok, () => false);
        if (ok) up.add(b);
        else up.delete(b);
      }));
      await sleep(probeMs);
    }
  };
  void probe();
  let next = 0;
  const served: Record<string, number> = Object.fromEntries(backends.map((b) => [b, 0]));
  const pick = (): string | undefined => {
    const live = backends.filter((b) => up.has(b));
    const chosen = live.length ? live[next++ % live.length] : undefined;
    if (chosen) served[chosen]!++;
    return chosen;
  };
  const forward = (req: IncomingMessage, body: Buffer, res: ServerResponse, tries: number) => {
    const backend = pick();
    if (!backend) return res.writeHead(503, { 'retry-after': '1' }).end('no backend ready');
    const target = new URL(req.url ?? '/', backend);
    const out = request(target, { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': req.socket.remoteAddress ?? '' }, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    out.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED' && tries < backends.length) {
        up.delete(backend);
        return forward(req, body, res, tries + 1);
      }
      if (!res.headersSent) res.writeHead(502).end(`proxy: ${err.message}`);
      else res.destroy();
    });
    out.end(body);
  };
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => forward(req, Buffer.concat(chunks), res, 1));
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  // The proxy is ready once every backend has been probed once.
  for (let i = 0; i < 100 && up.size < backends.length; i++) await sleep(50);
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    ready: () => backends.filter((b) => up.has(b)),
    served: () => ({ ...served }),
    close: async () => {
      stopped = true;
      if (agent) agent.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

export interface Upstreams {
  url: string;
  /** Search calls per provider (Duffel offer requests, SerpApi searches, seats.aero searches). */
  searches(): Record<'duffel' | 'serpapi' | 'seats_aero', number>;
  /** Env for a web process whose real adapters call these upstreams. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** Duffel's, SerpApi's and seats.aero's wire formats from the simulators, each answering after `latencyMs`. */
export async function countingUpstreams(latencyMs = 300): Promise<Upstreams> {
  const seed = 'cluster';
  const transports = {
    duffel: simulatedTransport('duffel', createDuffelSimulator({ seed }), { latencyMs, failRate: 0, seed }),
    serpapi: simulatedTransport('serpapi', createSerpApiSimulator({ seed }), { latencyMs, failRate: 0, seed }),
    seats_aero: simulatedTransport('seats_aero', createSeatsAeroSimulator({ seed }), { latencyMs, failRate: 0, seed }),
  };
  const counts = { duffel: 0, serpapi: 0, seats_aero: 0 };
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const [, name, ...rest] = url.pathname.split('/');
      const transport = transports[name as keyof typeof transports];
      if (!transport) return res.writeHead(404).end();
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
      const p = `/${rest.join('/')}`;
      // A search: Duffel's offer request, SerpApi's search, seats.aero's search.
      if ((name === 'duffel' && req.method === 'POST' && p.startsWith('/air/offer_requests')) || (name === 'serpapi' && p.startsWith('/search')) || (name === 'seats_aero' && p.includes('search'))) {
        counts[name as keyof typeof counts]++;
      }
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      const answer = await transport({ method: req.method as HttpRequest['method'], path: p, query: Object.fromEntries(url.searchParams), headers, ...(body ? { body } : {}), signal: new AbortController().signal });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    })();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    searches: () => ({ ...counts }),
    env: {
      DUFFEL_ACCESS_TOKEN: 'duffel_test_cluster', DUFFEL_BASE_URL: `${url}/duffel`,
      SERPAPI_API_KEY: 'cluster', SERPAPI_BASE_URL: `${url}/serpapi`,
      SEATS_AERO_API_KEY: 'pro_cluster', SEATS_AERO_BASE_URL: `${url}/seats_aero`,
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
