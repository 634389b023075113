// The real server as `npm start` builds it, with the simulators at fixed latencies.
import { loadConfig } from '../../adapters/config/env.js';
import { startServer } from '../../adapters/http/server.js';
import { BENCH_INTERNAL_KEY } from '../targets.js';
import { fakeProviderEnv } from './fake-provider-env.js';
import { SIM_LATENCY } from './latencies.js';

// With UPSTREAM_URLS (set by the bench's parent), the real adapters call the upstream fakes.
const upstreams = process.env.UPSTREAM_URLS;
const live = upstreams
  ? fakeProviderEnv(upstreams)
  : { DUFFEL_ACCESS_TOKEN: undefined, SERPAPI_API_KEY: undefined, SEATS_AERO_API_KEY: undefined };
const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  DATA_DIR: 'memory://',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  ...live,
  SIM_LATENCY_MS: SIM_LATENCY,
  SIM_FAIL_RATE: '0',
  INTERNAL_API_KEY: BENCH_INTERNAL_KEY,
});
const running = await startServer(config);
process.send?.({ url: running.url });
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
process.once('SIGTERM', () => void running.close().finally(() => process.exit(0)));
