// The offline migration tooling: drift detection and migration creation with
// Prisma's WebAssembly schema engine (engine-independent: it diffs on PGlite).
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SCHEMA_PATH, createMigration, migrationName, openSchemaDiffer, runMigrationsCli, type SchemaDiffer } from '../../prisma/migrations-cli.js';
import { MIGRATIONS_DIR, readMigrations } from '../../prisma/migrate-runner.js';
import { copyOfMigrations, tempDir } from './helpers.js';

let differ: SchemaDiffer;
let schema: string;
/** The real schema plus one field: what a developer forgot to create a migration for. */
let drifted: string;

beforeAll(async () => {
  schema = await readFile(SCHEMA_PATH, 'utf8');
  drifted = schema.replace(/(model User \{\n)/, '$1  nickname String?\n');
  expect(drifted).not.toBe(schema);
  // One engine and pristine PGlite for the whole file: each start costs seconds.
  differ = await openSchemaDiffer();
});
afterAll(() => differ?.close());

describe('migrations CLI', () => {
  it('the committed migrations match prisma/schema.prisma', async () => {
    await expect(differ.diff()).resolves.toEqual({ changed: false, sql: expect.any(String) });
  });

  it('`--check` exits non-zero on a schema change that has no migration, printing the missing SQL', async () => {
    const tmp = await tempDir();
    const stderr = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await writeFile(path.join(tmp.dir, 'schema.prisma'), drifted);
      await expect(runMigrationsCli(['--check', '--schema', path.join(tmp.dir, 'schema.prisma')], differ)).resolves.toBe(1);
      const printed = stderr.mock.calls.flat().join('\n');
      expect(printed).toMatch(/differ/);
      expect(printed).toMatch(/ALTER TABLE "users" ADD COLUMN\s+"nickname" TEXT/);
    } finally {
      stderr.mockRestore();
      await tmp.remove();
    }
  });

  it('create writes the next migration in Prisma layout; afterwards the diff is empty', async () => {
    const migrations = await copyOfMigrations();
    try {
      const before = await readMigrations(migrations.dir);
      const dir = await createMigration('Add nickname!', { schema: drifted, migrationsDir: migrations.dir }, differ);
      expect(dir).not.toBeNull();
      const after = await readMigrations(migrations.dir);
      expect(after.slice(0, -1)).toEqual(before);
      expect(after.at(-1)!.name).toMatch(/^\d{14}_add_nickname$/);
      expect(after.at(-1)!.name > before.at(-1)!.name).toBe(true);
      expect(after.at(-1)!.sql).toMatch(/ADD COLUMN\s+"nickname"/);
      expect(await readFile(path.join(migrations.dir, 'migration_lock.toml'), 'utf8')).toMatch(/provider = "postgresql"/);

      await expect(differ.diff({ schema: drifted, migrationsDir: migrations.dir })).resolves.toMatchObject({ changed: false });
    } finally {
      await migrations.remove();
    }
  });

  it('keeps migration names to what Prisma writes', () => {
    expect(migrationName('Add user identity')).toBe('add_user_identity');
    expect(() => migrationName('!!!')).toThrow(/name/);
    expect(MIGRATIONS_DIR).toMatch(/prisma[/\\]migrations[/\\]?$/);
  });
});
