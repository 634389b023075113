import { z } from 'zod';

// Every environment variable the service reads, validated once at start-up.
// `.env.example` documents the same list; a test keeps the two in step.

const csv = z
  .string()
  .transform((s) => s.split(',').map((x) => x.trim()).filter(Boolean));

/** "150" or "duffel:120,serpapi:900": one value for every provider, or per provider. */
const perProvider = (what: string) =>
  z
    .string()
    .optional()
    .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined))
    .pipe(z.string().regex(/^(\d+(\.\d+)?|[a-z_]+:\d+(\.\d+)?(,[a-z_]+:\d+(\.\d+)?)*)$/, `${what}: one number, or provider:number pairs such as duffel:120,serpapi:900`).optional());

/** The value handed to express's `trust proxy`: off unless asked for. */
function trustProxyValue(s: string): boolean | number | string[] {
  if (s === '' || s === 'false') return false;
  if (s === 'true') return true;
  if (/^\d+$/.test(s)) return Number(s);
  return s.split(',').map((x) => x.trim()).filter(Boolean);
}

const optionalNonEmpty = z
  .string()
  .optional()
  .transform((s) => (s && s.trim() !== '' ? s.trim() : undefined));

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  PUBLIC_BASE_URL: z.url().optional(),
  DATABASE_URL: optionalNonEmpty.pipe(
    z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL').optional(),
  ),
  /** Connections each process keeps to PostgreSQL (node-postgres pool); the server's max_connections must cover every process. */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  DATA_DIR: z.string().default('./data/pglite'),
  /** A PGlite data-folder dump (dumpDataDir) an in-memory database starts from, skipping initdb; migrations still run. */
  PGLITE_TEMPLATE: optionalNonEmpty,
  REDIS_URL: optionalNonEmpty.pipe(z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional()),
  CACHE_PREFIX: z.string().default('de:'),
  BODY_LIMIT: z.string().regex(/^\d+(b|kb|mb)$/i, 'use a size such as 100kb or 1mb').default('1mb'),
  /** How long a client may take to send a whole request (headers and body); the answer, a stream included, is not limited. */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  MCP_ALLOWED_ORIGINS: csv.default([]),
  MCP_SESSION_TTL_S: z.coerce.number().int().min(60).default(86_400),
  HEALTH_CACHE_TTL_S: z.coerce.number().int().min(1).default(30),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(10_000),
  /** After SIGTERM, how long the server keeps serving with /health/ready at 503 before it stops accepting (balancers stop sending first). */
  SHUTDOWN_DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(300_000).default(0),
  /** Express `trust proxy`: false, true, a hop count, or comma-separated addresses/subnets/names (loopback, uniquelocal...). */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((s) => s.trim())
    .pipe(z.string().regex(/^(true|false|\d+|[\w.:/]+(\s*,\s*[\w.:/]+)*)$/, 'false, true, a hop count, or comma-separated addresses, subnets or loopback/linklocal/uniquelocal'))
    .transform(trustProxyValue),
  /** Anonymous REST callers are rate limited per client address on the free plan's limits (60 a minute, 1,000 a day); false turns that off. */
  ANONYMOUS_RATE_LIMIT: z.enum(['true', 'false']).default('true').transform((v) => v === 'true'),
  INTERNAL_API_KEY: optionalNonEmpty.pipe(z.string().min(24, 'use at least 24 random characters').optional()),
  JWT_JWKS_URL: optionalNonEmpty.pipe(z.url().optional()),
  JWT_SECRET: optionalNonEmpty.pipe(z.string().min(32, 'use at least 32 characters').optional()),
  JWT_ISSUER: optionalNonEmpty,
  SESSION_COOKIE: z.string().regex(/^[\w.-]+$/, 'a cookie name').default('de_session'),
  JWT_AUDIENCE: optionalNonEmpty,
  DEPLOY_SHA: optionalNonEmpty,
  DEPLOY_BRANCH: optionalNonEmpty,
  DEPLOY_TIME: optionalNonEmpty,
  DUFFEL_ACCESS_TOKEN: optionalNonEmpty,
  SERPAPI_API_KEY: optionalNonEmpty,
  SEATS_AERO_API_KEY: optionalNonEmpty,
  STRIPE_SECRET_KEY: optionalNonEmpty,
  STRIPE_WEBHOOK_SECRET: optionalNonEmpty,
  DUFFEL_BASE_URL: z.url().default('https://api.duffel.com'),
  SERPAPI_BASE_URL: z.url().default('https://serpapi.com'),
  SEATS_AERO_BASE_URL: z.url().default('https://seats.aero/partnerapi'),
  STRIPE_API_BASE: z.url().default('https://api.stripe.com'),
  PROVIDER_TIMEOUT_MS: perProvider('milliseconds'),
  PROVIDER_MAX_BODY_BYTES: z.coerce.number().int().min(1_024).max(1_073_741_824).default(16 * 1024 * 1024),
  PROVIDER_DECODE_WORKERS: z.coerce.number().int().min(0).max(16).default(0),
  SIM_SEED: z.string().min(1).default('deal-engine'),
  SIM_LATENCY_MS: perProvider('milliseconds'),
  SIM_FAIL_RATE: perProvider('a rate from 0 to 1').refine((s) => !s || (s.match(/\d+(\.\d+)?/g) ?? []).every((n) => Number(n) <= 1), 'each rate must be from 0 to 1'),
  SEARCH_CACHE_TTL_S: z.coerce.number().int().min(0).max(3_600).default(120),
  MEMORY_CACHE_MB: z.coerce.number().int().min(1).max(65_536).default(64),
  SEARCH_BUDGET_MS: z.coerce.number().int().min(1_000).max(120_000).default(30_000),
  BOOKING_MARKUP_PCT: z.coerce.number().min(0).max(50).default(0),
  SWEETSPOTS_FILE: optionalNonEmpty,
  PENDING_ORDER_POLL_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  PAYMENT_RECONCILE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  BOOKING_SETTLE_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  SIM_MISTAKE_FARE_RATE: z.coerce.number().min(0).max(1).default(0.0005),
  ALERT_EVAL_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  ALERT_EVAL_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  WEBHOOK_DELIVERY_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
  WEBHOOK_SEND_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
  WEBHOOK_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(8),
  WEBHOOK_ENDPOINT_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(1),
  RETENTION_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(3_600_000),
  RETENTION_PRICE_OBSERVATIONS_DAYS: z.coerce.number().int().min(0).max(3_650).default(400),
  RETENTION_OUTBOX_DAYS: z.coerce.number().int().min(0).max(3_650).default(30),
  RETENTION_WEBHOOK_DELIVERIES_DAYS: z.coerce.number().int().min(0).max(3_650).default(30),
  RETENTION_SEARCH_COUNTS_DAYS: z.coerce.number().int().min(0).max(3_650).default(90),
  WEBHOOK_ALLOW_PRIVATE_URLS: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  PII_ENCRYPTION_KEY: optionalNonEmpty.pipe(z.string().regex(/^[A-Za-z0-9+/_-]{43}=?$/, 'use 32 random bytes in base64, e.g. `openssl rand -base64 32`').optional()),
  JOBS_WORKER: z.enum(['inline', 'off']).default('inline'),
  METRICS_TOKEN: optionalNonEmpty.pipe(z.string().min(16, 'at least 16 characters, e.g. `openssl rand -hex 24`').optional()),
  /** `npm run worker` only: the port its /metrics listens on (with METRICS_TOKEN); unset, a worker serves none. */
  WORKER_METRICS_PORT: optionalNonEmpty.pipe(z.string().regex(/^\d+$/, 'a port number').transform(Number).pipe(z.number().int().min(1).max(65535)).optional()),
});

export type AppConfig = z.output<typeof EnvSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable and its meaning.`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment; the error names each bad variable and what to set. */
export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => {
    const name = String(issue.path[0] ?? '?');
    const got = env[name];
    return `${name}: ${issue.message}${got === undefined ? '' : ` (got "${got}")`}`;
  });
  throw new ConfigError(problems);
}
