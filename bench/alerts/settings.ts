// The alert benches' shared knobs and their private PostgreSQL schema.
import pg from 'pg';

/** A numeric knob from the environment. */
export const num = (name: string, fallback: number): number => Number(process.env[name] ?? fallback);

export const ALERTS = num('BENCH_ALERTS', 1_000_000);
export const ROUTES = num('BENCH_ALERT_ROUTES', 100);
export const DAYS = num('BENCH_ALERT_DAYS', 30);

/** DATABASE_URL (or the local server) with a schema of this process's own, so runs never share tables. */
export function benchDatabaseUrl(prefix: string): { base: string; url: URL; schema: string } {
  const base = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
  const schema = `${prefix}_${process.pid}`;
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return { base, url, schema };
}

/** Drops the bench's private schema (after the services using it are closed). */
export async function dropBenchSchema(base: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await client.end();
}
