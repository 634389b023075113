// Splits Prisma's `?schema=NAME` off a PostgreSQL URL: pg does not know it,
// the runner and the Prisma adapter need it.
import { assertSchemaName } from '../../prisma/migrate-runner.js';

export interface PostgresTarget {
  /** The URL without `schema`, for pg. */
  connectionString: string;
  /** Undefined means PostgreSQL's default (public). */
  schema: string | undefined;
  /** host:port/database?schema=…, safe to log (no credentials). */
  display: string;
}

export function parseDatabaseUrl(databaseUrl: string): PostgresTarget {
  let url: URL;
  try {
    url = new URL(databaseUrl);
  } catch {
    throw new Error('DATABASE_URL is not a valid URL (expected postgresql://user:password@host:port/database)');
  }
  if (url.protocol !== 'postgresql:' && url.protocol !== 'postgres:') {
    throw new Error(`DATABASE_URL must start with postgresql:// (got ${url.protocol}//)`);
  }
  const rawSchema = url.searchParams.get('schema');
  url.searchParams.delete('schema');
  const schema = rawSchema ? assertSchemaName(rawSchema) : undefined;
  const display = `${url.host}${url.pathname}${schema ? `?schema=${schema}` : ''}`;
  return { connectionString: url.toString(), schema, display };
}
