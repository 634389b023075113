import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { HttpRequest } from '../../adapters/providers/http/transport.js';
import { createSerpApiSimulator } from '../../adapters/sandbox/simulators/serpapi-sim.js';
import { listenLocal } from './fake-server.js';

// A local SerpApi for tests: a real HTTP server that checks the api_key, answers
// from the simulator, and on request misbehaves the ways SerpApi can.

export type SerpApiFakeScenario = 'rate_limited' | 'server_error' | 'unavailable' | 'timeout' | 'malformed' | 'metadata_error' | 'empty';

export interface SerpApiFakeRequest {
  method: string;
  path: string;
  /** Every query parameter as sent, api_key included (tests check it arrives). */
  query: Record<string, string>;
}

export interface SerpApiFake {
  url: string;
  requests: SerpApiFakeRequest[];
  /** The next `times` (default 1) requests get this scenario instead of a normal answer. */
  failNext(scenario: SerpApiFakeScenario, times?: number): void;
  close(): Promise<void>;
}

export const FAKE_SERPAPI_KEY = 'serpapi_fake_key_4f9c2a7d';
/** Sent with every injected 429, in seconds. */
export const FAKE_RETRY_AFTER_S = 30;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

export async function startSerpApiFake(opts: { seed?: string; apiKey?: string } = {}): Promise<SerpApiFake> {
  const apiKey = opts.apiKey ?? FAKE_SERPAPI_KEY;
  const sim = createSerpApiSimulator({ seed: opts.seed ?? 'serpapi-fake' });
  const requests: SerpApiFakeRequest[] = [];
  const queue: SerpApiFakeScenario[] = [];

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams.entries());
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query });
    if (query.api_key !== apiKey) {
      return send(res, 401, { error: 'Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key' });
    }
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const simReq: HttpRequest = { method: 'GET', path: url.pathname, query, signal: abort.signal };
    const now = new Date();

    switch (queue.shift()) {
      case 'rate_limited':
        return send(res, 429, { error: 'Your account has run out of searches.' }, { 'retry-after': String(FAKE_RETRY_AFTER_S) });
      case 'server_error':
        return send(res, 500, { error: 'Internal server error.' });
      case 'unavailable':
        return send(res, 503, sim.outage(simReq).body);
      case 'timeout':
        return; // never answers; close() drops the connection
      case 'malformed':
        return send(res, 200, '{"search_metadata": {"id": "6a1f", "status": "Succ');
      case 'metadata_error':
        return send(res, 200, {
          search_metadata: { id: '6a1f0c2e9b3d4e5f6071829a', status: 'Error', created_at: '2026-01-01 00:00:00 UTC' },
          search_parameters: { engine: 'google_flights' },
          error: 'Google Flights search failed: proxy timeout. Please retry.',
        });
      case 'empty':
        return send(res, 200, sim.noResults(simReq, now).body);
      default: {
        const answer = await sim.handle(simReq, now);
        return send(res, answer.status, answer.body, answer.headers);
      }
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { error: err instanceof Error ? err.message : 'fake failed' }));
  });
  const { port } = await listenLocal(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) queue.push(scenario);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
