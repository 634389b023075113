import { Prisma } from '../../prisma/generated/client.js';
import { minorDigits } from '../../tools/_kit/money.js';
import type { AlertChannel, AlertRecord, AlertStore, WatchToCheck } from '../../tools/alerts/alert-store.js';
import { triggerSql } from './alert-trigger-sql.js';
import type { PrismaClient } from './app-database.js';

// The AlertStore on PostgreSQL / PGlite. Evaluation is set-based: one statement
// expands every active alert into its watches, and one statement per batch of
// checked watches (alert-trigger-sql.ts) decides which alerts fire and writes their
// outbox events, so a cycle costs a handful of round trips however many alerts there are.

/** A batch at a million alerts touches tens of thousands of them; Prisma's 5 s default is too tight. */
const TX_TIMEOUT_MS = 120_000;
/** First key of the advisory lock that serialises one user's alert creations (ASCII "alrt"). */
const ALERT_CAP_LOCK = 0x616c7274;
/** A burst queues for the pool behind the lock; waiting longer than Prisma's 2 s beats a 503. */
const CREATE_MAX_WAIT_MS = 10_000;
const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ts = (column: string) => Prisma.raw(`to_char(${column}, ${ISO_TS})`);

/** The per-user cap, checked and applied under the user's lock. */
type CapCheck = { ok: true } | { ok: false; count: number };

interface AlertRow {
  id: string;
  user_id: string;
  origin: string;
  destination: string;
  date_from: string;
  date_to: string;
  return_date: string;
  cabin: string;
  target_price_minor: number | null;
  currency: string;
  channels: string[] | null;
  active: boolean;
  trigger_count: number;
  last_triggered_at: string | null;
  created_at: string;
  last_price_minor: number | null;
  last_checked_at: string | null;
}

function toRecord(row: AlertRow): AlertRecord {
  return {
    id: row.id,
    userId: row.user_id,
    origin: row.origin,
    destination: row.destination,
    dateFrom: row.date_from,
    dateTo: row.date_to,
    returnDate: row.return_date === '' ? null : row.return_date,
    cabin: row.cabin,
    targetPriceMinor: row.target_price_minor,
    currency: row.currency,
    channels: (row.channels ?? []).filter((c): c is AlertChannel => c === 'webhook' || c === 'in_app'),
    active: row.active,
    triggerCount: row.trigger_count,
    lastTriggeredAt: row.last_triggered_at,
    createdAt: row.created_at,
    lastPriceMinor: row.last_price_minor,
    lastCheckedAt: row.last_checked_at,
  };
}

/** Alerts matching `where`, with the cheapest price and latest check of their watches (dates still ahead, or the last date once all have passed). */
function selectAlerts(prisma: PrismaClient, where: Prisma.Sql, today: string): Promise<AlertRow[]> {
  return prisma.$queryRaw<AlertRow[]>`
    SELECT a.id, a.user_id, a.origin, a.destination,
      to_char(a.date_from, 'YYYY-MM-DD') AS date_from, to_char(a.date_to, 'YYYY-MM-DD') AS date_to, a.return_date,
      a.cabin, a.target_price_minor, a.currency, a.channels, a.active, a.trigger_count,
      ${ts('a.last_triggered_at')} AS last_triggered_at, ${ts('a.created_at')} AS created_at,
      p.last_price_minor, ${ts('p.last_checked_at')} AS last_checked_at
    FROM fare_alerts a
    LEFT JOIN LATERAL (
      SELECT MIN(w.price_minor) AS last_price_minor, MAX(w.checked_at) AS last_checked_at
      FROM fare_watches w
      WHERE w.origin = a.origin AND w.destination = a.destination AND w.return_date = a.return_date AND w.cabin = a.cabin AND w.currency = a.currency
        AND w.departure_date BETWEEN GREATEST(a.date_from, LEAST(${today}::date, a.date_to)) AND a.date_to
    ) p ON true
    WHERE ${where}
    ORDER BY a.created_at DESC, a.id DESC`;
}

export function createAlertStore(prisma: PrismaClient): AlertStore {
  return {
    async create(alert, maxPerUser) {
      const outcome = await prisma.$transaction(async (tx): Promise<CapCheck> => {
        // Count and insert under one lock per user, held to commit: without it concurrent
        // creations each counted room and the cap reached 108. An advisory lock needs no user
        // row (API-key users have none) and works on PGlite and PostgreSQL alike.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${ALERT_CAP_LOCK}::int, hashtext(${alert.userId}))`;
        const count = await tx.fareAlert.count({ where: { userId: alert.userId } });
        if (count >= maxPerUser) return { ok: false, count };
        await tx.fareAlert.create({
          data: {
            id: alert.id, userId: alert.userId, origin: alert.origin, destination: alert.destination,
            dateFrom: new Date(`${alert.dateFrom}T00:00:00Z`), dateTo: new Date(`${alert.dateTo}T00:00:00Z`), returnDate: alert.returnDate ?? '',
            cabin: alert.cabin, targetPriceMinor: alert.targetPriceMinor, currency: alert.currency, channels: alert.channels,
          },
        });
        return { ok: true };
      }, { maxWait: CREATE_MAX_WAIT_MS });
      if (!outcome.ok) return outcome;
      const [row] = await selectAlerts(prisma, Prisma.sql`a.id = ${alert.id}`, alert.dateFrom);
      if (!row) throw new Error(`alert ${alert.id} vanished after insert`);
      return { ok: true, alert: toRecord(row) };
    },

    async list(userId, today) {
      return (await selectAlerts(prisma, Prisma.sql`a.user_id = ${userId}`, today)).map(toRecord);
    },

    async remove(id, userId) {
      const { count } = await prisma.fareAlert.deleteMany({ where: { id, userId } });
      return count > 0;
    },

    async expire(today) {
      return prisma.$executeRaw`UPDATE fare_alerts SET active = false WHERE active AND date_to < ${today}::date`;
    },

    async expandWatches(today) {
      // Distinct (route, window) first, so a million alerts on a few thousand windows expand only the windows.
      return prisma.$executeRaw`
        INSERT INTO fare_watches (origin, destination, departure_date, return_date, cabin, currency)
        SELECT DISTINCT g.origin, g.destination, GREATEST(g.date_from, ${today}::date) + k, g.return_date, g.cabin, g.currency
        FROM (SELECT DISTINCT origin, destination, return_date, cabin, currency, date_from, date_to FROM fare_alerts WHERE active AND date_to >= ${today}::date) g
        CROSS JOIN LATERAL generate_series(0, g.date_to - GREATEST(g.date_from, ${today}::date)) AS k
        ON CONFLICT (origin, destination, departure_date, return_date, cabin, currency) DO NOTHING`;
    },

    async dueWatches(today, checkedBefore) {
      return prisma.$queryRaw<WatchToCheck[]>`
        SELECT w.id::text AS id, w.origin, w.destination, to_char(w.departure_date, 'YYYY-MM-DD') AS date, NULLIF(w.return_date, '') AS "returnDate", w.cabin, w.currency
        FROM fare_watches w
        WHERE w.departure_date >= ${today}::date
          AND (w.checked_at IS NULL OR w.checked_at < ${checkedBefore})
          AND EXISTS (
            SELECT 1 FROM fare_alerts a
            WHERE a.active AND a.origin = w.origin AND a.destination = w.destination AND a.return_date = w.return_date AND a.cabin = w.cabin AND a.currency = w.currency
              AND a.date_from <= w.departure_date AND a.date_to >= w.departure_date)
        -- A group's watches together (the cycle judges its alerts once all are priced), the group with the stalest watch first.
        ORDER BY MIN(w.checked_at) OVER (PARTITION BY w.origin, w.destination, w.return_date, w.cabin, w.currency) NULLS FIRST,
          w.origin, w.destination, w.return_date, w.cabin, w.currency, w.departure_date`;
    },

    async applyChecks(checks, today, now) {
      if (checks.length === 0) return { events: 0 };
      const ids = checks.map((c) => c.id);
      const prices = checks.map((c) => c.priceMinor);
      const offers = checks.map((c) => (c.offer ? JSON.stringify(c.offer) : null));
      const scales = Object.fromEntries(checks.map((c) => [c.currency, 10 ** minorDigits(c.currency)]));
      return prisma.$transaction(async (tx) => {
        await tx.$executeRaw`
          UPDATE fare_watches w
          SET prev_price_minor = w.price_minor, price_minor = c.price, offer = c.offer::jsonb, check_seq = w.check_seq + 1, checked_at = ${now}
          FROM unnest(${ids}::bigint[], ${prices}::int[], ${offers}::text[]) AS c(id, price, offer)
          WHERE w.id = c.id`;
        const [row] = await tx.$queryRaw<{ events: number; rearmed: number }[]>(triggerSql(ids, scales, today, now));
        return { events: row?.events ?? 0 };
      }, { timeout: TX_TIMEOUT_MS, maxWait: TX_TIMEOUT_MS });
    },
  };
}
