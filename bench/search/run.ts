// `npm run bench` (second part): the streaming flight search on the simulators at
// fixed latencies (40 / 150 / 400 ms), 50 concurrent streams, against a bare
// express SSE server that waits the same latencies, measured in the same run.
// Prints figures and verdicts; never fails. Knobs: BENCH_SEARCHES, BENCH_STREAMS.
import { startServerChild } from '../children.js';
import { closedLoop, nthSearch, timeStream, type StreamTiming } from './client.js';
import { FASTEST_MS, SLOWEST_MS } from './latencies.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 500);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};

const [bare, ours] = await Promise.all([startServerChild('./search/bare-server.ts'), startServerChild('./search/server.ts')]);
try {
  console.log(`\nflight search: ${SEARCHES} distinct searches, ${STREAMS} streams at once; simulator latencies fastest ${FASTEST_MS} ms, slowest ${SLOWEST_MS} ms`);
  const run = (url: string, offset: number, total: number, path?: string) => closedLoop(total, STREAMS, (n) => timeStream(url, nthSearch(offset + n), path));
  // Warm-up on both, then the measured runs on queries neither has seen.
  await run(bare.url, 0, 100);
  await run(ours.url, 0, 100);
  const coldBare = await run(bare.url, 1_000, SEARCHES);
  const coldOurs = await run(ours.url, 1_000, SEARCHES);
  // The same with one stream at a time: the pipeline's own delay, without queueing for the CPU.
  const soloBare = await closedLoop(100, 1, (n) => timeStream(bare.url, nthSearch(5_000 + n)));
  const cpuBefore = await ours.cpuMicros();
  const soloOurs = await closedLoop(100, 1, (n) => timeStream(ours.url, nthSearch(5_000 + n)));
  const cpuMsPerSearch = (await ours.cpuMicros() - cpuBefore) / 100 / 1_000;
  if (coldOurs.some((t) => t.cached)) console.log('  warning: some "cold" searches were cache hits');

  // Cache hits: prime one search, then repeat it alone and with every stream at once.
  const hot = nthSearch(99_999);
  await timeStream(ours.url, hot);
  const hitsOne = await closedLoop(200, 1, () => timeStream(ours.url, hot));
  const hitsMany = await closedLoop(SEARCHES, STREAMS, () => timeStream(ours.url, hot));
  const instantOne = await closedLoop(200, 1, () => timeStream(bare.url, {}, '/api/search-instant'));
  const instantMany = await closedLoop(SEARCHES, STREAMS, () => timeStream(bare.url, {}, '/api/search-instant'));
  if (!hitsOne.every((t) => t.cached) || !hitsMany.every((t) => t.cached)) console.log('  warning: some repeated searches missed the cache');

  const first = (ts: StreamTiming[]) => ts.map((t) => (t.firstResultMs ?? NaN) - FASTEST_MS);
  const done = (ts: StreamTiming[]) => ts.map((t) => (t.completeMs ?? NaN) - SLOWEST_MS);
  const total = (ts: StreamTiming[]) => ts.map((t) => t.completeMs ?? NaN);
  const rows: [string, number[], number[], number][] = [
    [`first result − fastest, p50, ${STREAMS} streams`, first(coldBare), first(coldOurs), 5],
    [`complete − slowest, p50, ${STREAMS} streams`, done(coldBare), done(coldOurs), 10],
    ['first result − fastest, p50, 1 stream', first(soloBare), first(soloOurs), 5],
    ['complete − slowest, p50, 1 stream', done(soloBare), done(soloOurs), 10],
    ['cache hit to complete, p50, 1 stream', total(instantOne), total(hitsOne), 5],
    [`cache hit to complete, p50, ${STREAMS} streams`, total(instantMany), total(hitsMany), 5],
  ];
  const lines = [['metric', 'bare ms', 'ours ms', 'p99 ours', 'target', 'verdict']];
  for (const [name, b, o, target] of rows) {
    const p50 = pct(o, 50);
    lines.push([name, pct(b, 50).toFixed(1), p50.toFixed(1), pct(o, 99).toFixed(1), `<= ${target}`, p50 <= target ? 'PASS' : 'MISS']);
  }
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  console.log('');
  for (const l of lines) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  console.log(`\nserver CPU per cold search (simulators included, they run in the same process): ${cpuMsPerSearch.toFixed(1)} ms`);
  console.log('"bare" is express writing ready-made events after the same latencies: the floor any server pays on this machine.');
} finally {
  await Promise.all([bare.stop(), ours.stop()]);
}
