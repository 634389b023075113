// `npm run bench`: bare express vs our REST adapter (anonymous, and metered API-key
// callers) vs MCP tools/call, for the same suggest_places call, measured in one run.
// Each server and the load generator run in separate processes; rounds are interleaved
// (A, B, C, A, B, C, ...) and each target's median is reported, which keeps noise down
// on a small machine. The server's CPU time per request is shown too: it moves less
// than req/s when neighbours are busy.
// Benchmarks print, they do not assert: a missed target prints MISS and exits 0.
// Knobs: BENCH_ROUNDS, BENCH_DURATION_S, BENCH_WARMUP_S, BENCH_CONNECTIONS,
// BENCH_TARGETS=bare,rest,rest-key,mcp,mcp-2026 (which rows; mcp is a 2025-era stateless POST, mcp-2026 the
// same call on protocol 2026-07-28; bare always runs, it is the yardstick;
// `BENCH_TARGETS=rest,rest-key tsx bench/run.ts` measures the REST side alone), and
// BENCH_PROFILE=<dir> to write a --cpu-prof profile of each server on exit, and
// BENCH_BASELINE=<another checkout> (compiled: `npm run bench:build` there first) to add its REST and MCP rows ("… (baseline)") to the same
// interleaved rounds: before/after figures from one run on a busy machine.
import { cpus } from 'node:os';
import path from 'node:path';
import type { Request } from 'autocannon';
import { startLoadGenerator, startServerChild, type ServerChild } from './children.js';
import { treeModule } from './child-script.js';
import { checkModernAnswers, checkSameAnswers } from './sanity.js';
import { printTable, type Measured, type Row } from './table.js';
import { ADDRESSES_PER_CONNECTION, BENCH_INTERNAL_KEY, QUERIES, mcpModernRequests, mcpRequests, restPath, restRequests } from './targets.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = num('BENCH_ROUNDS', 5);
const DURATION_S = num('BENCH_DURATION_S', 3);
const WARMUP_S = num('BENCH_WARMUP_S', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);
const PROFILE_DIR = process.env.BENCH_PROFILE;
const WANTED = new Set(['bare', ...(process.env.BENCH_TARGETS ?? 'rest,rest-key,mcp,mcp-2026').split(',').map((s) => s.trim())]);
/**
 * Business plan keys allow 3,000 requests a minute each; 50 keep every answer a 200 at
 * the rates this machine reaches (a target runs about 20 s of any minute). Usage is
 * written every 2 s per active key, so more keys would measure metering's flush, not the path.
 */
const API_KEYS = 50;

type Kind = 'bare' | 'rest' | 'rest-key' | 'mcp' | 'mcp-2026' | 'rest-base' | 'rest-key-base' | 'mcp-base' | 'mcp-2026-base';
interface Target {
  kind: Kind;
  name: string;
  server: ServerChild;
  requests: Request[];
  results: Measured[];
}

const BASELINE = process.env.BENCH_BASELINE;
const NAMES: Record<Kind, string> = {
  bare: 'bare express', rest: 'REST adapter', 'rest-key': 'REST API key', mcp: 'MCP tools/call', 'mcp-2026': 'MCP 2026 call',
  'rest-base': 'REST (baseline)', 'rest-key-base': 'API key (baseline)', 'mcp-base': 'MCP (baseline)', 'mcp-2026-base': 'MCP 2026 (base)',
};
const baselineServer = BASELINE ? path.resolve(treeModule(BASELINE, 'bench/real-server.ts')) : '';
const FILES: Record<Kind, string> = {
  bare: './bare-server.ts', rest: './real-server.ts', 'rest-key': './real-server.ts', mcp: './real-server.ts', 'mcp-2026': './real-server.ts',
  'rest-base': baselineServer, 'rest-key-base': baselineServer, 'mcp-base': baselineServer, 'mcp-2026-base': baselineServer,
};
if (BASELINE) for (const k of ['rest', 'rest-key', 'mcp', 'mcp-2026']) if (WANTED.has(k)) WANTED.add(`${k}-base`);
const kinds = (['bare', 'rest-base', 'rest', 'rest-key-base', 'rest-key', 'mcp-base', 'mcp', 'mcp-2026-base', 'mcp-2026'] as const).filter((k) => WANTED.has(k));
const isKeyed = (k: Kind) => k === 'rest-key' || k === 'rest-key-base';

/** Metered callers: business-plan keys minted through the API by the service back end (the internal key). */
async function mintKeys(url: string, n: number): Promise<string[]> {
  const keys: string[] = [];
  for (let i = 0; i < n; i++) {
    const res = await fetch(`${url}/api/keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-internal-key': BENCH_INTERNAL_KEY },
      body: JSON.stringify({ user_id: `bench-user-${i}`, tier: 'business', name: 'bench' }),
    });
    if (!res.ok) throw new Error(`minting a bench key: HTTP ${res.status} ${await res.text()}`);
    keys.push(((await res.json()) as { secret: string }).secret);
  }
  return keys;
}

/** Every key asks every query, so each key's counters see the same share of the load. */
const keyedRequests = (keys: string[]): Request[] =>
  keys.flatMap((key) => QUERIES.map((q) => ({ method: 'GET', path: restPath(q), headers: { authorization: `Bearer ${key}` } })));

/** The metered row must answer what the others answer, and carry the plan's RateLimit header. */
async function checkKeyedAnswers(bareUrl: string, keyedUrl: string, key: string): Promise<void> {
  for (const q of QUERIES) {
    const want = JSON.stringify(await (await fetch(bareUrl + restPath(q))).json());
    const res = await fetch(keyedUrl + restPath(q), { headers: { authorization: `Bearer ${key}` } });
    if (!res.ok || !res.headers.get('ratelimit')) throw new Error(`REST API-key answer for "${q}": HTTP ${res.status}, RateLimit ${res.headers.get('ratelimit')}`);
    if (JSON.stringify(await res.json()) !== want) throw new Error(`REST API-key answer for "${q}" differs from the baseline`);
  }
}

// One process per target, even for the REST and MCP rows, so each is measured on its own heap and JIT state.
const started = await Promise.allSettled(kinds.map((k) => startServerChild(FILES[k], PROFILE_DIR)));
const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
const failed = started.find((s): s is PromiseRejectedResult => s.status === 'rejected');
if (failed) {
  // Stop whatever did start, or its IPC channel keeps this process alive.
  await Promise.all(servers.map((s) => s.stop()));
  throw failed.reason;
}
const load = startLoadGenerator();
const targets: Target[] = kinds.map((kind, i) => ({ kind, name: NAMES[kind], server: servers[i]!, requests: kind === 'mcp' || kind === 'mcp-base' ? mcpRequests() : kind === 'mcp-2026' || kind === 'mcp-2026-base' ? mcpModernRequests() : restRequests(), results: [] }));
if (BASELINE) console.log(`baseline rows from ${BASELINE}`);
const byKind = (k: Kind) => targets.find((t) => t.kind === k);

try {
  console.log(`suggest_places x ${ROUNDS} rounds of ${DURATION_S}s after a ${WARMUP_S}s warm-up, ${CONNECTIONS} connections; Node ${process.version}, ${cpus().length} CPUs`);
  // The comparison is only fair if every target does the same work and gets the same answer.
  const bare = byKind('bare')!;
  const [rest, mcp] = [byKind('rest'), byKind('mcp')];
  if (rest && mcp) await checkSameAnswers(bare.server.url, rest.server.url, mcp.server.url);
  const modern = byKind('mcp-2026');
  if (modern) await checkModernAnswers(bare.server.url, modern.server.url);
  for (const t of targets.filter((x) => isKeyed(x.kind))) {
    const keys = await mintKeys(t.server.url, API_KEYS);
    t.requests = keyedRequests(keys);
    await checkKeyedAnswers(bare.server.url, t.server.url, keys[0]!);
  }
  // Anonymous rows: every connection from addresses of its own, so per-address metering never refuses (targets.ts).
  const anonymous = (t: Target) => t.kind === 'rest' || t.kind === 'rest-base' || t.kind === 'bare';
  const job = (t: Target, durationS: number) =>
    load.run({ url: t.server.url, requests: t.requests, durationS, connections: CONNECTIONS, ...(anonymous(t) ? { addressesPerConnection: ADDRESSES_PER_CONNECTION } : {}) });
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
  printTable(targets.map((t): Row => ({ name: t.name, kind: t.kind, results: t.results })));
} finally {
  await Promise.all([load.stop(), ...servers.map((s) => s.stop())]);
}
