// Embedded PostgreSQL (PGlite, PostgreSQL 18 in WebAssembly): one connection,
// one process per data folder, guarded by a lock file.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../../prisma/generated/client.js';
import { runMigrations } from '../../prisma/migrate-runner.js';
import { assembleDatabase, warmUp, type AppDatabase, type OpenDatabaseOptions } from './app-database.js';
import { lockDataDir, type DirLock } from './dir-lock.js';

/** Read once per process: servers started one after another in a test file share the bytes. */
const templates = new Map<string, Promise<Blob>>();
function readTemplate(file: string): Promise<Blob> {
  let blob = templates.get(file);
  if (!blob) {
    blob = readFile(file).then((bytes) => new Blob([bytes]));
    blob.catch(() => templates.delete(file));
    templates.set(file, blob);
  }
  return blob;
}

export function isInMemory(dataDir: string): boolean {
  return dataDir.startsWith('memory://');
}

export async function openPglite(opts: OpenDatabaseOptions): Promise<AppDatabase> {
  const { dataDir, log } = opts;
  const inMemory = isInMemory(dataDir);
  // The lock comes first: a second process must not even open the files.
  const lock: DirLock | null = inMemory ? null : await lockDataDir(dataDir);
  let pglite: PGlite | undefined;
  try {
    const t0 = performance.now();
    // The folder is PGlite's own data directory; the lock file sits inside it, like postmaster.pid.
    const template = inMemory && opts.pgliteTemplate ? await readTemplate(opts.pgliteTemplate) : undefined;
    pglite = await PGlite.create(inMemory ? dataDir : path.resolve(dataDir), template ? { loadDataDir: template } : {});
    const initMs = Math.round(performance.now() - t0);
    const migrations = await runMigrations(pglite, { log });
    const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
    await warmUp(prisma);
    log.info(
      { engine: 'pglite', dataDir: inMemory ? dataDir : path.resolve(dataDir), initMs, migrateMs: migrations.ms, applied: migrations.applied.length },
      'database ready',
    );
    const db = pglite;
    return assembleDatabase({
      engine: 'pglite',
      prisma,
      migrations,
      pingTimeoutMs: opts.pingTimeoutMs,
      async shutdown() {
        try {
          await db.close();
        } finally {
          await lock?.release();
        }
      },
    });
  } catch (err) {
    await pglite?.close().catch(() => undefined);
    await lock?.release();
    throw err;
  }
}
