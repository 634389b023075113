// Shared by test/db: which engine the tests target, fresh PostgreSQL schemas,
// temp folders and a recording logger.
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../prisma/migrate-runner.js';
import type { Logger } from '../../tools/_kit/ports.js';

/** Set: the engine-specific tests run against PostgreSQL; unset: against PGlite. */
export const PG_URL = process.env.DATABASE_URL || undefined;
export const ENGINE = PG_URL ? 'postgresql' : 'pglite';

export interface LogEntry {
  level: keyof Logger;
  obj: object;
  msg: string | undefined;
}

export function recordingLogger(): Logger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  const at = (level: keyof Logger) => (obj: object, msg?: string) => void entries.push({ level, obj, msg });
  return { entries, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

/** A schema name unique to this run and call, so parallel CI jobs never collide. */
export function uniqueSchemaName(prefix = 'de_test'): string {
  return `${prefix}_${Date.now().toString(36)}_${process.pid}_${randomBytes(3).toString('hex')}`;
}

export function urlWithSchema(baseUrl: string, schema: string): string {
  const url = new URL(baseUrl);
  url.searchParams.set('schema', schema);
  return url.toString();
}

/** Tracks the schemas a test file created and drops them afterwards. */
export function schemaJanitor(baseUrl: string | undefined) {
  const created: string[] = [];
  return {
    fresh(prefix?: string): { schema: string; url: string } {
      if (!baseUrl) throw new Error('schemaJanitor needs DATABASE_URL');
      const schema = uniqueSchemaName(prefix);
      created.push(schema);
      return { schema, url: urlWithSchema(baseUrl, schema) };
    },
    async dropAll(): Promise<void> {
      if (!baseUrl || created.length === 0) return;
      await withPgClient(baseUrl, async (c) => {
        for (const s of created.splice(0)) await c.query(`DROP SCHEMA IF EXISTS "${s}" CASCADE`);
      });
    },
  };
}

export async function withPgClient<T>(url: string, fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const u = new URL(url);
  u.searchParams.delete('schema');
  const client = new pg.Client({ connectionString: u.toString() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

export async function tempDir(prefix = 'deal-engine-db-'): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A copy of prisma/migrations that a test may add folders to. */
export async function copyOfMigrations(): Promise<{ dir: string; remove(): Promise<void> }> {
  const tmp = await tempDir('deal-engine-migrations-');
  const dir = path.join(tmp.dir, 'migrations');
  await cp(MIGRATIONS_DIR, dir, { recursive: true });
  return { dir, remove: tmp.remove };
}
