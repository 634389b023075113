import { ProviderError } from '../../../tools/_kit/provider-error.js';
import type { HttpResponse, HttpTransport, QueryValue } from '../http/transport.js';
import type { Availability, ListResponse, WireCabin } from './wire.js';

// A thin client for the seats.aero Partner API: the auth header, cursor paging
// and the mapping of HTTP failures to ProviderError kinds. No retries or
// timeouts here; the provider runs every call under its ProviderPolicy.

export const SEATS_AERO_BASE_URL = 'https://seats.aero/partnerapi';

/**
 * Each page is one call against the account's daily quota (1,000 calls on
 * Pro), and one route on one day rarely fills a single 500-row page, so more
 * than a few pages means a runaway cursor rather than more useful data.
 */
export const MAX_PAGES = 5;

const OAUTH_TOKEN_PREFIX = 'seats:ota:';

/** Pro keys (`pro_...`) go raw; only OAuth access tokens take the Bearer scheme. */
export function partnerAuthorization(credential: string): string {
  return credential.startsWith(OAUTH_TOKEN_PREFIX) ? `Bearer ${credential}` : credential;
}

export interface CachedSearchParams {
  origin: string;
  destination: string;
  startDate: string;
  endDate: string;
  cabins: readonly WireCabin[];
  includeTrips: boolean;
  /** Rows per page, 10–1000. */
  take: number;
  orderBy?: 'lowest_mileage';
  onlyDirect?: boolean;
}

/** One page as a reader made it: each row's value under its ID, and where paging goes on. */
export interface ReadPage<R> {
  rows: [id: string, value: R][];
  hasMore: boolean;
  cursor: number;
}

export interface SeatsAeroClient {
  /** Every page of a cached search (up to MAX_PAGES), rows deduplicated by ID. */
  cachedSearch(params: CachedSearchParams, signal: AbortSignal): Promise<Availability[]>;
  /** The same pages, each read by `read` (given a 2xx answer) into a value per row: rows deduplicated by ID, first copy wins. */
  cachedSearchRead<R>(params: CachedSearchParams, signal: AbortSignal, read: (res: HttpResponse) => Promise<ReadPage<R>>): Promise<R[]>;
}

/** Seconds or an HTTP date, as Retry-After allows; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Error bodies are undocumented: keep a short piece of the text for logs, never for callers. */
async function errorDetail(res: HttpResponse): Promise<string> {
  try {
    const text = await res.text();
    try {
      const body = JSON.parse(text) as { message?: unknown; error?: unknown };
      const said = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : text;
      return said.slice(0, 200);
    } catch {
      return text.slice(0, 200);
    }
  } catch {
    return '';
  }
}

export async function errorFromResponse(res: HttpResponse): Promise<ProviderError> {
  const status = res.status;
  const detail = await errorDetail(res);
  const message = `seats.aero answered ${status}${detail ? `: ${detail}` : ''}`;
  if (status === 401 || status === 403) return new ProviderError('seats_aero', 'auth', message, { status });
  if (status === 404) return new ProviderError('seats_aero', 'not_found', message, { status });
  if (status === 429) {
    const retryAfterMs = parseRetryAfter(res.header('retry-after'));
    return new ProviderError('seats_aero', 'rate_limited', message, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (status >= 500) return new ProviderError('seats_aero', 'unavailable', message, { status });
  return new ProviderError('seats_aero', 'rejected', message, { status });
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function badResponse(message: string, cause?: unknown): ProviderError {
  return new ProviderError('seats_aero', 'bad_response', message, cause === undefined ? {} : { cause });
}

/** Checks the envelope and the fields every row must have; the mapper tolerates gaps elsewhere. */
export function readListPage(body: unknown): ListResponse<Availability> {
  if (!isRecord(body) || !Array.isArray(body.data)) throw badResponse('seats.aero list response has no data array');
  for (const row of body.data) {
    if (!isRecord(row) || typeof row.ID !== 'string' || typeof row.Date !== 'string' || typeof row.Source !== 'string' || !isRecord(row.Route)) {
      throw badResponse('seats.aero availability row is missing ID, Date, Source or Route');
    }
  }
  return {
    data: body.data as Availability[],
    count: typeof body.count === 'number' ? body.count : body.data.length,
    hasMore: body.hasMore === true,
    cursor: typeof body.cursor === 'number' ? body.cursor : 0,
  };
}

/** The parsed body; a body that is not JSON is a bad_response. */
export async function readJson(res: HttpResponse): Promise<unknown> {
  try {
    return await res.json();
  } catch (err) {
    if (err instanceof SyntaxError) throw badResponse('seats.aero sent a body that is not JSON', err);
    throw err;
  }
}

export function createSeatsAeroClient(opts: { transport: HttpTransport; apiKey: string }): SeatsAeroClient {
  const headers = { 'Partner-Authorization': partnerAuthorization(opts.apiKey), Accept: 'application/json' };

  async function getPage<R>(query: Record<string, QueryValue>, signal: AbortSignal, read: (res: HttpResponse) => Promise<ReadPage<R>>): Promise<ReadPage<R>> {
    const res = await opts.transport({ method: 'GET', path: '/search', query, headers, signal });
    if (res.status < 200 || res.status >= 300) throw await errorFromResponse(res);
    return read(res);
  }

  const readRows = async (res: HttpResponse): Promise<ReadPage<Availability>> => {
    const page = readListPage(await readJson(res));
    return { rows: page.data.map((row) => [row.ID, row]), hasMore: page.hasMore, cursor: page.cursor };
  };

  async function pages<R>(params: CachedSearchParams, signal: AbortSignal, read: (res: HttpResponse) => Promise<ReadPage<R>>): Promise<R[]> {
    const base: Record<string, QueryValue> = {
      origin_airport: params.origin,
      destination_airport: params.destination,
      start_date: params.startDate,
      end_date: params.endDate,
      cabins: params.cabins.join(','),
      include_trips: params.includeTrips,
      take: params.take,
      order_by: params.orderBy,
      only_direct_flights: params.onlyDirect ? true : undefined,
    };
    const rows = new Map<string, R>();
    let received = 0;
    // Later pages send the first page's cursor back with skip = rows seen so far.
    let cursor: number | undefined;
    for (let page = 0; page < MAX_PAGES; page++) {
      const query = page === 0 ? base : { ...base, cursor, skip: received };
      const res = await getPage(query, signal, read);
      cursor ??= res.cursor;
      received += res.rows.length;
      // Rows can repeat across pages; the first copy wins.
      for (const [id, row] of res.rows) if (!rows.has(id)) rows.set(id, row);
      if (!res.hasMore || res.rows.length === 0) break;
    }
    return [...rows.values()];
  }

  return {
    cachedSearch: (params, signal) => pages(params, signal, readRows),
    cachedSearchRead: pages,
  };
}
