import { ProviderError, type ProviderErrorKind } from '../../../tools/_kit/provider-error.js';
import type { HttpRequest, HttpResponse, HttpTransport, QueryValue } from '../http/transport.js';
import type { DuffelError, DuffelListMeta } from './wire.js';

// The thin Duffel HTTP client: headers, the `{data}` envelope both ways, and one
// place that turns Duffel's error envelope into ProviderError kinds.

export const DUFFEL_API_VERSION = 'v2';
const USER_AGENT = 'deal-engine/1.0';

/** Codes that mean the offer is gone, whatever status they arrive with. */
const GONE_CODES = new Set(['offer_no_longer_available', 'offer_expired']);

export interface DuffelCall {
  method: HttpRequest['method'];
  path: string;
  query?: Record<string, QueryValue>;
  /** Sent wrapped as `{data: body}`. */
  body?: unknown;
  signal: AbortSignal;
}

export interface DuffelResult<T> {
  data: T;
  meta: DuffelListMeta | undefined;
  requestId: string | null;
  /** The HTTP status: order creation tells 201 (created) from 202 (accepted, outcome later). */
  status: number;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function errorsOf(body: unknown): DuffelError[] {
  if (!isRecord(body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter(isRecord).map((e) => ({
    type: typeof e.type === 'string' ? e.type : 'unknown',
    code: typeof e.code === 'string' ? e.code : 'unknown',
    title: typeof e.title === 'string' ? e.title : '',
    message: typeof e.message === 'string' ? e.message : '',
  }));
}

function requestIdOf(res: HttpResponse, body: unknown): string | null {
  const fromHeader = res.header('x-request-id');
  if (fromHeader) return fromHeader;
  if (isRecord(body) && isRecord(body.meta) && typeof body.meta.request_id === 'string') return body.meta.request_id;
  return null;
}

/** Delay before the next try, from `Retry-After` (seconds or an HTTP-date) or Duffel's `ratelimit-reset` (an HTTP-date). */
export function retryAfterMs(res: HttpResponse, now: number = Date.now()): number | undefined {
  const retryAfter = res.header('retry-after');
  if (retryAfter !== null && retryAfter.trim() !== '') {
    const seconds = Number(retryAfter);
    if (Number.isFinite(seconds)) return Math.max(0, Math.round(seconds * 1000));
    const at = Date.parse(retryAfter);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  const reset = res.header('ratelimit-reset');
  if (reset !== null) {
    const at = Date.parse(reset);
    if (Number.isFinite(at)) return Math.max(0, at - now);
  }
  return undefined;
}

function kindForStatus(status: number, code: string | undefined): ProviderErrorKind {
  if (code && GONE_CODES.has(code)) return 'not_found';
  if (status === 401 || status === 403) return 'auth';
  if (status === 404) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

/** A 2xx carrying `errors`: there is no status to go by, so the error's type decides. */
function kindForErrorType(first: DuffelError | undefined): ProviderErrorKind {
  if (!first) return 'bad_response';
  if (GONE_CODES.has(first.code)) return 'not_found';
  switch (first.type) {
    case 'authentication_error':
      return 'auth';
    case 'rate_limit_error':
      return 'rate_limited';
    case 'api_error':
    case 'airline_error':
      return 'unavailable';
    default:
      return 'rejected';
  }
}

function describe(status: number, errors: DuffelError[], requestId: string | null): string {
  const first = errors[0];
  const what = first ? `${first.code}: ${first.message || first.title}` : 'no error detail';
  return `Duffel answered ${status} (${what})${requestId ? ` [request ${requestId}]` : ''}`;
}

export function errorFromResponse(res: HttpResponse, body: unknown): ProviderError {
  const errors = errorsOf(body);
  const code = errors[0]?.code;
  const requestId = requestIdOf(res, body);
  const ok = res.status >= 200 && res.status < 300;
  const kind = ok ? kindForErrorType(errors[0]) : kindForStatus(res.status, code);
  return new ProviderError('duffel', kind, describe(res.status, errors, requestId), {
    status: res.status,
    ...(code !== undefined && code !== 'unknown' ? { code } : {}),
    ...(kind === 'rate_limited' ? { retryAfterMs: retryAfterMs(res) } : {}),
  });
}

async function readJson(res: HttpResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  try {
    return { ok: true, body: await res.json() };
  } catch (err) {
    if (err instanceof SyntaxError) return { ok: false };
    throw err; // an abort or a reset while reading the body
  }
}

/** An empty body (a bare 202) is fine here; anything else must still be JSON. */
async function readJsonOrEmpty(res: HttpResponse): Promise<{ ok: true; body: unknown } | { ok: false }> {
  const text: unknown = await res.text();
  if (typeof text !== 'string' || text.trim() === '') return { ok: true, body: undefined };
  try {
    return { ok: true, body: JSON.parse(text) as unknown };
  } catch (err) {
    if (err instanceof SyntaxError) return { ok: false };
    throw err;
  }
}

export class DuffelClient {
  private readonly transport: HttpTransport;
  private readonly token: string;

  constructor(opts: { transport: HttpTransport; token: string }) {
    this.transport = opts.transport;
    this.token = opts.token;
  }

  async request<T>(call: DuffelCall): Promise<DuffelResult<T>> {
    return this.read<T>(await this.call(call));
  }

  /** Reads an answer `call` got: the parsed `{data}`, or the ProviderError its status or envelope says. */
  async read<T>(res: HttpResponse): Promise<DuffelResult<T>> {
    const body = await this.check(res, false);
    if (!isRecord(body) || !('data' in body) || body.data === undefined || body.data === null) {
      throw new ProviderError('duffel', 'bad_response', `Duffel answered ${res.status} without a data field${requestIdSuffix(res, body)}`, { status: res.status });
    }
    return { data: body.data as T, meta: metaOf(body), requestId: requestIdOf(res, body), status: res.status };
  }

  /**
   * Like `request`, for calls whose success may come without `data`: a 202 on
   * order creation, or an action whose answer we do not read. `data` is null then.
   */
  async requestAllowingNoData<T>(call: DuffelCall): Promise<DuffelResult<T | null>> {
    const res = await this.call(call);
    const body = await this.check(res, true);
    const data = isRecord(body) && body.data !== undefined && body.data !== null ? (body.data as T) : null;
    return { data, meta: metaOf(body), requestId: requestIdOf(res, body), status: res.status };
  }

  /** Sends one call with Duffel's headers; the answer is not read yet. */
  call(call: DuffelCall): Promise<HttpResponse> {
    return this.transport({
      method: call.method,
      path: call.path,
      query: call.query,
      headers: {
        Authorization: `Bearer ${this.token}`,
        'Duffel-Version': DUFFEL_API_VERSION,
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'User-Agent': USER_AGENT,
      },
      body: call.body === undefined ? undefined : JSON.stringify({ data: call.body }),
      signal: call.signal,
    });
  }

  /** Throws for an error status or an error envelope, returns the parsed body otherwise. */
  private async check(res: HttpResponse, allowEmptyBody: boolean): Promise<unknown> {
    const ok = res.status >= 200 && res.status < 300;
    const parsed = allowEmptyBody && ok ? await readJsonOrEmpty(res) : await readJson(res);
    if (!parsed.ok) {
      // An error status with a non-JSON body (a proxy's HTML page) still says what went wrong.
      if (!ok) throw errorFromResponse(res, undefined);
      throw new ProviderError('duffel', 'bad_response', `Duffel sent a body that is not JSON${requestIdSuffix(res, undefined)}`, { status: res.status });
    }
    const body = parsed.body;
    if (!ok || errorsOf(body).length > 0) throw errorFromResponse(res, body);
    return body;
  }
}

function metaOf(body: unknown): DuffelListMeta | undefined {
  return isRecord(body) && isRecord(body.meta) ? (body.meta as unknown as DuffelListMeta) : undefined;
}

function requestIdSuffix(res: HttpResponse, body: unknown): string {
  const id = requestIdOf(res, body);
  return id ? ` [request ${id}]` : '';
}
