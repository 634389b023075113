import { Prisma } from '../../prisma/generated/client.js';
import { timeOrderedId } from './time-ordered-id.js';

// The alert trigger, one statement per batch of checked watches. A batch holds
// whole route groups (evaluate-cycle.ts), so each alert is judged once a cycle,
// against a window whose every day was just priced. Work is done per distinct
// alert window, not per alert: a million alerts share a few thousand windows.
//
// 1. windows: the distinct (group, date_from, date_to) of active alerts in the
//    batch's groups that hold at least one batch watch (a loose index scan of the
//    window index: one probe per window);
// 2. win: each window's cheapest priced day (ties: earliest), the previous
//    minimum over its priced days, and the part of the event its alerts share
//    (route, day, prices, check time, offer), built once per window;
// 3. acts: the alerts of those windows (exact index lookups) that fire (a target
//    reached below the last notified price, or any-drop below the previous
//    minimum; their event is the window's part plus their own) or re-arm; the
//    rest are dropped before anything is materialized;
// 4. ins: each event written once per (alert, watch, check) through the outbox's
//    unique dedupe key, with time-ordered ids (time-ordered-id.ts) so the inserts
//    append to the id index;
// 5. the counters bumped only for events written, at the row acts read (ctid; by
//    id for any that moved meanwhile), and target alerts whose price climbed back over the
//    target re-armed, so a later fall is a new drop.

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

export function triggerSql(ids: string[], scales: Record<string, number>, today: string, now: Date): Prisma.Sql {
  const scaleJson = JSON.stringify(scales);
  return Prisma.sql`
    WITH batch AS (
      SELECT b.origin, b.destination, b.return_date, b.cabin, b.currency, b.departure_date FROM fare_watches b WHERE b.id = ANY(${ids}::bigint[])
    ),
    grp AS (SELECT DISTINCT origin, destination, return_date, cabin, currency FROM batch),
    -- A loose index scan per group: each step jumps to the next distinct (date_from, date_to)
    -- on the window index, so a group costs one probe per window, not one row per alert.
    windows AS (
      SELECT g.origin, g.destination, g.return_date, g.cabin, g.currency, k.date_from, k.date_to
      FROM grp g
      CROSS JOIN LATERAL (
        WITH RECURSIVE step AS (
          (SELECT a.date_from, a.date_to FROM fare_alerts a
           WHERE a.active AND a.origin = g.origin AND a.destination = g.destination AND a.return_date = g.return_date AND a.cabin = g.cabin AND a.currency = g.currency
           ORDER BY a.date_from, a.date_to LIMIT 1)
          UNION ALL
          SELECT n.date_from, n.date_to FROM step s
          CROSS JOIN LATERAL (
            SELECT a.date_from, a.date_to FROM fare_alerts a
            WHERE a.active AND a.origin = g.origin AND a.destination = g.destination AND a.return_date = g.return_date AND a.cabin = g.cabin AND a.currency = g.currency
              AND (a.date_from, a.date_to) > (s.date_from, s.date_to)
            ORDER BY a.date_from, a.date_to LIMIT 1
          ) n
        )
        SELECT step.date_from, step.date_to FROM step
      ) k
      WHERE EXISTS (SELECT 1 FROM batch b WHERE b.origin = g.origin AND b.destination = g.destination AND b.return_date = g.return_date AND b.cabin = g.cabin
        AND b.currency = g.currency AND b.departure_date BETWEEN k.date_from AND k.date_to)
    ),
    -- One row per window: its verdict and the part of the event every alert of the window shares,
    -- built once here instead of once per event (a window fires ~100 alerts at a million).
    win AS MATERIALIZED (
      SELECT v.watch_id, v.check_seq, v.price_minor, v.prev_min, v.scale,
        jsonb_build_object(
          'origin', v.origin, 'destination', v.destination,
          'departure_date', to_char(v.departure_date, 'YYYY-MM-DD'), 'return_date', NULLIF(v.return_date, ''), 'cabin', v.cabin,
          'price', v.price_minor / v.scale, 'currency', v.currency, 'previous_price', v.prev_min / v.scale,
          'checked_at', to_char(v.checked_at, ${Prisma.raw(ISO_TS)}), 'offer', COALESCE(v.offer, 'null'::jsonb)) AS shared,
        v.origin, v.destination, v.return_date, v.cabin, v.currency, v.date_from, v.date_to
      FROM (
        SELECT DISTINCT ON (k.origin, k.destination, k.return_date, k.cabin, k.currency, k.date_from, k.date_to)
          k.origin, k.destination, k.return_date, k.cabin, k.currency, k.date_from, k.date_to,
          w.id AS watch_id, w.check_seq, w.departure_date, w.checked_at, w.price_minor, w.offer,
          MIN(w.prev_price_minor) OVER (PARTITION BY k.origin, k.destination, k.return_date, k.cabin, k.currency, k.date_from, k.date_to) AS prev_min,
          (${scaleJson}::jsonb ->> k.currency)::numeric AS scale
        FROM windows k
        JOIN fare_watches w ON w.origin = k.origin AND w.destination = k.destination AND w.return_date = k.return_date AND w.cabin = k.cabin AND w.currency = k.currency
          AND w.departure_date BETWEEN GREATEST(k.date_from, ${today}::date) AND k.date_to
        WHERE w.price_minor IS NOT NULL
        ORDER BY k.origin, k.destination, k.return_date, k.cabin, k.currency, k.date_from, k.date_to, w.price_minor, w.departure_date
      ) v
    ),
    -- The alerts of those windows that act: those that fire (with their event, the window's shared part and their own),
    -- and target alerts back over their target with a price notified (re-armed). The rest are dropped here, unmaterialized.
    -- Each row keeps where the alert was read (ctid), so bumping it needs no primary-key lookup.
    acts AS MATERIALIZED (
      SELECT j.id, j.tid, j.user_id, j.watch_id, j.check_seq, j.price_minor,
        CASE WHEN j.fires THEN j.shared || jsonb_build_object('alert_id', j.id, 'target_price', j.target_price_minor / j.scale, 'channels', to_jsonb(j.channels)) END AS payload
      FROM (
        SELECT a.id, a.ctid AS tid, a.user_id, a.target_price_minor, a.channels, win.watch_id, win.check_seq, win.price_minor, win.shared, win.scale,
          (a.target_price_minor IS NOT NULL AND win.price_minor <= a.target_price_minor AND (a.notified_minor IS NULL OR win.price_minor < a.notified_minor))
            OR (a.target_price_minor IS NULL AND win.prev_min IS NOT NULL AND win.price_minor < win.prev_min) AS fires,
          a.target_price_minor IS NOT NULL AND a.notified_minor IS NOT NULL AND win.price_minor > a.target_price_minor AS rearms
        FROM win
        JOIN fare_alerts a ON a.active AND a.origin = win.origin AND a.destination = win.destination AND a.return_date = win.return_date
          AND a.cabin = win.cabin AND a.currency = win.currency AND a.date_from = win.date_from AND a.date_to = win.date_to
      ) j
      WHERE j.fires OR j.rearms
    ),
    ins AS (
      INSERT INTO outbox_events (id, type, aggregate_id, dedupe_key, user_id, payload, created_at)
      SELECT ${timeOrderedId(now, Prisma.sql`f.n`)}, 'alert.triggered', f.id, 'alert.triggered:' || f.id || ':' || f.watch_id || ':' || f.check_seq, f.user_id, f.payload, ${now}
      FROM (SELECT acts.id, acts.user_id, acts.watch_id, acts.check_seq, acts.payload, row_number() OVER () AS n FROM acts WHERE acts.payload IS NOT NULL) f
      ON CONFLICT (dedupe_key) DO NOTHING
      RETURNING aggregate_id
    ),
    -- Alerts whose event was written bumped where \`acts\` read them, not through the primary key: 25,000-odd random
    -- index lookups per batch into a table larger than the buffer pool were a third of the statement. \`ins\` is asked
    -- through COALESCE(… IN …) so it stays one hashed lookup: as a join, its estimate of one row made a nested loop
    -- over both (quadratic: minutes per batch).
    bumped AS (
      UPDATE fare_alerts a SET trigger_count = a.trigger_count + 1, last_triggered_at = ${now}, notified_minor = t.price_minor
      FROM acts t
      WHERE a.ctid = t.tid AND a.id = t.id AND t.payload IS NOT NULL AND COALESCE(t.id IN (SELECT aggregate_id FROM ins), false)
      RETURNING a.id
    ),
    -- An alert another transaction changed since this statement's snapshot (e.g. expired by another process) has moved:
    -- whether the ctid match above followed it depends on the server version, so any it missed are bumped by id.
    bumped_moved AS (
      UPDATE fare_alerts a SET trigger_count = a.trigger_count + 1, last_triggered_at = ${now}, notified_minor = t.price_minor
      FROM acts t
      WHERE a.id = t.id AND t.payload IS NOT NULL AND COALESCE(t.id IN (SELECT aggregate_id FROM ins), false) AND t.id NOT IN (SELECT id FROM bumped)
      RETURNING a.id
    ),
    rearmed AS (
      UPDATE fare_alerts a SET notified_minor = NULL
      FROM acts j
      WHERE a.id = j.id AND j.payload IS NULL
      RETURNING a.id
    )
    SELECT (SELECT count(*) FROM ins)::int AS events, (SELECT count(*) FROM bumped)::int + (SELECT count(*) FROM bumped_moved)::int AS bumped,
      (SELECT count(*) FROM rearmed)::int AS rearmed`;
}
