// One upstream in its own process (BENCH_UPSTREAM: duffel, serpapi or seats_aero):
// an HTTP server answering that provider's wire format from its simulator, each
// answer sent exactly its fixed latency after the request arrived. The server
// under test runs its real HTTP adapters against it, and the fake's work is not
// billed to the server, as in production.
//
// The fake's own work (building and serializing the answer) happens inside the
// latency, as a real provider's processing would. Each provider has its own
// process because a real provider's work never holds up another's: in one shared
// process, building a Duffel answer delayed reading seats.aero's request by up to
// 4 ms, and serializing after the wait sent answers ~1 ms late, all of which the
// bench billed to the server under test.
//
// Even in their own processes the fakes share this machine's two cores with the
// server under test, and building their answers cost more CPU per search than the
// server's own work (session 17). A remote provider's work costs the server's
// machine nothing, so the bench primes the fakes (prime.ts): a throwaway server
// runs the searches to come while the fakes record their answers, and the server
// under test is then sent the very same bytes, after the same latency, without
// the simulators' work. A request that was not recorded is answered by the
// simulator as before.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jsonText } from '../../adapters/providers/http/json-text.js';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import type { WireSimulator } from '../../adapters/sandbox/simulators/sim-transport.js';
import { LATENCY_MS, type UpstreamName } from './latencies.js';

const seed = 'bench';
const simulators: Record<UpstreamName, () => WireSimulator> = {
  duffel: () => createDuffelSimulator({ seed }),
  serpapi: () => createSerpApiSimulator({ seed }),
  seats_aero: () => createSeatsAeroSimulator({ seed }),
};
const name = process.env.BENCH_UPSTREAM as UpstreamName;
if (!Object.hasOwn(simulators, name)) throw new Error(`BENCH_UPSTREAM must be one of ${Object.keys(simulators).join(', ')}`);
const sim = simulators[name]();
const latencyMs = LATENCY_MS[name];

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/** An answer as sent: its body already bytes, so a recorded one is never encoded again. */
interface Answer { status: number; headers: Record<string, string>; body: Buffer }

/** Answers recorded while priming, by method, URL and body. */
const recorded = new Map<string, Answer>();
let recording = false;
/** Requests answered from a recording, and by the simulator, and the body bytes sent, since start. */
const counts = { replayed: 0, computed: 0, bytes: 0 };

async function simulate(req: IncomingMessage, url: URL, path: string, body: string | undefined): Promise<Answer> {
  const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
  const request: HttpRequest = { method: req.method as HttpRequest['method'], path, query: Object.fromEntries(url.searchParams), headers, ...(body ? { body } : {}), signal: new AbortController().signal };
  const result = await sim.handle(request, new Date());
  return { status: result.status, headers: { ...result.headers, 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(result.body)) };
}

async function answer(req: IncomingMessage, arrived: number): Promise<Answer> {
  const url = new URL(req.url ?? '/', 'http://x');
  const [, prefix, ...rest] = url.pathname.split('/');
  if (prefix !== name) return { status: 404, headers: {}, body: Buffer.alloc(0) };
  const body = await readBody(req);
  const key = `${req.method} ${req.url}\n${body ?? ''}`;
  let found = recorded.get(key);
  if (found) counts.replayed++;
  else {
    counts.computed++;
    found = await simulate(req, url, `/${rest.join('/')}`, body);
    if (recording) recorded.set(key, found);
  }
  const wait = latencyMs - (performance.now() - arrived);
  // Rounded up: a timer given a fraction fires on the whole millisecond below it.
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, Math.ceil(wait)));
  counts.bytes += found.body.length;
  return found;
}

const server = createServer((req, res) => {
  const arrived = performance.now();
  // The work waits for the check phase, so every request that arrived with this one
  // (Duffel's three offer pages) is timed from its arrival, not from when the work
  // before it was done.
  setImmediate(() => {
    answer(req, arrived).then(
      ({ status, headers, body }) => res.writeHead(status, headers).end(body),
      (err: unknown) => res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: String(err) })),
    );
  });
});
/**
 * CPU (µs) to decode and JSON.parse every recorded answer once, as the server's
 * transport does (median of 5 passes): what reading these answers costs any server
 * written in JavaScript before it has done anything with them.
 */
function parseCost(): { parseMicros: number; parsedBytes: number } {
  const bodies = [...recorded.values()].map((a) => a.body).filter((b) => b.length > 0);
  const passes: number[] = [];
  for (let pass = 0; pass < 5; pass++) {
    const before = process.cpuUsage();
    for (const body of bodies) JSON.parse(jsonText(body));
    const used = process.cpuUsage(before);
    passes.push(used.user + used.system);
  }
  passes.sort((a, b) => a - b);
  return { parseMicros: passes[2]!, parsedBytes: bodies.reduce((sum, b) => sum + b.length, 0) };
}

server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
// Every message is answered once, with this process's CPU and counts; `{ recording }` and `{ forget }` steer
// the recordings, `{ parseCost }` adds what parsing the recorded answers costs (measured before the CPU is read).
process.on('message', (m: unknown) => {
  let parsed = {};
  if (m && typeof m === 'object') {
    if ('recording' in m) recording = m.recording === true;
    if ('forget' in m) recorded.clear();
    if ('parseCost' in m) parsed = parseCost();
  }
  process.send?.({ ...parsed, cpu: process.cpuUsage(), ...counts, recorded: recorded.size });
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
