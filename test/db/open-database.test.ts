// openDatabase on memory:// (PGlite), or on PostgreSQL in a fresh schema when
// DATABASE_URL is set; plus the engine-independent pieces.
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../adapters/db/index.js';
import { parseDatabaseUrl } from '../../adapters/db/database-url.js';
import { makePing } from '../../adapters/db/ping.js';
import { readMigrations } from '../../prisma/migrate-runner.js';
import { ENGINE, PG_URL, recordingLogger, schemaJanitor, withPgClient } from './helpers.js';

const janitor = schemaJanitor(PG_URL);
afterAll(() => janitor.dropAll());

/** A fresh database for the engine under test. */
function freshTarget(): { databaseUrl?: string; dataDir: string; schema: string } {
  if (!PG_URL) return { dataDir: 'memory://', schema: 'public' };
  const { schema, url } = janitor.fresh();
  return { databaseUrl: url, dataDir: 'memory://', schema };
}

describe(`openDatabase on ${ENGINE}`, () => {
  it('migrates before resolving, pings, serves Prisma, and closes', async () => {
    const target = freshTarget();
    const log = recordingLogger();
    const db = await openDatabase({ ...target, log });
    try {
      expect(db.engine).toBe(ENGINE);
      expect(db.migrations.applied).toEqual((await readMigrations()).map((f) => f.name));
      expect(log.entries.some((e) => e.msg === 'database ready')).toBe(true);

      const status = await db.ping();
      expect(status).toEqual({ engine: ENGINE, ok: true, latencyMs: expect.any(Number) });
      expect(status.latencyMs).toBeGreaterThanOrEqual(0);

      const user = await db.prisma.user.create({ data: { email: 'ada@example.com', displayName: 'Ada' } });
      expect(user).toMatchObject({ tier: 'free', displayName: 'Ada', id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
      expect(user.updatedAt).toBeInstanceOf(Date);
      await expect(db.prisma.user.create({ data: { email: 'ada@example.com' } })).rejects.toMatchObject({ code: 'P2002' });
      // Raw SQL (stores may need it) lands in the same schema as Prisma's queries.
      const [where] = await db.prisma.$queryRaw<Array<{ schema: string; n: number }>>`
        SELECT current_schema() AS schema, (SELECT count(*)::int FROM users) AS n`;
      expect(where).toEqual({ schema: target.schema, n: 1 });
    } finally {
      await db.close();
    }
    await db.close(); // idempotent
    await expect(db.ping()).resolves.toEqual({ engine: ENGINE, ok: false, latencyMs: 0, error: 'database is closed' });
  }, 120_000); // a fresh PGlite folder, migrated: over 30 s on a loaded machine
});

// Runs in the PostgreSQL pass of .ci/run (DATABASE_URL set); the embedded pass has no server to target.
if (PG_URL) describe('openDatabase on postgresql (needs DATABASE_URL)', () => {
  it('creates the ?schema= schema, keeps everything in it, and does not migrate twice', async () => {
    const { schema, url } = janitor.fresh();
    const first = await openDatabase({ databaseUrl: url, dataDir: 'memory://', log: recordingLogger() });
    await first.close();
    const second = await openDatabase({ databaseUrl: url, dataDir: 'memory://', log: recordingLogger() });
    try {
      expect(second.migrations.applied).toEqual([]);
      expect(second.migrations.alreadyApplied).toBe(first.migrations.applied.length);
    } finally {
      await second.close();
    }
    const tables = await withPgClient(PG_URL!, async (c) =>
      (await c.query('SELECT table_name FROM information_schema.tables WHERE table_schema = $1 ORDER BY 1', [schema])).rows,
    );
    // Every table the committed migrations create, and nothing else, lives in the schema.
    const created = (await readMigrations()).flatMap((m) => [...m.sql.matchAll(/CREATE TABLE "(\w+)"/g)].map((x) => x[1] as string));
    expect(tables.map((t) => t.table_name)).toEqual(['_prisma_migrations', ...created].sort());
  });

  it('fails to open, with the cause, when the server cannot be reached', async () => {
    const url = new URL(PG_URL!);
    url.hostname = '127.0.0.1';
    url.port = '1';
    await expect(openDatabase({ databaseUrl: url.toString(), dataDir: 'memory://', log: recordingLogger() })).rejects.toThrow(/ECONNREFUSED/);
  });
});

describe('database URL and ping helpers', () => {
  it('splits ?schema= off the URL and hides credentials in the display form', () => {
    expect(parseDatabaseUrl('postgresql://u:secret@db:5432/app?schema=ci_1&sslmode=disable')).toEqual({
      connectionString: 'postgresql://u:secret@db:5432/app?sslmode=disable',
      schema: 'ci_1',
      display: 'db:5432/app?schema=ci_1',
    });
    expect(parseDatabaseUrl('postgres://db/app').schema).toBeUndefined();
    expect(() => parseDatabaseUrl('postgresql://db/app?schema=bad-name";drop')).toThrow(/Invalid schema name/);
    expect(() => parseDatabaseUrl('mysql://db/app')).toThrow(/postgresql:\/\//);
  });

  it('ping reports failures and timeouts instead of throwing', async () => {
    const failing = makePing('postgresql', () => Promise.reject(new Error('Invalid invocation:\n\nconnection refused')), () => false, 1000);
    await expect(failing()).resolves.toMatchObject({ engine: 'postgresql', ok: false, error: 'connection refused' });
    const hanging = makePing('pglite', () => new Promise(() => {}), () => false, 50);
    const status = await hanging();
    expect(status).toMatchObject({ ok: false, error: 'no answer within 50 ms' });
    expect(status.latencyMs).toBeGreaterThanOrEqual(45);
  });
});
