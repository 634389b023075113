// A search bench server built from the tree at AB_TREE (default: this one), so
// two versions of the code run side by side under the same load (bench/search/ab.ts).
// Answers 'cpu' with process CPU, RSS and the event loop's busy time.
// AB_DATABASE_URL / AB_REDIS_URL run it on PostgreSQL and Redis instead of the
// embedded defaults; AB_PROCESSES > 1 then runs that many server processes on one
// port (node's cluster module), and the figures are their sums: what a second
// core working on searches would give.
import cluster from 'node:cluster';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT, treeModule } from '../child-script.js';
import { BENCH_INTERNAL_KEY } from '../targets.js';
import { fakeProviderEnv } from './fake-provider-env.js';
import { SIM_LATENCY } from './latencies.js';

interface Stats { cpu: NodeJS.CpuUsage; rss: number; loopActiveMs: number }
const ownStats = (): Stats => ({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss, loopActiveMs: performance.eventLoopUtilization().active });

const processes = Number(process.env.AB_PROCESSES ?? 1);
if (processes > 1 && cluster.isPrimary) {
  const workers = Array.from({ length: processes }, () => cluster.fork());
  const urls = await Promise.all(workers.map((w) => new Promise<string>((resolve) => w.once('message', (m: { url: string }) => resolve(m.url)))));
  process.send?.({ url: urls[0] });
  process.on('message', () => {
    void Promise.all(workers.map((w) => new Promise<Stats>((resolve) => { w.once('message', resolve); w.send('stats'); }))).then((all) => {
      const sum = all.reduce((a, b) => ({ cpu: { user: a.cpu.user + b.cpu.user, system: a.cpu.system + b.cpu.system }, rss: a.rss + b.rss, loopActiveMs: a.loopActiveMs + b.loopActiveMs }), ownStats());
      process.send?.(sum);
    });
  });
  process.once('SIGTERM', () => {
    for (const w of workers) w.process.kill('SIGTERM');
    void Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r)))).finally(() => process.exit(0));
  });
} else await serve();

async function serve(): Promise<void> {
  const tree = process.env.AB_TREE ?? ROOT;
  // Compiled (`npm run bench:build`), each tree's own build: run `npm run build` in it first.
  const load = (path: string) => import(pathToFileURL(treeModule(tree, path)).href) as Promise<Record<string, unknown>>;
  const { loadConfig } = (await load('adapters/config/env.ts')) as { loadConfig: (env: NodeJS.ProcessEnv) => unknown };
  const { startServer } = (await load('adapters/http/server.ts')) as { startServer: (c: unknown) => Promise<{ url: string; close(): Promise<void> }> };

  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: 'memory://',
    DATABASE_URL: process.env.AB_DATABASE_URL, REDIS_URL: process.env.AB_REDIS_URL,
    ...fakeProviderEnv(process.env.UPSTREAM_URLS ?? ''),
    SIM_LATENCY_MS: SIM_LATENCY, SIM_FAIL_RATE: '0', INTERNAL_API_KEY: BENCH_INTERNAL_KEY,
  });
  const running = await startServer(config);
  process.send?.({ url: running.url });
  process.on('message', () => process.send?.(ownStats()));
  process.once('SIGTERM', () => void running.close().finally(() => process.exit(0)));
}
