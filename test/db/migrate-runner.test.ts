// The start-up migration runner, on PGlite or (with DATABASE_URL) on
// PostgreSQL in a fresh schema.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePostgres } from '../../adapters/db/postgres.js';
import { parseDatabaseUrl } from '../../adapters/db/database-url.js';
import {
  MIGRATIONS_DIR,
  MigrationError,
  readMigrations,
  runMigrations,
  type RunMigrationsOptions,
} from '../../prisma/migrate-runner.js';
import { ENGINE, PG_URL, copyOfMigrations, recordingLogger, schemaJanitor } from './helpers.js';

const janitor = schemaJanitor(PG_URL);
/** Fresh PGlite databases are clones of this one: ~0.7 s instead of ~2 s each. */
let pristine: PGlite | undefined;
beforeAll(async () => {
  if (!PG_URL) pristine = await PGlite.create('memory://');
});
afterAll(async () => {
  await pristine?.close();
  await janitor.dropAll();
});

interface Target {
  schema: string;
  /** Runs the migrations as a fresh start-up would. */
  migrate(opts: Omit<RunMigrationsOptions, 'schema'>): ReturnType<typeof runMigrations>;
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  close(): Promise<void>;
}

/** A new, empty database: an in-memory PGlite, or a fresh schema on PostgreSQL. */
async function openTarget(): Promise<Target> {
  if (!PG_URL) {
    const db = (await pristine!.clone()) as PGlite;
    return {
      schema: 'public',
      migrate: (opts) => runMigrations(db, opts),
      query: async <T>(sql: string, params?: unknown[]) => (await db.query<T>(sql, params)).rows,
      close: () => db.close(),
    };
  }
  const { schema, url } = janitor.fresh();
  const target = parseDatabaseUrl(url);
  const client = new pg.Client({ connectionString: target.connectionString });
  await client.connect();
  return {
    schema,
    migrate: (opts) => migratePostgres(target, opts.log, opts),
    query: async <T>(sql: string, params?: unknown[]) => {
      await client.query(`SET search_path TO "${schema}"`);
      return (await client.query(sql, params)).rows as T[];
    },
    close: () => client.end(),
  };
}

interface HistoryRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | null;
  logs: string | null;
  applied_steps_count: number;
}
const history = (t: Target) =>
  t.query<HistoryRow>('SELECT migration_name, checksum, finished_at, logs, applied_steps_count FROM "_prisma_migrations" ORDER BY migration_name');

describe(`migration runner on ${ENGINE}`, () => {
  it('applies every migration once, then finds nothing to do', async () => {
    const t = await openTarget();
    try {
      const files = await readMigrations();
      expect(files.length).toBeGreaterThan(0);
      const log = recordingLogger();

      const first = await t.migrate({ log });
      expect(first.applied).toEqual(files.map((f) => f.name));
      const second = await t.migrate({ log });
      expect(second).toMatchObject({ applied: [], alreadyApplied: files.length });

      const rows = await history(t);
      expect(rows.map((r) => r.migration_name)).toEqual(files.map((f) => f.name));
      for (const row of rows) {
        const bytes = await readFile(path.join(MIGRATIONS_DIR, row.migration_name, 'migration.sql'));
        expect(row.checksum).toBe(createHash('sha256').update(bytes).digest('hex'));
        expect(row.finished_at).not.toBeNull();
        expect(row.applied_steps_count).toBe(1);
      }
      const tables = await t.query<{ table_name: string }>(
        'SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY table_name',
        [t.schema],
      );
      expect(tables.map((r) => r.table_name)).toEqual(expect.arrayContaining(['_prisma_migrations', 'users', 'api_keys']));
      expect(log.entries.filter((e) => e.msg === 'database migrations applied')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('rolls back a failing migration, records it, and refuses to go on until it is resolved', async () => {
    const t = await openTarget();
    const migrations = await copyOfMigrations();
    try {
      const broken = path.join(migrations.dir, '29990101000000_broken');
      await mkdir(broken);
      await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);\nSELECT 1 / 0;\n');
      const log = recordingLogger();

      await expect(t.migrate({ log, migrationsDir: migrations.dir })).rejects.toThrow(/29990101000000_broken.*division by zero/s);
      const row = (await history(t)).find((r) => r.migration_name === '29990101000000_broken');
      expect(row).toMatchObject({ finished_at: null, applied_steps_count: 0 });
      expect(row?.logs).toMatch(/division by zero/);
      expect(log.entries.some((e) => e.level === 'error' && e.msg === 'database migration failed')).toBe(true);
      // One implicit transaction: the CREATE TABLE before the error is gone too.
      const halfDone = await t.query('SELECT 1 FROM information_schema.tables WHERE table_schema = $1 AND table_name = $2', [t.schema, 'half_done']);
      expect(halfDone).toHaveLength(0);

      // Like Prisma's P3009: even a fixed file does not run until the failed row is resolved.
      await writeFile(path.join(broken, 'migration.sql'), 'CREATE TABLE "half_done" ("id" INTEGER);\n');
      const refused = t.migrate({ log, migrationsDir: migrations.dir });
      await expect(refused).rejects.toBeInstanceOf(MigrationError);
      await expect(refused).rejects.toThrow(/failed migrations.*29990101000000_broken/s);

      await t.query('UPDATE "_prisma_migrations" SET rolled_back_at = now() WHERE migration_name = $1', ['29990101000000_broken']);
      const retried = await t.migrate({ log, migrationsDir: migrations.dir });
      expect(retried.applied).toEqual(['29990101000000_broken']);
    } finally {
      await migrations.remove();
      await t.close();
    }
  });

  it('warns when an applied migration file was edited afterwards', async () => {
    const t = await openTarget();
    const migrations = await copyOfMigrations();
    try {
      await t.migrate({ log: recordingLogger(), migrationsDir: migrations.dir });
      const [first] = await readMigrations(migrations.dir);
      await writeFile(path.join(migrations.dir, first!.name, 'migration.sql'), `${first!.sql}\n-- edited\n`);
      const log = recordingLogger();
      const again = await t.migrate({ log, migrationsDir: migrations.dir });
      expect(again.applied).toEqual([]);
      expect(log.entries.some((e) => e.level === 'warn' && /edited/.test(e.msg ?? ''))).toBe(true);
    } finally {
      await migrations.remove();
      await t.close();
    }
  });
});

// PostgreSQL only: PGlite is one connection in one process (its variant, several
// openers on one folder, is in dir-lock.test.ts).
// Runs in the PostgreSQL pass of .ci/run (DATABASE_URL set); the embedded pass has no server to target.
if (PG_URL) describe('migration runner on postgresql (needs DATABASE_URL)', () => {
  it('three runners starting at once on one fresh schema apply each migration exactly once', async () => {
    const migrations = await copyOfMigrations();
    try {
      // A slow migration in the middle widens the window for a race.
      for (const [name, sql] of [
        ['29990101000001_slow', 'SELECT pg_sleep(0.3);\nCREATE TABLE "slow_one" ("id" INTEGER);\n'],
        ['29990101000002_after', 'INSERT INTO "slow_one" VALUES (1);\n'],
      ] as const) {
        await mkdir(path.join(migrations.dir, name));
        await writeFile(path.join(migrations.dir, name, 'migration.sql'), sql);
      }
      const names = (await readMigrations(migrations.dir)).map((f) => f.name);
      const { schema, url } = janitor.fresh('de_race');
      const target = parseDatabaseUrl(url);

      const reports = await Promise.all([1, 2, 3].map(() => migratePostgres(target, recordingLogger(), { migrationsDir: migrations.dir })));
      expect(reports.flatMap((r) => r.applied).sort()).toEqual(names);

      const client = new pg.Client({ connectionString: target.connectionString });
      await client.connect();
      try {
        const rows = (await client.query(`SELECT migration_name, finished_at FROM "${schema}"."_prisma_migrations"`)).rows as HistoryRow[];
        expect(rows.map((r) => r.migration_name).sort()).toEqual(names);
        expect(rows.every((r) => r.finished_at !== null)).toBe(true);
        expect((await client.query(`SELECT count(*)::int AS n FROM "${schema}"."slow_one"`)).rows[0]).toEqual({ n: 1 });
      } finally {
        await client.end();
      }
    } finally {
      await migrations.remove();
    }
  });
});
