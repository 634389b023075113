import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createSeatsAeroSimulator } from '../../adapters/sandbox/simulators/seats-aero-sim.js';
import { listenLocal } from './fake-server.js';

// A local seats.aero Partner API for tests: real HTTP on 127.0.0.1, answers
// from the simulator, checks the Partner-Authorization header, and can be told
// to fail the next calls or to serve small pages so paging is exercised.

export type SeatsAeroFailure =
  | 'rate_limited'
  | 'server_error'
  | 'unavailable'
  | 'timeout'
  | 'malformed'
  | 'missing_data'
  | 'forbidden'
  | 'not_found'
  | 'bad_request';

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
}

export interface SeatsAeroFake {
  url: string;
  requests: RecordedRequest[];
  /** The next `times` requests (default 1) fail this way, before auth is checked. */
  failNext(scenario: SeatsAeroFailure, times?: number): void;
  /** Overrides the caller's `take` with this page size; null restores it. */
  forcePageSize(take: number | null): void;
  close(): Promise<void>;
}

export const FAKE_RETRY_AFTER_SECONDS = 30;

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** Written apart from the adapter's own rule so a mistake there shows up here. */
function expectedAuthorization(apiKey: string): string {
  return apiKey.startsWith('seats:ota:') ? `Bearer ${apiKey}` : apiKey;
}

export async function startSeatsAeroFake(opts: { seed?: string; apiKey?: string; clock?: () => Date } = {}): Promise<SeatsAeroFake> {
  const sim = createSeatsAeroSimulator({ seed: opts.seed ?? 'seats-aero-fake' });
  const apiKey = opts.apiKey ?? 'pro_test_key';
  const clock = opts.clock ?? (() => new Date());
  const failures: SeatsAeroFailure[] = [];
  const requests: RecordedRequest[] = [];
  let pageSize: number | null = null;

  function fail(scenario: SeatsAeroFailure, res: ServerResponse): void {
    switch (scenario) {
      case 'rate_limited':
        return send(res, 429, { message: 'Too Many Requests' }, { 'retry-after': String(FAKE_RETRY_AFTER_SECONDS) });
      case 'server_error':
        return send(res, 500, { message: 'Internal Server Error' });
      case 'unavailable':
        return send(res, 503, { message: 'Service Unavailable' });
      case 'timeout':
        return; // never answers; the socket closes when the client gives up or the fake closes
      case 'malformed':
        return send(res, 200, '{"data": [ {"ID": "trunc');
      case 'missing_data':
        return send(res, 200, { count: 0, hasMore: false, cursor: 0 });
      case 'forbidden':
        return send(res, 403, { message: 'Forbidden' });
      case 'not_found':
        return send(res, 404, { message: 'Not Found' });
      case 'bad_request':
        return send(res, 400, { message: 'Invalid cabin' });
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query, headers });

    const failure = failures.shift();
    if (failure) return fail(failure, res);
    if (headers['partner-authorization'] !== expectedAuthorization(apiKey)) return send(res, 401, { message: 'Unauthorized' });

    if (pageSize !== null && url.pathname === '/search') query.take = String(pageSize);
    const controller = new AbortController();
    const method = req.method === 'POST' ? 'POST' : 'GET';
    const answer = await sim.handle({ method, path: url.pathname, query, headers, signal: controller.signal }, clock());
    send(res, answer.status, answer.body, answer.headers);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => send(res, 500, { message: err instanceof Error ? err.message : 'fake failed' }));
  });
  const { port } = await listenLocal(server);

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failNext(scenario, times = 1) {
      for (let i = 0; i < times; i++) failures.push(scenario);
    },
    forcePageSize(take) {
      pageSize = take;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
    },
  };
}
