// The factory: PGlite embedded by default, PostgreSQL when a URL is given.
// Migrations are applied before it resolves.
import type { AppDatabase, OpenDatabaseOptions } from './app-database.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export type { AppDatabase, OpenDatabaseOptions } from './app-database.js';

export function openDatabase(opts: OpenDatabaseOptions): Promise<AppDatabase> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts) : openPglite(opts);
}
