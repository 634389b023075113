// The three upstreams in their own process: an HTTP server answering Duffel's,
// SerpApi's and seats.aero's wire formats from the simulators, each behind its
// fixed latency. The server under test then runs its real HTTP adapters, and the
// upstreams' own work is not billed to it, as in production.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createDuffelSimulator } from '../../adapters/sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import { simulatedTransport } from '../../adapters/sandbox/simulators/sim-transport.js';
import { LATENCY_MS } from './latencies.js';

const seed = 'bench';
const upstreams = {
  duffel: simulatedTransport('duffel', createDuffelSimulator({ seed }), { latencyMs: LATENCY_MS.duffel, failRate: 0, seed }),
  serpapi: simulatedTransport('serpapi', createSerpApiSimulator({ seed }), { latencyMs: LATENCY_MS.serpapi, failRate: 0, seed }),
  seats_aero: simulatedTransport('seats_aero', createSeatsAeroSimulator({ seed }), { latencyMs: LATENCY_MS.seats_aero, failRate: 0, seed }),
};

async function readBody(req: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return chunks.length ? Buffer.concat(chunks).toString('utf8') : undefined;
}

const server = createServer((req, res) => {
  void (async () => {
    const url = new URL(req.url ?? '/', 'http://x');
    const [, name, ...rest] = url.pathname.split('/');
    const transport = upstreams[name as keyof typeof upstreams];
    if (!transport) return res.writeHead(404).end();
    const body = await readBody(req);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
    const request: HttpRequest = { method: req.method as HttpRequest['method'], path: `/${rest.join('/')}`, query: Object.fromEntries(url.searchParams), headers, ...(body ? { body } : {}), signal: new AbortController().signal };
    const answer = await transport(request);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  })();
});
server.listen(0, '127.0.0.1', () => process.send?.({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
process.once('SIGTERM', () => server.close(() => process.exit(0)));
