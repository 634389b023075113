import { ProviderError, type ProviderErrorKind } from '../../../tools/_kit/provider-error.js';
import type { HttpResponse, HttpTransport, QueryValue } from '../http/transport.js';
import { flightsResponseSchema, type SerpApiFlightsParams } from './wire.js';

// One SerpApi call: GET /search with engine=google_flights, and every way it can
// go wrong turned into a ProviderError. The api_key travels in the query string,
// so nothing here ever quotes the URL, and upstream messages are scrubbed of it.

export type SerpApiEnvelope = ReturnType<typeof flightsResponseSchema.parse>;

export interface SerpApiSearchResult {
  body: SerpApiEnvelope;
  /** Best flights first, then other flights; each option still unvalidated. */
  options: unknown[];
  /** SerpApi said the search succeeded but Google Flights found nothing. */
  noResults: boolean;
}

export interface SerpApiClient {
  searchFlights(params: SerpApiFlightsParams, signal: AbortSignal): Promise<SerpApiSearchResult>;
}

// SerpApi reports an empty search as status Success plus this kind of message
// in `error` (its docs: "it might include empty results").
const NO_RESULTS = /(hasn['’]t|has not) returned any results/i;

function kindForStatus(status: number): ProviderErrorKind {
  if (status === 401 || status === 403) return 'auth';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  if (status >= 400) return 'rejected';
  return 'bad_response';
}

/** Retry-After as delta seconds or an HTTP date, in ms. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export function createSerpApiClient(opts: { transport: HttpTransport; apiKey: string }): SerpApiClient {
  const { transport, apiKey } = opts;

  /** Upstream text made safe to show: no key, bounded length. */
  const scrub = (text: string): string => {
    const clean = apiKey ? text.split(apiKey).join('[redacted]') : text;
    return clean.length > 200 ? `${clean.slice(0, 200)}…` : clean;
  };

  const upstreamMessage = async (res: HttpResponse): Promise<string> => {
    try {
      const text = await res.text();
      try {
        const parsed = JSON.parse(text) as unknown;
        if (parsed && typeof parsed === 'object' && typeof (parsed as { error?: unknown }).error === 'string') {
          return scrub((parsed as { error: string }).error);
        }
      } catch {
        // not JSON (a proxy's HTML page): fall through to the raw text
      }
      return scrub(text.trim() || 'no body');
    } catch {
      return 'no body';
    }
  };

  const send = async (params: SerpApiFlightsParams, signal: AbortSignal): Promise<HttpResponse> => {
    const query: Record<string, QueryValue> = { engine: 'google_flights', ...params, output: 'json', api_key: apiKey };
    try {
      return await transport({ method: 'GET', path: '/search', query, headers: { accept: 'application/json' }, signal });
    } catch (err) {
      // A network failure's cause can quote the URL, key included: replace it here
      // rather than let the policy keep them as the cause.
      if (err instanceof TypeError && !signal.aborted) {
        throw new ProviderError('serpapi', 'network', 'serpapi could not be reached', { cause: new Error(scrub(err.message)) });
      }
      throw err;
    }
  };

  return {
    async searchFlights(params, signal) {
      const res = await send(params, signal);
      if (res.status !== 200) {
        const message = await upstreamMessage(res);
        const retryAfterMs = res.status === 429 ? parseRetryAfter(res.header('retry-after')) : undefined;
        throw new ProviderError('serpapi', kindForStatus(res.status), `serpapi answered ${res.status}: ${message}`, { status: res.status, retryAfterMs });
      }

      let raw: unknown;
      try {
        raw = await res.json();
      } catch (err) {
        if (signal.aborted || !(err instanceof SyntaxError)) throw err;
        throw new ProviderError('serpapi', 'bad_response', 'serpapi sent a body that is not JSON', { status: 200 });
      }
      const parsed = flightsResponseSchema.safeParse(raw);
      if (!parsed.success) {
        throw new ProviderError('serpapi', 'bad_response', 'serpapi sent a response without search_metadata', { status: 200 });
      }
      const body = parsed.data;
      const status = body.search_metadata.status;
      const error = body.error;
      const noResults = status === 'Success' && error !== undefined && NO_RESULTS.test(error);
      if (status !== 'Success' || (error !== undefined && !noResults)) {
        const detail = error ? scrub(error) : `search status ${scrub(status)}`;
        throw new ProviderError('serpapi', 'unavailable', `serpapi search failed: ${detail}`, { status: 200 });
      }
      const options = noResults ? [] : [...(body.best_flights ?? []), ...(body.other_flights ?? [])];
      return { body, options, noResults };
    },
  };
}
