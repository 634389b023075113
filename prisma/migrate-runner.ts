// Applies prisma/migrations at start-up, on PGlite and on PostgreSQL, keeping
// the `_prisma_migrations` history exactly as `prisma migrate deploy` does, so
// either tool can take over from the other.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from '../tools/_kit/ports.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Prisma's own key: Prisma and this runner exclude each other. */
export const MIGRATION_LOCK_KEY = 72707369;

/** A dedicated connection. PGlite fits as is; wrap a pg.Client (see adapters/db/postgres.ts). */
export interface MigrationConnection {
  /** One statement with bound parameters. */
  query(sql: string, params?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Simple protocol: PostgreSQL runs all statements as one implicit transaction. */
  exec(sql: string): Promise<unknown>;
}

export interface MigrationFile {
  name: string;
  sql: string;
  /** sha256 hex of the file's bytes, as Prisma stores it. */
  checksum: string;
}

export interface RunMigrationsOptions {
  log: Logger;
  migrationsDir?: string;
  /** Target schema (from `?schema=`); created when missing. Default public. */
  schema?: string;
  lockTimeoutMs?: number;
}

export interface MigrationReport {
  applied: string[];
  alreadyApplied: number;
  ms: number;
}

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
  started_at: Date | string;
}

const SCHEMA_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Rejects names we would have to quote-escape; they come from a URL. */
export function assertSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) {
    throw new MigrationError(`Invalid schema name "${name}": use letters, digits and _ (max 63, not starting with a digit).`);
  }
  return name;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return [];
    throw err;
  });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  const files: MigrationFile[] = [];
  for (const name of names) {
    const bytes = await readFile(path.join(dir, name, 'migration.sql')).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return null; // Prisma ignores folders without a script too
      throw err;
    });
    if (!bytes) continue;
    files.push({ name, sql: bytes.toString('utf8'), checksum: createHash('sha256').update(bytes).digest('hex') });
  }
  return files;
}

// Same DDL as Prisma's postgres connector.
const CREATE_HISTORY = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
    "id"                    VARCHAR(36) PRIMARY KEY NOT NULL,
    "checksum"              VARCHAR(64) NOT NULL,
    "finished_at"           TIMESTAMPTZ,
    "migration_name"        VARCHAR(255) NOT NULL,
    "logs"                  TEXT,
    "rolled_back_at"        TIMESTAMPTZ,
    "started_at"            TIMESTAMPTZ NOT NULL DEFAULT now(),
    "applied_steps_count"   INTEGER NOT NULL DEFAULT 0
)`;

export async function runMigrations(conn: MigrationConnection, opts: RunMigrationsOptions): Promise<MigrationReport> {
  const started = performance.now();
  const schema = assertSchemaName(opts.schema ?? 'public');
  const files = await readMigrations(opts.migrationsDir);
  await acquireLock(conn, opts.lockTimeoutMs ?? 60_000);
  try {
    // Under the lock: concurrent CREATE SCHEMA IF NOT EXISTS can still collide.
    const exists = await conn.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema]);
    if (exists.rows.length === 0) await conn.exec(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
    await conn.exec(`SET search_path TO "${schema}"`);
    await conn.exec(CREATE_HISTORY);
    const rows = (await conn.query(
      'SELECT migration_name, checksum, finished_at, rolled_back_at, started_at FROM "_prisma_migrations" ORDER BY started_at',
    )).rows as HistoryRow[];
    refuseFailed(rows);
    const applied = new Map<string, HistoryRow>();
    for (const r of rows) if (r.finished_at !== null && r.rolled_back_at === null) applied.set(r.migration_name, r);
    warnOnDivergence(files, applied, opts.log);

    const done: string[] = [];
    for (const file of files) {
      if (applied.has(file.name)) continue;
      await applyOne(conn, file, opts.log);
      done.push(file.name);
    }
    const ms = Math.round(performance.now() - started);
    if (done.length > 0) opts.log.info({ applied: done, schema, ms }, 'database migrations applied');
    return { applied: done, alreadyApplied: applied.size, ms };
  } finally {
    await conn.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
  }
}

async function acquireLock(conn: MigrationConnection, timeoutMs: number): Promise<void> {
  // Polling instead of a blocking pg_advisory_lock gives a clear timeout error.
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await conn.query('SELECT pg_try_advisory_lock($1) AS locked', [MIGRATION_LOCK_KEY]);
    if ((rows[0] as { locked?: boolean } | undefined)?.locked === true) return;
    if (Date.now() > deadline) {
      throw new MigrationError(`Timed out after ${timeoutMs} ms waiting for the migration lock (advisory lock ${MIGRATION_LOCK_KEY}); another process is migrating this database.`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function refuseFailed(rows: HistoryRow[]): void {
  const failed = rows.filter((r) => r.finished_at === null && r.rolled_back_at === null);
  if (failed.length === 0) return;
  const list = failed.map((r) => `\`${r.migration_name}\` (started at ${new Date(r.started_at).toISOString()})`).join(', ');
  // Same stance as Prisma's P3009: a human must look before anything else runs.
  throw new MigrationError(
    `Found failed migrations in the target database, new migrations will not be applied: ${list}. ` +
      'Fix the database by hand (see the logs column of _prisma_migrations), then mark the row rolled back ' +
      '(`prisma migrate resolve --rolled-back <name>`, or UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = \'<name>\') to retry it.',
  );
}

function warnOnDivergence(files: MigrationFile[], applied: Map<string, HistoryRow>, log: Logger): void {
  const onDisk = new Set(files.map((f) => f.name));
  for (const f of files) {
    const row = applied.get(f.name);
    if (row && row.checksum !== f.checksum) log.warn({ migration: f.name }, 'migration file was edited after it was applied');
  }
  const unknown = [...applied.keys()].filter((name) => !onDisk.has(name));
  if (unknown.length > 0) log.warn({ migrations: unknown }, 'database has migrations this build does not know (newer code ran here?)');
}

async function applyOne(conn: MigrationConnection, file: MigrationFile, log: Logger): Promise<void> {
  const id = randomUUID();
  await conn.query(
    'INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, applied_steps_count) VALUES ($1, $2, $3, now(), 0)',
    [id, file.checksum, file.name],
  );
  const t = performance.now();
  try {
    await conn.exec(file.sql);
  } catch (err) {
    const logs = describeError(err);
    // The script rolled back as a whole; the row stays as Prisma leaves it: failed, with logs.
    await conn.query('UPDATE "_prisma_migrations" SET logs = $1 WHERE id = $2', [logs, id]).catch(() => undefined);
    log.error({ migration: file.name, err: logs }, 'database migration failed');
    throw new MigrationError(`Migration \`${file.name}\` failed to apply: ${logs}`, { cause: err });
  }
  await conn.query(
    'UPDATE "_prisma_migrations" SET finished_at = now(), applied_steps_count = applied_steps_count + 1 WHERE id = $1',
    [id],
  );
  log.debug({ migration: file.name, ms: Math.round(performance.now() - t) }, 'migration applied');
}

function describeError(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const e = err as Error & { code?: string; detail?: string; position?: string };
  return [e.message, e.code && `SQLSTATE ${e.code}`, e.detail, e.position && `position ${e.position}`].filter(Boolean).join('\n');
}
