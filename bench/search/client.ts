// Opens search streams and times them from the client's side: when the first
// result event arrived, and when the complete event did.
import { BENCH_INTERNAL_KEY } from '../targets.js';

export interface StreamTiming {
  firstResultMs: number | null;
  completeMs: number | null;
  cached: boolean;
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

/** The nth distinct search: a route and a date, so no two share a cache key. */
export function nthSearch(n: number): Record<string, unknown> {
  const [origin, destination] = ROUTES[n % ROUTES.length]!;
  return { origin, destination, departure_date: isoDaysAhead(20 + Math.floor(n / ROUTES.length) % 300), cabin_class: n % 5 === 0 ? 'business' : 'economy', search_type: 'both' };
}

export async function timeStream(baseUrl: string, body: Record<string, unknown>, path = '/api/search'): Promise<StreamTiming> {
  const started = performance.now();
  const res = await fetch(baseUrl + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream', 'x-internal-key': BENCH_INTERNAL_KEY },
    body: JSON.stringify(body),
  });
  if (!res.ok || !res.body) throw new Error(`search answered ${res.status}: ${await res.text()}`);
  const decoder = new TextDecoder();
  let text = '';
  const timing: StreamTiming = { firstResultMs: null, completeMs: null, cached: false };
  for await (const chunk of res.body) {
    text += decoder.decode(chunk as Uint8Array, { stream: true });
    if (timing.firstResultMs === null && text.includes('"type":"result"')) timing.firstResultMs = performance.now() - started;
    const at = text.indexOf('"type":"complete"');
    if (at >= 0 && timing.completeMs === null) {
      timing.completeMs = performance.now() - started;
      timing.cached = text.slice(at).includes('"cached":true');
    }
  }
  return timing;
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
