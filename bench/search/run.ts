// `npm run bench` (second part): the streaming flight search at fixed upstream
// latencies (40 / 150 / 400 ms) with 50 concurrent streams, against a bare express
// SSE server that waits the same latencies, all measured in the same run. Two
// setups: the upstreams in their own process (our server runs its real HTTP
// adapters, as in production), and the built-in simulators in the server's own
// process (the embedded default, whose simulator CPU is billed to the server).
// Prints figures and verdicts; never fails. Knobs: BENCH_SEARCHES, BENCH_STREAMS.
import { startServerChild, type ServerChild } from '../children.js';
import { closedLoop, nthSearch, timeStream, type StreamTiming } from './client.js';
import { FASTEST_MS, SLOWEST_MS } from './latencies.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 300);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const first = (ts: StreamTiming[]) => ts.map((t) => (t.firstResultMs ?? NaN) - FASTEST_MS);
const done = (ts: StreamTiming[]) => ts.map((t) => (t.completeMs ?? NaN) - SLOWEST_MS);
const total = (ts: StreamTiming[]) => ts.map((t) => t.completeMs ?? NaN);

type Row = [string, number[], number[], number];

async function measure(bare: ServerChild, ours: ServerChild): Promise<{ rows: Row[]; cpuMs: number; cpuManyMs: number }> {
  const run = (url: string, offset: number, n: number, path?: string) => closedLoop(n, STREAMS, (i) => timeStream(url, nthSearch(offset + i), path));
  await run(bare.url, 0, 100);
  await run(ours.url, 0, 100);
  const coldBare = await run(bare.url, 1_000, SEARCHES);
  const cpuManyBefore = await ours.cpuMicros();
  const coldOurs = await run(ours.url, 1_000, SEARCHES);
  // Work a search leaves for later (buffered writes) is billed to it: wait a second before reading the CPU.
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  const cpuManyMs = (await ours.cpuMicros() - cpuManyBefore) / SEARCHES / 1_000;
  if (coldOurs.some((t) => t.cached)) console.log('  warning: some "cold" searches were cache hits');
  // One stream at a time: the pipeline's own delay, without queueing for the CPU.
  const soloBare = await closedLoop(100, 1, (i) => timeStream(bare.url, nthSearch(5_000 + i)));
  const cpuBefore = await ours.cpuMicros();
  const soloOurs = await closedLoop(100, 1, (i) => timeStream(ours.url, nthSearch(5_000 + i)));
  const cpuMs = (await ours.cpuMicros() - cpuBefore) / 100 / 1_000;
  // Cache hits: prime one search, then repeat it alone and with every stream at once.
  const hot = nthSearch(99_999);
  await timeStream(ours.url, hot);
  const hitsOne = await closedLoop(200, 1, () => timeStream(ours.url, hot));
  const hitsMany = await closedLoop(SEARCHES, STREAMS, () => timeStream(ours.url, hot));
  const instantOne = await closedLoop(200, 1, () => timeStream(bare.url, {}, '/api/search-instant'));
  const instantMany = await closedLoop(SEARCHES, STREAMS, () => timeStream(bare.url, {}, '/api/search-instant'));
  if (!hitsOne.every((t) => t.cached) || !hitsMany.every((t) => t.cached)) console.log('  warning: some repeated searches missed the cache');
  return {
    cpuMs,
    cpuManyMs,
    rows: [
      [`first result − fastest, ${STREAMS} streams`, first(coldBare), first(coldOurs), 5],
      [`complete − slowest, ${STREAMS} streams`, done(coldBare), done(coldOurs), 10],
      ['first result − fastest, 1 stream', first(soloBare), first(soloOurs), 5],
      ['complete − slowest, 1 stream', done(soloBare), done(soloOurs), 10],
      ['cache hit to complete, 1 stream', total(instantOne), total(hitsOne), 5],
      [`cache hit to complete, ${STREAMS} streams`, total(instantMany), total(hitsMany), 5],
    ],
  };
}

function print(title: string, rows: Row[], cpuMs: number, cpuManyMs: number): void {
  const lines = [[title, 'bare p50', 'ours p50', 'ours p99', 'target p50', 'verdict']];
  for (const [name, b, o, target] of rows) {
    const p50 = pct(o, 50);
    lines.push([name, pct(b, 50).toFixed(1), p50.toFixed(1), pct(o, 99).toFixed(1), `<= ${target}`, p50 <= target ? 'PASS' : 'MISS']);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  console.log('');
  for (const l of lines) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  console.log(`server CPU per cold search: ${cpuMs.toFixed(1)} ms one stream at a time, ${cpuManyMs.toFixed(1)} ms with ${STREAMS} streams (1 s after the last, for deferred writes)`);
}

console.log(`\nflight search (ms): ${SEARCHES} distinct searches, ${STREAMS} streams at once; upstream latencies fastest ${FASTEST_MS} ms, slowest ${SLOWEST_MS} ms`);
const upstreams = await startServerChild('./search/upstreams.ts');
process.env.UPSTREAMS_URL = upstreams.url;
const [bare, remote] = await Promise.all([startServerChild('./search/bare-server.ts'), startServerChild('./search/server.ts')]);
delete process.env.UPSTREAMS_URL;
try {
  const r = await measure(bare, remote);
  print('upstreams in their own process', r.rows, r.cpuMs, r.cpuManyMs);
} finally {
  await Promise.all([remote.stop(), upstreams.stop()]);
}
const embedded = await startServerChild('./search/server.ts');
try {
  const r = await measure(bare, embedded);
  print('simulators in the server process', r.rows, r.cpuMs, r.cpuManyMs);
} finally {
  await Promise.all([bare.stop(), embedded.stop()]);
}
console.log('\n"bare" is express writing ready-made events after the same latencies: the floor any server pays on this machine.');
