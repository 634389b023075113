// Opens search streams and times them from the client's side: when the first
// result event arrived, and when the complete event did; and which providers the
// complete event says failed (a round with any is not a fair measurement).
import { BENCH_INTERNAL_KEY } from '../targets.js';

export interface StreamTiming {
  firstResultMs: number | null;
  completeMs: number | null;
  cached: boolean;
  /** "provider:reason" for every provider that failed, timed out or had its breaker open; "stream:…" when the stream itself failed. */
  failures: string[];
}

const ROUTES = [
  ['JFK', 'LHR'], ['LAX', 'NRT'], ['SFO', 'CDG'], ['ORD', 'FRA'], ['BOS', 'DUB'], ['ATL', 'MEX'], ['DFW', 'LHR'], ['SEA', 'ICN'],
  ['MIA', 'MAD'], ['YYZ', 'LHR'], ['LHR', 'DXB'], ['SIN', 'SYD'], ['HKG', 'LAX'], ['FRA', 'JFK'], ['CDG', 'JFK'], ['EWR', 'AMS'],
] as const;

function isoDaysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Departure days nthSearch spreads over. */
const DAYS = 300;
/** nthSearch(n) repeats every this many n: route and day both cycle. */
export const DISTINCT_SEARCHES = ROUTES.length * DAYS;

/** The nth distinct search: a route and a date, so no two within DISTINCT_SEARCHES share a cache key. */
export function nthSearch(n: number): Record<string, unknown> {
  const [origin, destination] = ROUTES[n % ROUTES.length]!;
  return { origin, destination, departure_date: isoDaysAhead(20 + Math.floor(n / ROUTES.length) % DAYS), cabin_class: n % 5 === 0 ? 'business' : 'economy', search_type: 'both' };
}

interface Summary { cached?: boolean; providers?: { provider: string; status: string; reason: string | null }[] }

/** Failed providers named by the summary; an empty answer (no_results) is not a failure. */
function failuresOf(summary: Summary): string[] {
  return (summary.providers ?? []).filter((p) => p.status !== 'ok' && p.reason !== 'no_results').map((p) => `${p.provider}:${p.reason ?? 'error'}`);
}

export async function timeStream(baseUrl: string, body: Record<string, unknown>, path = '/api/search'): Promise<StreamTiming> {
  const started = performance.now();
  const timing: StreamTiming = { firstResultMs: null, completeMs: null, cached: false, failures: [] };
  let res: Response;
  try {
    res = await fetch(baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-internal-key': BENCH_INTERNAL_KEY },
      body: JSON.stringify(body),
    });
  } catch (err) {
    return { ...timing, failures: [`stream:${(err as Error).message}`] };
  }
  if (!res.ok || !res.body) return { ...timing, failures: [`stream:${res.status}`] };
  const decoder = new TextDecoder();
  let text = '';
  for await (const chunk of res.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (timing.firstResultMs === null && text.includes('"type":"result"')) timing.firstResultMs = performance.now() - started;
    if (timing.completeMs === null && text.includes('"type":"complete"')) timing.completeMs = performance.now() - started;
  }
  const at = text.lastIndexOf('data: {"type":"complete"');
  if (at < 0) return { ...timing, failures: [text.includes('"type":"error"') ? 'stream:error event' : 'stream:no complete event'] };
  const summary = (JSON.parse(text.slice(at + 6, text.indexOf('\n', at))) as { data: Summary }).data;
  return { ...timing, cached: summary.cached === true, failures: failuresOf(summary) };
}

/** Runs `total` jobs with `concurrency` in flight at once (a closed loop). */
export async function closedLoop<T>(total: number, concurrency: number, job: (n: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const n = next++;
      out[n] = await job(n);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, total) }, worker));
  return out;
}
