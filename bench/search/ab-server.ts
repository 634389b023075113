// A search bench server built from the tree at AB_TREE (default: this one), so
// two versions of the code run side by side under the same load (bench/search/ab.ts).
// Answers 'cpu' with process CPU, RSS and the event loop's busy time.
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT, treeModule } from '../child-script.js';
import { BENCH_INTERNAL_KEY } from '../targets.js';
import { fakeProviderEnv } from './fake-provider-env.js';
import { SIM_LATENCY } from './latencies.js';

const tree = process.env.AB_TREE ?? ROOT;
// Compiled (`npm run bench:build`), each tree's own build: run `npm run build` in it first.
const load = (path: string) => import(pathToFileURL(treeModule(tree, path)).href) as Promise<Record<string, unknown>>;
const { loadConfig } = (await load('adapters/config/env.ts')) as { loadConfig: (env: NodeJS.ProcessEnv) => unknown };
const { startServer } = (await load('adapters/http/server.ts')) as { startServer: (c: unknown) => Promise<{ url: string; close(): Promise<void> }> };

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', DATA_DIR: 'memory://',
  DATABASE_URL: undefined, REDIS_URL: undefined,
  ...fakeProviderEnv(process.env.UPSTREAM_URLS ?? ''),
  SIM_LATENCY_MS: SIM_LATENCY, SIM_FAIL_RATE: '0', INTERNAL_API_KEY: BENCH_INTERNAL_KEY,
});
const running = await startServer(config);
process.send?.({ url: running.url });
process.on('message', () => {
  const elu = performance.eventLoopUtilization();
  process.send?.({ cpu: process.cpuUsage(), rss: process.memoryUsage().rss, loopActiveMs: elu.active });
});
process.once('SIGTERM', () => void running.close().finally(() => process.exit(0)));
