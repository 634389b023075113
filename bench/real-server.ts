// The real server exactly as `npm start` builds it, on the embedded defaults.
// Request logging stays on at info; the parent sends our stdout to /dev/null.
import { loadConfig } from '../adapters/config/env.js';
import { startServer } from '../adapters/http/server.js';
import { BENCH_INTERNAL_KEY } from './targets.js';

const config = loadConfig({
  ...process.env,
  NODE_ENV: 'production',
  PORT: '0',
  HOST: '127.0.0.1',
  LOG_LEVEL: 'info',
  DATA_DIR: 'memory://',
  DATABASE_URL: undefined,
  REDIS_URL: undefined,
  // /mcp needs a caller; the web app's server (internal key) is one that is not rate limited.
  INTERNAL_API_KEY: BENCH_INTERNAL_KEY,
  // The load generator stands in for a balancer: its X-Forwarded-For addresses are the anonymous callers.
  TRUST_PROXY: 'loopback',
});
const running = await startServer(config);
process.send?.({ url: running.url });
// CPU used so far, for the parent's per-request CPU column.
process.on('message', () => process.send?.({ cpu: process.cpuUsage() }));
// A normal exit (not death by signal) so --cpu-prof can write its profile.
process.once('SIGTERM', () => void running.close().finally(() => process.exit(0)));
