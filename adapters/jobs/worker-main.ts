import { pino } from 'pino';
import { existsSync } from 'node:fs';
import { loadConfig } from '../config/env.js';
import { startupErrorMessage } from '../config/startup-error.js';
import { openServices } from '../runtime/open-services.js';
import { allJobs } from './all-jobs.js';
import { startJobs } from './runner.js';
import { serveWorkerMetrics } from './worker-metrics.js';

// `npm run worker`: a process that only works background jobs (alert evaluation,
// webhook delivery) from the BullMQ queue, so they scale apart from the web
// servers. Start web servers with JOBS_WORKER=off to leave the work to these.

try {
  if (existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  if (!config.REDIS_URL) {
    console.error('npm run worker needs REDIS_URL: without Redis, jobs run inside `npm start` itself.');
    process.exit(1);
  }
  const logger = pino({ level: config.LOG_LEVEL });
  const open = await openServices(config, logger);
  const runner = await startJobs(allJobs(config), open.services, logger, { redisUrl: config.REDIS_URL, prefix: config.CACHE_PREFIX, work: true, telemetry: open.telemetry });
  const metrics = config.METRICS_TOKEN && config.WORKER_METRICS_PORT ? await serveWorkerMetrics(open.telemetry.registry, config.METRICS_TOKEN, config.WORKER_METRICS_PORT, config.HOST) : undefined;
  logger.info({ jobs: allJobs(config).map((j) => ({ name: j.name, everyMs: j.everyMs })) }, 'Deal Engine worker started');
  const stop = (signal: string) => {
    logger.info({ signal }, 'worker shutting down');
    metrics?.close();
    runner.stop().then(() => open.close()).then(() => process.exit(0), (err: unknown) => {
      logger.error({ err }, 'worker shutdown failed');
      process.exit(1);
    });
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
} catch (err) {
  console.error(startupErrorMessage(err) || err);
  process.exit(1);
}
