// The points bench, started by run.ts with `npm start`'s node flags: the points
// router's computation (everything after the award provider call) over the full
// committed transfer graph. The graph is built once, as the server does per day;
// then N router queries on a fixed day of JFK–LHR business award space and a
// seven-currency wallet are timed one by one, interleaved with a baseline (the
// same awards valued naively, no graph search) so both see the same machine
// noise. Prints p50/p99/max and the ratio, and PASS/MISS against "p99 < 2 ms";
// never fails.
// Knobs: BENCH_POINTS_N (default 20000).
import { cpus } from 'node:os';
import { TRANSFER_BONUSES } from '../../tools/points/data/bonuses.js';
import { PROGRAMS } from '../../tools/points/data/programs.js';
import { buildTransferGraph } from '../../tools/points/graph/transfer-graph.js';
import { TRANSFERS } from '../../tools/points/data/transfers.js';
import { rankRedemptions, type RankOptions } from '../../tools/points-router/rank-redemptions.js';
import { routerCatalog, warmGraph } from '../../tools/points-router/router-graph.js';
import { routeFacts } from '../../tools/points-router/route-facts.js';
import { awardFixtures } from './award-fixtures.js';
import { naiveValues } from './baseline.js';

const N = Number(process.env.BENCH_POINTS_N ?? 20_000);
const WARMUP = Math.min(2_000, Math.ceil(N / 10));
const P99_TARGET_MS = 2;

const now = new Date();
const day = (offset: number) => new Date(now.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
const awards = awardFixtures(day(40), new Date(now.getTime() - 3_600_000).toISOString());
const balances = { amex_mr: 150_000, chase_ur: 90_000, citi_typ: 60_000, capital_one: 40_000, bilt: 30_000, marriott_bonvoy: 200_000, flying_blue: 12_000 };
const CASH_USD = 5_200;

const buildStart = performance.now();
const graph = warmGraph(buildTransferGraph(PROGRAMS.items, TRANSFERS.items, TRANSFER_BONUSES.items, now));
const buildMs = performance.now() - buildStart;
const opts: RankOptions = { catalog: routerCatalog(), route: routeFacts('JFK', 'LHR', 'business'), passengers: 1, k: 5, currency: 'USD', now, providerAnswered: true };

const router = () => rankRedemptions(graph, awards, balances, CASH_USD, opts);
const baseline = () => naiveValues(awards, CASH_USD);

function time(fn: () => unknown): number {
  const t = performance.now();
  fn();
  return performance.now() - t;
}

// The graph is warmed at build as the server does; the first query shows what is left cold.
const coldMs = time(router);
const sample = router();
for (let i = 0; i < WARMUP; i++) {
  router();
  baseline();
}
const routerMs = new Float64Array(N);
const baselineMs = new Float64Array(N);
for (let i = 0; i < N; i++) {
  routerMs[i] = time(router);
  baselineMs[i] = time(baseline);
}

const pct = (xs: Float64Array, p: number) => {
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
};
const stats = (xs: Float64Array) => ({ p50: pct(xs, 50), p99: pct(xs, 99), max: pct(xs, 100) });
const r = stats(routerMs);
const b = stats(baselineMs);
const ms = (x: number) => x.toFixed(3);

console.log(`points router x ${N} (after ${WARMUP} warm-up) on Node ${process.version} ${process.execArgv.join(' ')}, ${cpus().length} CPUs`);
console.log(`graph: ${PROGRAMS.items.length} programmes, ${TRANSFERS.items.length} transfer edges, built and warmed in ${buildMs.toFixed(1)} ms; first query ${ms(coldMs)} ms`);
console.log(`query: ${awards.length} awards, ${Object.keys(balances).length} balances, k=${opts.k} → ${sample.paths.length} paths, ${sample.short_by.length} short`);
const rows = [
  ['computation', 'p50 ms', 'p99 ms', 'max ms'],
  ['rankRedemptions', ms(r.p50), ms(r.p99), ms(r.max)],
  ['baseline (no graph)', ms(b.p50), ms(b.p99), ms(b.max)],
  ['ratio', `${(r.p50 / b.p50).toFixed(1)}x`, `${(r.p99 / b.p99).toFixed(1)}x`, ''],
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
for (const row of rows) console.log(row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '));
console.log(`${r.p99 < P99_TARGET_MS ? 'PASS' : 'MISS'}  router p99 ${ms(r.p99)} ms (target < ${P99_TARGET_MS} ms)`);
console.log(`top path: ${sample.recommendation}`);
