// `npm run bench` (second part): the streaming flight search at fixed upstream
// latencies (40 / 150 / 400 ms) with 50 concurrent streams, against a bare express
// SSE server that waits the same latencies. Three variants, each its own process:
// bare; ours with the upstreams in their own process (the real HTTP adapters, as
// in production); ours with the built-in simulators in its process (their CPU is
// billed to the server). The load generator is a fourth process.
//
// Honest by construction: every variant gets the same load (the same searches, in
// the same phases); rounds are interleaved (the variant order rotates) and the
// figures are medians over rounds; a round in which any provider failed, timed
// out or had its breaker open (or a stream failed) is reported as invalid and
// left out. Server CPU per cold search is read over the 50-stream phase (1 s after
// the last stream, so deferred writes are billed to it) and one stream at a time.
// Before each round the upstream fakes are primed with its searches (prime.ts): the
// server under test gets recorded answers, so the fakes' CPU no longer competes
// with it for this machine's two cores. After the rounds the fakes parse the last
// round's answers as the server's transport does: JSON.parse alone of what a cold
// search reads, the floor under any server in JavaScript. Prints figures and
// verdicts; never fails.
// The rounds bill each server its re-warming: between its rounds it waits while the
// others run. So the remote server then also runs WARM_BATCHES batches of cold
// searches back to back, and their median (the first left out) is printed as the
// steady state a busy server lives in.
// Knobs: BENCH_ROUNDS, BENCH_SEARCHES, BENCH_STREAMS, BENCH_PRIME=0 (fakes compute every answer).
import { startServerChild, type ServerChild } from '../children.js';
import { DISTINCT_SEARCHES, type StreamTiming } from './client.js';
import { FASTEST_MS, SLOWEST_MS } from './latencies.js';
import { startStreamLoad, type StreamLoad } from './load-generator.js';
import { startPrimer, type Primer } from './prime.js';
import { startUpstreamFakes, type FakeCounts } from './upstream-fakes.js';
import { MEASURED_FROM, WARM_UP_SEARCHES, warmUp } from './warm-up.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const SOLO = 40;
const HITS_SOLO = 100;
const IDLE_MS = 5_000;
const WARM_BATCHES = 4;

interface Variant { name: string; server: ServerChild; bare: boolean }
const ROWS = [
  { name: `first result − fastest, ${STREAMS} streams`, target: 5, target99: 25 },
  { name: `complete − slowest, ${STREAMS} streams`, target: 10, target99: 50 },
  { name: 'first result − fastest, 1 stream', target: 5 },
  { name: 'complete − slowest, 1 stream', target: 10 },
  { name: 'cache hit to complete, 1 stream', target: 5 },
  { name: `cache hit to complete, ${STREAMS} streams`, target: 5 },
] as const;

interface Round { valid: boolean; failures: string[]; p50: number[]; p99: number[]; cpuManyMs: number; cpuSoloMs: number }

const pct = (xs: number[], p: number) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const median = (xs: number[]) => pct(xs, 50);
const first = (ts: StreamTiming[]) => ts.map((t) => (t.firstResultMs ?? NaN) - FASTEST_MS);
const done = (ts: StreamTiming[]) => ts.map((t) => (t.completeMs ?? NaN) - SLOWEST_MS);
const total = (ts: StreamTiming[]) => ts.map((t) => t.completeMs ?? NaN);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One round of one variant: cold at 50 streams, cold one at a time, then cache hits; searches from `base` on. */
async function round(load: StreamLoad, v: Variant, base: number): Promise<Round> {
  const url = v.server.url;
  const cpu0 = await v.server.cpuMicros();
  const coldMany = await load.run({ url, offset: base, total: SEARCHES, concurrency: STREAMS });
  await sleep(1_000);
  const cpuManyMs = (await v.server.cpuMicros() - cpu0) / SEARCHES / 1_000;
  const cpu1 = await v.server.cpuMicros();
  const coldSolo = await load.run({ url, offset: base + SEARCHES, total: SOLO, concurrency: 1 });
  await sleep(1_000);
  const cpuSoloMs = (await v.server.cpuMicros() - cpu1) / SOLO / 1_000;
  const hot = base + SEARCHES + SOLO;
  const path = v.bare ? '/api/search-instant' : undefined;
  await load.run({ url, offset: hot, total: 1, concurrency: 1, ...(path ? { path } : {}) });
  const hitsSolo = await load.run({ url, offset: hot, total: HITS_SOLO, concurrency: 1, repeat: true, ...(path ? { path } : {}) });
  const hitsMany = await load.run({ url, offset: hot, total: SEARCHES, concurrency: STREAMS, repeat: true, ...(path ? { path } : {}) });
  const failures = [...coldMany, ...coldSolo, ...hitsSolo, ...hitsMany].flatMap((t) => t.failures);
  if (!v.bare && coldMany.some((t) => t.cached)) failures.push('cold search answered from the cache');
  if (!v.bare && ![...hitsSolo, ...hitsMany].every((t) => t.cached)) failures.push('repeated search missed the cache');
  const series = [first(coldMany), done(coldMany), first(coldSolo), done(coldSolo), total(hitsSolo), total(hitsMany)];
  return { valid: failures.length === 0, failures, p50: series.map((s) => pct(s, 50)), p99: series.map((s) => pct(s, 99)), cpuManyMs, cpuSoloMs };
}

function countOf(failures: string[]): string {
  const counts = new Map<string, number>();
  for (const f of failures) counts.set(f, (counts.get(f) ?? 0) + 1);
  return [...counts].map(([f, n]) => `${f} ×${n}`).join(', ');
}

/** CPU a server uses while nothing is asked of it, in ms per second: timers, pollers, the collector settling. */
async function idleCpu(server: ServerChild): Promise<number> {
  const cpu0 = await server.cpuMicros();
  await sleep(IDLE_MS);
  return (await server.cpuMicros() - cpu0) / IDLE_MS;
}

/** CPU per cold search of the remote server in batches with no pause between them (each primed first, as a round is). */
async function warmCpu(load: StreamLoad, server: ServerChild, base: number, primer: Primer | undefined): Promise<{ batchesMs: number[]; medianMs: number; failed: number }> {
  await primer?.prime([{ offset: base, total: WARM_BATCHES * SEARCHES, concurrency: STREAMS }]);
  const batchesMs: number[] = [];
  let failed = 0;
  for (let b = 0; b < WARM_BATCHES; b++) {
    const cpu0 = await server.cpuMicros();
    const timings = await load.run({ url: server.url, offset: base + b * SEARCHES, total: SEARCHES, concurrency: STREAMS });
    // Each batch's deferred writes land in the next one's figure; the last waits for its own, as a round does.
    if (b === WARM_BATCHES - 1) await sleep(1_000);
    batchesMs.push((await server.cpuMicros() - cpu0) / SEARCHES / 1_000);
    failed += timings.filter((t) => t.failures.length > 0 || t.cached).length;
  }
  return { batchesMs, medianMs: median(batchesMs.slice(1)), failed };
}

function print(title: string, bare: Round[], ours: Round[]): void {
  const valid = ours.filter((r) => r.valid);
  const bareValid = bare.filter((r) => r.valid);
  console.log(`\n${title}: ${valid.length} of ${ours.length} rounds valid`);
  ours.forEach((r, i) => { if (!r.valid) console.log(`  round ${i + 1} invalid, left out: ${countOf(r.failures)}`); });
  if (valid.length === 0) return console.log('  no valid round: no figures');
  const lines = [['median of rounds (ms)', 'bare p50', 'ours p50', 'ours p99', 'target p50', 'verdict']];
  ROWS.forEach((row, i) => {
    const p50 = median(valid.map((r) => r.p50[i]!));
    const p99 = median(valid.map((r) => r.p99[i]!));
    const pass = p50 <= row.target && ('target99' in row ? p99 <= row.target99 : true);
    lines.push([row.name, median(bareValid.map((r) => r.p50[i]!)).toFixed(1), p50.toFixed(1), p99.toFixed(1), `<= ${row.target}${'target99' in row ? ` (p99 ${row.target99})` : ''}`, pass ? 'PASS' : 'MISS']);
  });
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  for (const l of lines) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  const many = median(valid.map((r) => r.cpuManyMs));
  // The verdict takes the median; the least disturbed round is the steadier figure to compare runs by (ab.ts).
  const least = Math.min(...valid.map((r) => r.cpuManyMs));
  console.log(`server CPU per cold search: ${many.toFixed(1)} ms with ${STREAMS} streams (target <= 5: ${many <= 5 ? 'PASS' : 'MISS'}; least disturbed round ${least.toFixed(1)} ms), ${median(valid.map((r) => r.cpuSoloMs)).toFixed(1)} ms one stream at a time`);
}

console.log(`\nflight search: ${WARM_UP_SEARCHES} warm-up searches per server, then ${ROUNDS} interleaved rounds, each ${SEARCHES} distinct cold searches at ${STREAMS} streams, ${SOLO} one at a time, ${HITS_SOLO} + ${SEARCHES} cache hits; upstream latencies fastest ${FASTEST_MS} ms, slowest ${SLOWEST_MS} ms`);
const upstreams = await startUpstreamFakes();
const remote = await startServerChild('./search/server.ts', undefined, undefined, { UPSTREAM_URLS: upstreams.urls });
const [bare, embedded, load] = await Promise.all([startServerChild('./search/bare-server.ts'), startServerChild('./search/server.ts'), startStreamLoad()]);
const variants: Variant[] = [
  { name: 'bare', server: bare, bare: true },
  { name: 'upstreams in their own process', server: remote, bare: false },
  { name: 'simulators in the server process', server: embedded, bare: false },
];
const rounds = new Map<string, Round[]>(variants.map((v) => [v.name, []]));
/** What the fakes did during the rounds of the variant that calls them. */
const fakes: Omit<FakeCounts, 'bytes'> = { replayed: 0, computed: 0, cpuMicros: 0 };
let primer: Primer | undefined;
try {
  if (process.env.BENCH_PRIME !== '0') primer = await startPrimer(upstreams, load);
  // Warm-up, not measured (warm-up.ts): JIT, connection pools, breakers' first state.
  // Rounds from MEASURED_FROM on, all within one cycle of nthSearch, so no round meets another's searches.
  const warmBase = MEASURED_FROM + ROUNDS * (SEARCHES + SOLO + 1);
  if (warmBase + WARM_BATCHES * SEARCHES > DISTINCT_SEARCHES) throw new Error(`BENCH_ROUNDS × (BENCH_SEARCHES + ${SOLO + 1}) + ${WARM_BATCHES} × BENCH_SEARCHES must stay under ${DISTINCT_SEARCHES - MEASURED_FROM}`);
  for (const v of variants) await warmUp(load, v.server.url, STREAMS);
  // Idle CPU is billed to every search run one at a time (~0.4 s each), so it is shown beside that figure.
  const idle = new Map<string, number>();
  for (const v of variants) idle.set(v.name, await idleCpu(v.server));
  for (let r = 0; r < ROUNDS; r++) {
    const base = MEASURED_FROM + r * (SEARCHES + SOLO + 1); // the same searches for every variant in this round
    await primer?.prime([{ offset: base, total: SEARCHES + SOLO + 1, concurrency: STREAMS }]);
    for (let k = 0; k < variants.length; k++) {
      const v = variants[(r + k) % variants.length]!;
      const before = v.server === remote ? await upstreams.counts() : undefined;
      rounds.get(v.name)!.push(await round(load, v, base));
      if (before) {
        const after = await upstreams.counts();
        fakes.replayed += after.replayed - before.replayed;
        fakes.computed += after.computed - before.computed;
        fakes.cpuMicros += after.cpuMicros - before.cpuMicros;
      }
    }
  }
  // The fakes still hold the last round's answers: what parsing them alone costs is the floor under any server in JavaScript.
  const parse = primer ? await upstreams.parseCost() : undefined;
  const warm = await warmCpu(load, remote, warmBase, primer);
  const primed = SEARCHES + SOLO + 1;
  const bareRounds = rounds.get('bare')!;
  for (const v of variants.slice(1)) {
    print(v.name, bareRounds, rounds.get(v.name)!);
    console.log(`server CPU while idle: ${idle.get(v.name)!.toFixed(1)} ms per second (bare ${idle.get('bare')!.toFixed(1)})`);
    if (v.server === remote) {
      const cold = ROUNDS * (SEARCHES + SOLO + 1);
      console.log(`upstream fakes: ${(fakes.cpuMicros / cold / 1_000).toFixed(1)} ms of their CPU per cold search; ${fakes.replayed} answers recorded beforehand, ${fakes.computed} computed`);
      if (parse) console.log(`JSON.parse alone of the providers' answers: ${(parse.micros / primed / 1_000).toFixed(2)} ms per cold search (${(parse.bytes / primed / 1_024).toFixed(0)} KB), the last round's, parsed in the fakes`);
      console.log(`server CPU per cold search, warm: ${warm.medianMs.toFixed(1)} ms with ${STREAMS} streams (${WARM_BATCHES} batches of ${SEARCHES} back to back after the rounds: ${warm.batchesMs.map((ms) => ms.toFixed(1)).join(', ')}; median without the first; ${warm.failed} with a failed provider)`);
    }
  }
} finally {
  load.stop();
  await Promise.all([bare.stop(), remote.stop(), embedded.stop(), upstreams.stop(), primer?.stop()]);
}
console.log('\n"bare" is express writing ready-made events after the same latencies: the floor any server pays on this machine.');
