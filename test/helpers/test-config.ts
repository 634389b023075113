import { randomBytes } from 'node:crypto';
import { loadConfig, type AppConfig } from '../../adapters/config/env.js';

/** A unique suffix per server start, so runs sharing PostgreSQL or Redis never collide. */
export const uniqueName = (prefix: string) => `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;

/**
 * Config for a test server: embedded defaults (in-memory PGlite, in-process cache)
 * unless DATABASE_URL / REDIS_URL are set, in which case each server gets a fresh
 * PostgreSQL schema and its own Redis key prefix.
 */
export function testConfig(overrides: Record<string, string> = {}): AppConfig & { schema?: string } {
  const env: Record<string, string | undefined> = {
    NODE_ENV: 'test',
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    // Set by test/setup/pglite-template.ts: in-memory databases start migrated.
    PGLITE_TEMPLATE: process.env.PGLITE_TEMPLATE,
    SHUTDOWN_GRACE_MS: '2000',
    CACHE_PREFIX: `${uniqueName('t')}:`,
    REDIS_URL: process.env.REDIS_URL,
    // Fast simulators keep search tests quick; a test that studies timing sets its own.
    SIM_LATENCY_MS: 'duffel:5,serpapi:15,seats_aero:25',
    // Background jobs and the simulator's rare mistake fares are off unless a test studies them.
    SIM_MISTAKE_FARE_RATE: '0',
    ALERT_EVAL_INTERVAL_MS: '0',
    WEBHOOK_DELIVERY_INTERVAL_MS: '0',
    // Test receivers listen on 127.0.0.1.
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    // Every test calls from 127.0.0.1, so the free plan's 60 a minute per address would throttle busy tests;
    // test/identity-metering.test.ts turns it on to study it.
    ANONYMOUS_RATE_LIMIT: 'false',
    ...overrides,
  };
  let schema: string | undefined;
  if (process.env.DATABASE_URL && !('DATABASE_URL' in overrides)) {
    schema = uniqueName('test').toLowerCase();
    const url = new URL(process.env.DATABASE_URL);
    url.searchParams.set('schema', schema);
    env.DATABASE_URL = url.toString();
  }
  return { ...loadConfig(env), ...(schema ? { schema } : {}) };
}
