// The hand-written layer over openapi-fetch: auth, automatic Idempotency-Key on money
// routes, one error type, and the search stream as an async iterator. Everything else
// (paths, bodies, answers) is typed from the generated schema.
import createFetchClient, { type Client, type Middleware } from 'openapi-fetch';
import type { paths } from './generated/schema.js';
import { IDEMPOTENT_ROUTES } from './generated/idempotent-routes.js';
import { DealEngineError } from './errors.js';
import { readSseData } from './sse.js';

// The body is optional in the schema (every field is, since `slices` can replace origin/destination/date), never in practice.
export type SearchRequest = NonNullable<paths['/api/search']['post']['requestBody']>['content']['application/json'];
/** One event of the search stream: slice, result, update, progress, dates, complete or error. */
export type SearchEvent = paths['/api/search']['post']['responses'][200]['content']['text/event-stream'];

export interface ClientOptions {
  /** Server root, e.g. "https://api.example.com" (no trailing /api). */
  baseUrl: string;
  /** An API key, sent as `Authorization: Bearer <key>`. */
  apiKey?: string;
  /** Called before each request for a fresh bearer token (JWT / OAuth); wins over apiKey. */
  token?: () => Promise<string> | string;
  /** A custom fetch (tests, proxies, retries). Defaults to globalThis.fetch. */
  fetch?: (request: Request) => Promise<Response>;
  /** Extra headers sent on every request. */
  headers?: Record<string, string>;
}

export interface DealEngineClient extends Client<paths> {
  /** Streams POST /api/search: `for await (const ev of client.searchFlights({...}))`. */
  searchFlights(body: SearchRequest, init?: { signal?: AbortSignal }): AsyncGenerator<SearchEvent>;
}

export function createClient(options: ClientOptions): DealEngineClient {
  const api = createFetchClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    headers: options.headers,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  api.use(authMiddleware(options), idempotencyMiddleware, errorMiddleware);

  async function* searchFlights(body: SearchRequest, init: { signal?: AbortSignal } = {}): AsyncGenerator<SearchEvent> {
    const { response } = await api.POST('/api/search', {
      body,
      parseAs: 'stream',
      headers: { accept: 'text/event-stream' },
      ...(init.signal ? { signal: init.signal } : {}),
    });
    if (!response.body) throw new DealEngineError(response.status, 'search answered without a body');
    for await (const data of readSseData(response.body)) {
      yield JSON.parse(data) as SearchEvent;
    }
  }

  return Object.assign(api, { searchFlights });
}

function authMiddleware(options: ClientOptions): Middleware {
  return {
    async onRequest({ request }) {
      if (request.headers.has('authorization')) return undefined;
      const secret = options.token ? await options.token() : options.apiKey;
      if (secret) request.headers.set('authorization', `Bearer ${secret}`);
      return request;
    },
  };
}

/** Money routes get a fresh key per call unless the caller passed one (to retry safely). */
const idempotencyMiddleware: Middleware = {
  onRequest({ request, schemaPath }) {
    if (!IDEMPOTENT_ROUTES.has(`${request.method} ${schemaPath}`)) return undefined;
    if (request.headers.has('idempotency-key')) return undefined;
    request.headers.set('idempotency-key', crypto.randomUUID());
    return request;
  },
};

/** Every non-2xx answer throws, so a returned `data` is always the success body. */
const errorMiddleware: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await DealEngineError.fromResponse(response);
    return undefined;
  },
};

/** Unwraps `{ data }` of a call (which can only be a success here) with its non-optional type. */
export async function ok<R extends { data?: unknown }>(call: Promise<R>): Promise<NonNullable<R['data']>> {
  const { data } = await call;
  return data as NonNullable<R['data']>;
}
