// `npm run bench`: bare express vs our REST adapter vs MCP tools/call, for the same
// suggest_places call, measured in one run. Each server and the load generator run
// in separate processes; rounds are interleaved (A, B, C, A, B, C, ...) and each
// target's median is reported, which keeps noise down on a small machine. The server's
// CPU time per request is shown too: it moves less than req/s when neighbours are busy.
// Benchmarks print, they do not assert: a missed target prints MISS and exits 0.
// Knobs: BENCH_ROUNDS, BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_CONNECTIONS, and
// BENCH_PROFILE=<dir> to write a --cpu-prof profile of each server on exit.
import { cpus } from 'node:os';
import type { Request } from 'autocannon';
import { startLoadGenerator, startServerChild, type ServerChild } from './children.js';
import { checkSameAnswers } from './sanity.js';
import { printTable, type Measured, type Row } from './table.js';
import { mcpRequests, restRequests } from './targets.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = num('BENCH_ROUNDS', 5);
const DURATION_S = num('BENCH_DURATION_S', 3);
const WARMUP_S = num('BENCH_WARMUP_S', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);
const PROFILE_DIR = process.env.BENCH_PROFILE;

interface Target {
  name: string;
  server: ServerChild;
  requests: Request[];
  results: Measured[];
}

// One process per target, even for REST and MCP, so each is measured on its own heap and JIT state.
const started = await Promise.allSettled(['./bare-server.ts', './real-server.ts', './real-server.ts'].map((f) => startServerChild(f, PROFILE_DIR)));
const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
if (failed) {
  // Stop whatever did start, or its IPC channel keeps this process alive.
  await Promise.all(servers.map((s) => s.stop()));
  throw failed.reason;
}
const [bare, rest, mcp] = servers as [ServerChild, ServerChild, ServerChild];
const load = startLoadGenerator();
const targets: Target[] = [
  { name: 'bare express', server: bare, requests: restRequests(), results: [] },
  { name: 'REST adapter', server: rest, requests: restRequests(), results: [] },
  { name: 'MCP tools/call', server: mcp, requests: mcpRequests(), results: [] },
];

try {
  console.log(`suggest_places x ${ROUNDS} rounds of ${DURATION_S}s after a ${WARMUP_S}s warm-up, ${CONNECTIONS} connections; Node ${process.version}, ${cpus().length} CPUs`);
  // The comparison is only fair if every target does the same work and gets the same answer.
  await checkSameAnswers(bare.url, rest.url, mcp.url);
  const job = (t: Target, durationS: number) => load.run({ url: t.server.url, requests: t.requests, durationS, connections: CONNECTIONS });
  for (const t of targets) await job(t, WARMUP_S);
  for (let round = 1; round <= ROUNDS; round++) {
    for (const t of targets) {
      const cpuBefore = await t.server.cpuMicros();
      const r = await job(t, DURATION_S);
      const cpuUs = (await t.server.cpuMicros() - cpuBefore) / r.total;
      t.results.push({ ...r, cpuUs });
      console.log(`  round ${round} ${t.name.padEnd(14)} ${Math.round(r.rps)} req/s, ${cpuUs.toFixed(0)} µs CPU/req${r.bad ? `  (${r.bad} errors/non-2xx!)` : ''}`);
    }
  }
  printTable(targets.map((t): Row => ({ name: t.name, results: t.results })));
} finally {
  await Promise.all([load.stop(), bare.stop(), rest.stop(), mcp.stop()]);
}
