// PostgreSQL through @prisma/adapter-pg. With `?schema=NAME` everything lives
// in that schema (created when missing), so parallel CI runs never collide.
import pg from 'pg';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../prisma/generated/client.js';
import { runMigrations, type MigrationReport, type RunMigrationsOptions } from '../../prisma/migrate-runner.js';
import type { Logger } from '../../tools/_kit/ports.js';
import { assembleDatabase, warmUp, type AppDatabase, type OpenDatabaseOptions } from './app-database.js';
import { parseDatabaseUrl, type PostgresTarget } from './database-url.js';

const CONNECT_TIMEOUT_MS = 10_000;

export async function openPostgres(databaseUrl: string, opts: OpenDatabaseOptions): Promise<AppDatabase> {
  const { log } = opts;
  const target = parseDatabaseUrl(databaseUrl);
  const migrations = await migratePostgres(target, log);
  // Our own pool (the adapter ends it on $disconnect), so metrics can read its state.
  const pool = new pg.Pool({
    connectionString: target.connectionString,
    // Prisma qualifies its own queries with `schema`; $queryRaw relies on search_path.
    options: target.schema ? `-c search_path=${target.schema}` : undefined,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'deal-engine',
    ...(opts.poolSize ? { max: opts.poolSize } : {}),
  });
  const adapter = new PrismaPg(pool, {
    schema: target.schema,
    disposeExternalPool: true,
    onPoolError: (err) => log.warn({ err: err.message }, 'idle PostgreSQL connection failed'),
  });
  const prisma = new PrismaClient({ adapter });
  await warmUp(prisma);
  log.info({ engine: 'postgresql', database: target.display, migrateMs: migrations.ms, applied: migrations.applied.length }, 'database ready');
  return assembleDatabase({
    engine: 'postgresql',
    prisma,
    migrations,
    pingTimeoutMs: opts.pingTimeoutMs,
    shutdown: async () => undefined, // the adapter ends the pool on $disconnect
    poolStats: () => ({ max: pool.options.max ?? 10, total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
  });
}

/** Migrations need one dedicated session: the advisory lock and search_path are per connection. */
export async function migratePostgres(
  target: PostgresTarget,
  log: Logger,
  extra: Pick<RunMigrationsOptions, 'migrationsDir' | 'lockTimeoutMs'> = {},
): Promise<MigrationReport> {
  const client = new pg.Client({
    connectionString: target.connectionString,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'deal-engine-migrate',
  });
  await client.connect();
  try {
    return await runMigrations(
      {
        query: (sql, params) => client.query(sql, params),
        exec: (sql) => client.query(sql), // no parameters: simple protocol, several statements allowed
      },
      { ...extra, log, schema: target.schema },
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
