// Status columns are PostgreSQL enums (migration status_enums): existing rows keep their
// status through the type change, and the database refuses a value the code does not know.
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { runMigrations } from '../../prisma/migrate-runner.js';
import { copyOfMigrations, recordingLogger } from './helpers.js';

const ENUM_MIGRATION = /_status_enums$/;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups) await c();
});

describe('status enums', () => {
  it('converts rows in place and refuses unknown statuses afterwards', async () => {
    const copy = await copyOfMigrations();
    cleanups.push(copy.remove);
    const names = (await readdir(copy.dir)).filter((n) => !n.endsWith('.toml')).sort();
    const enumAt = names.findIndex((n) => ENUM_MIGRATION.test(n));
    expect(enumAt).toBeGreaterThan(0);
    // Stop before the enum migration: the statuses are text, as on a database of last month.
    const later = names.slice(enumAt);
    const parked = path.join(copy.dir, '..', 'parked');
    await mkdir(parked);
    for (const n of later) await rename(path.join(copy.dir, n), path.join(parked, n));

    const db = await PGlite.create('memory://');
    cleanups.push(() => db.close());
    await runMigrations(db, { log: recordingLogger(), migrationsDir: copy.dir });
    await db.exec(`
      INSERT INTO trips (id, owner_id, name, destination, currency, status, updated_at) VALUES ('t1', 'u1', 'Lisbon', 'LIS', 'EUR', 'booked', now());
      INSERT INTO payments (id, opened_by, purpose, amount_minor, currency, state, updated_at) VALUES ('pi_1', 'user', 'order', 1000, 'USD', 'refunding', now());`);

    for (const n of later) await rename(path.join(parked, n), path.join(copy.dir, n));
    await rm(parked, { recursive: true });
    const report = await runMigrations(db, { log: recordingLogger(), migrationsDir: copy.dir });
    expect(report.applied.some((n) => ENUM_MIGRATION.test(n))).toBe(true);

    const trip = await db.query<{ status: string; type: string }>(`SELECT status::text AS status, pg_typeof(status)::text AS type FROM trips WHERE id = 't1'`);
    expect(trip.rows).toEqual([{ status: 'booked', type: 'trip_status' }]);
    const payment = await db.query<{ state: string }>(`SELECT state::text AS state FROM payments WHERE id = 'pi_1'`);
    expect(payment.rows).toEqual([{ state: 'refunding' }]);
    await expect(db.exec(`UPDATE trips SET status = 'booked_twice' WHERE id = 't1'`)).rejects.toThrow(/invalid input value for enum trip_status/);
    const fresh = await db.query<{ status: string }>(`INSERT INTO trips (id, owner_id, name, destination, currency, updated_at) VALUES ('t2', 'u1', 'Oslo', 'OSL', 'NOK', now()) RETURNING status::text AS status`);
    expect(fresh.rows).toEqual([{ status: 'planning' }]);
  });
});
