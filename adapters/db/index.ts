// Public surface of the database adapter.
export { openDatabase } from './open-database.js';
export type { AppDatabase, OpenDatabaseOptions, PrismaClient } from './app-database.js';
export type { MigrationReport } from '../../prisma/migrate-runner.js';
export { MigrationError } from '../../prisma/migrate-runner.js';
export { DataDirLockedError } from './dir-lock.js';
