// The object openDatabase returns: the Database port for handlers' services,
// plus the PrismaClient for the stores in adapters/ (handlers never see it).
import type { Database, Logger } from '../../tools/_kit/ports.js';
import type { PrismaClient } from '../../prisma/generated/client.js';
import type { MigrationReport } from '../../prisma/migrate-runner.js';
import type { PoolStats } from '../runtime/telemetry.js';
import { makePing } from './ping.js';

export type { PrismaClient };

export interface OpenDatabaseOptions {
  /** PostgreSQL URL (honours `?schema=`). Unset: embedded PGlite in dataDir. */
  databaseUrl?: string;
  /** PGlite data folder, or `memory://` for a throw-away in-memory database. */
  dataDir: string;
  /** With an in-memory dataDir: a PGlite dump to start from instead of running initdb. */
  pgliteTemplate?: string | undefined;
  /** PostgreSQL only: connections in this process's pool (node-postgres' default is 10). */
  poolSize?: number;
  log: Logger;
  /** ping() reports an error after this long. Default 2000. */
  pingTimeoutMs?: number;
}

export interface AppDatabase extends Database {
  /** For stores in adapters/ only. */
  readonly prisma: PrismaClient;
  /** What start-up applied. */
  readonly migrations: MigrationReport;
  /** The PostgreSQL pool's state now; null on the embedded database. */
  poolStats(): PoolStats | null;
}

interface Parts {
  engine: Database['engine'];
  prisma: PrismaClient;
  migrations: MigrationReport;
  pingTimeoutMs: number | undefined;
  /** Engine-specific clean-up after Prisma disconnected. */
  shutdown(): Promise<void>;
  poolStats?: () => PoolStats;
}

/** One round trip before openDatabase resolves: fails fast on a bad setup and keeps the ~100 ms first-query cost off the first request. */
export async function warmUp(prisma: PrismaClient): Promise<void> {
  try {
    await prisma.$queryRaw`SELECT 1`;
  } catch (err) {
    await prisma.$disconnect().catch(() => undefined);
    throw err;
  }
}

export function assembleDatabase(parts: Parts): AppDatabase {
  let closing: Promise<void> | undefined;
  const { engine, prisma, migrations } = parts;
  return {
    engine,
    prisma,
    migrations,
    poolStats: () => parts.poolStats?.() ?? null,
    ping: makePing(engine, () => prisma.$queryRaw`SELECT 1`, () => closing !== undefined, parts.pingTimeoutMs ?? 2000),
    close() {
      // Idempotent: shutdown hooks and tests may both call it.
      closing ??= (async () => {
        try {
          await prisma.$disconnect();
        } finally {
          await parts.shutdown();
        }
      })();
      return closing;
    },
  };
}
