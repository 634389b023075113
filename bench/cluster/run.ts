// The cluster row of `npm run bench` (issue 21): requests per second through the
// round-robin proxy (test/cluster/cluster-kit.ts) with one web process behind it,
// then two, in the same run, rounds interleaved (1, 2, 1, 2, …) so the machine's
// load changes both alike. The route is the REST place suggestion (the bench's
// REST row), called with the internal key so no per-address limit intervenes;
// each web process is `npm start`'s entry on the embedded default (its own
// in-memory database: the route reads none). The proxy and the load run in this
// process, so on a machine with few cores they share them with the servers: the
// figure is what this host gives, not the servers' ceiling.
import autocannon, { type Result } from 'autocannon';
import { freePort } from '../../test/faults/own-services.js';
import { roundRobinProxy, webProcess, type WebProcess } from '../../test/cluster/cluster-kit.js';
import { BENCH_INTERNAL_KEY, QUERIES, restPath } from '../targets.js';

const num = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const ROUNDS = num('BENCH_ROUNDS', 3);
const DURATION_S = num('BENCH_DURATION_S', 3);
const CONNECTIONS = num('BENCH_CONNECTIONS', 10);

const env = { INTERNAL_API_KEY: BENCH_INTERNAL_KEY, LOG_LEVEL: 'warn', NODE_ENV: 'production', ALERT_EVAL_INTERVAL_MS: '0', WEBHOOK_DELIVERY_INTERVAL_MS: '0', RETENTION_INTERVAL_MS: '0' };
const webs: WebProcess[] = [webProcess(await freePort(), env), webProcess(await freePort(), env)];
await Promise.all(webs.map((w) => w.start()));
const one = await roundRobinProxy([webs[0]!.url], { keepAlive: true });
const two = await roundRobinProxy(webs.map((w) => w.url), { keepAlive: true });

const requests = QUERIES.map((q) => ({ method: 'GET' as const, path: restPath(q), headers: { 'x-internal-key': BENCH_INTERNAL_KEY } }));
async function measure(url: string, durationS: number): Promise<{ rps: number; errors: number }> {
  const r = await new Promise<Result>((resolve, reject) => {
    autocannon({ url, connections: CONNECTIONS, duration: durationS, requests }, (err, result) => (err ? reject(err) : resolve(result)));
  });
  return { rps: r.requests.total / r.duration, errors: r.errors + r.timeouts + r.non2xx };
}

try {
  // Warm-up: each server's JIT and the proxies' connections.
  await measure(two.url, 2);
  const rows: Record<'1 process' | '2 processes', number[]> = { '1 process': [], '2 processes': [] };
  let errors = 0;
  for (let i = 0; i < ROUNDS; i++) {
    const a = await measure(one.url, DURATION_S);
    const b = await measure(two.url, DURATION_S);
    rows['1 process'].push(a.rps);
    rows['2 processes'].push(b.rps);
    errors += a.errors + b.errors;
  }
  const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
  const m1 = median(rows['1 process']);
  const m2 = median(rows['2 processes']);
  console.log('\nCluster (REST place suggestion through a round-robin proxy, median of rounds)');
  console.log(`| processes | req/s | ratio |\n|---|---|---|\n| 1 | ${m1.toFixed(0)} | 1.00x |\n| 2 | ${m2.toFixed(0)} | ${(m2 / m1).toFixed(2)}x |`);
  console.log(`rounds: 1 process ${rows['1 process'].map((x) => x.toFixed(0)).join(', ')}; 2 processes ${rows['2 processes'].map((x) => x.toFixed(0)).join(', ')}; errors or non-2xx: ${errors}`);
  if (errors > 0) process.exitCode = 1;
} finally {
  await Promise.all([one.close(), two.close()]);
  await Promise.all(webs.map((w) => w.stop()));
}
