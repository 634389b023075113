// The load generator, in its own process so it never competes with the server's
// event loop. The parent sends one job per message; we answer with a summary.
// Latencies are collected from autocannon's per-response event because its own
// histogram keeps whole milliseconds, too coarse for sub-millisecond answers.
import autocannon, { type Request } from 'autocannon';

export interface LoadJob {
  url: string;
  requests: Request[];
  durationS: number;
  connections: number;
  /** When set, each connection sends `requests` from this many client addresses of its own (X-Forwarded-For). */
  addressesPerConnection?: number;
}

/** Address blocks never repeat within a bench run, so no address is counted twice in a minute. */
let nextBlock = 0;
const addressOf = (i: number) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

function fromOwnAddresses(requests: Request[], n: number): Request[] {
  const first = nextBlock++ * n;
  return Array.from({ length: n }, (_, a) =>
    requests.map((r) => ({ ...r, headers: { ...r.headers, 'x-forwarded-for': addressOf(first + a) } }))).flat();
}

export interface LoadResult {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  bad: number; // errors, timeouts and non-2xx answers
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

function run(job: LoadJob): Promise<LoadResult> {
  let latencies = new Float64Array(1 << 17);
  let n = 0;
  return new Promise((resolve, reject) => {
    const spread = job.addressesPerConnection;
    const setupClient = spread ? (client: { setRequests(r: Request[]): void }) => client.setRequests(fromOwnAddresses(job.requests, spread)) : undefined;
    const instance = autocannon({ url: job.url, requests: job.requests, duration: job.durationS, connections: job.connections, ...(setupClient ? { setupClient } : {}) }, (err, result) => {
      if (err) return reject(err);
      const sorted = latencies.subarray(0, n).sort();
      resolve({
        rps: result.requests.total / result.duration,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
        total: result.requests.total,
        bad: result.errors + result.timeouts + result.non2xx,
      });
    });
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status < 200 || status >= 300) return;
      if (n === latencies.length) {
        const bigger = new Float64Array(n * 2);
        bigger.set(latencies);
        latencies = bigger;
      }
      latencies[n++] = ms;
    });
  });
}

process.on('message', (job: LoadJob) => {
  run(job).then(
    (result) => process.send?.({ result }),
    (err: unknown) => process.send?.({ error: String(err) }),
  );
});
