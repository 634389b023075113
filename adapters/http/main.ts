import { existsSync } from 'node:fs';
import { loadConfig } from '../config/env.js';
import { startupErrorMessage } from '../config/startup-error.js';
import { startServer } from './server.js';

// `npm start`: validate the environment, serve, and shut down cleanly on SIGTERM/SIGINT:
// /health/ready turns 503 at once, the server keeps serving for SHUTDOWN_DRAIN_DELAY_MS,
// then drains (SHUTDOWN_GRACE_MS) and exits 0.

/** Past the drain delay and grace period, what releasing the database, cache and jobs may take before we give up. */
const RELEASE_BUDGET_MS = 10_000;

try {
  // A .env in the working directory fills in what the environment does not set (values already set win).
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const running = await startServer(config);
  const stop = (signal: string) => {
    running.logger.info({ signal }, 'shutting down');
    // Bounded: a release that hangs (a dependency gone) must not keep the process alive.
    setTimeout(() => {
      running.logger.error({ signal }, 'shutdown took too long; exiting');
      process.exit(1);
    }, config.SHUTDOWN_DRAIN_DELAY_MS + config.SHUTDOWN_GRACE_MS + RELEASE_BUDGET_MS).unref();
    running.close().then(() => process.exit(0), (err: unknown) => {
      running.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (err) {
  // A configuration or connection problem is one sentence naming the setting; anything else keeps its stack.
  console.error(startupErrorMessage(err) || err);
  process.exit(1);
}
