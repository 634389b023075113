import { minorDigits } from '../../../tools/_kit/money.js';
import type { AlertRecord, AlertStore, WatchCheck, WatchOffer, WatchToCheck } from '../../../tools/alerts/alert-store.js';
import type { MemoryOutbox } from './outbox.js';

// The alert evaluation cycle in memory: the one TypeScript statement of what
// adapters/db/alert-store.ts and alert-trigger-sql.ts do in SQL, step for step, so
// unit tests can run a cycle without a database and trigger-equivalence.test.ts can
// hold the SQL to it. Keep the two in step: that test fails when they part.

/** An alert row as fare_alerts holds it: the record plus the price last notified (not part of the port's record). */
export interface MemoryAlertRow extends AlertRecord {
  /** A target alert fires again only below this; cleared when the price climbs back over the target. */
  notifiedMinor: number | null;
}

/** A fare_watches row. */
export interface MemoryWatch {
  id: string;
  origin: string;
  destination: string;
  date: string;
  /** '' for one way, as in the table's unique key. */
  returnDate: string;
  cabin: string;
  currency: string;
  priceMinor: number | null;
  prevPriceMinor: number | null;
  offer: WatchOffer | null;
  checkSeq: number;
  checkedAt: Date | null;
}

type CycleMethods = Pick<AlertStore, 'expire' | 'expandWatches' | 'dueWatches' | 'applyChecks'>;

/** Route, return date, cabin and currency: the group a watch belongs to, and that every alert's window lies in. */
const groupOf = (x: { origin: string; destination: string; returnDate: string | null; cabin: string; currency: string }) =>
  `${x.origin}|${x.destination}|${x.returnDate ?? ''}|${x.cabin}|${x.currency}`;

const later = (a: string, b: string) => (a > b ? a : b);
const earlier = (a: string, b: string) => (a < b ? a : b);

function addDay(day: string): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** The cheapest price and latest check on an alert's watches (dates still ahead, or the last date once all have passed), as list() shows them. */
export function latestPrices(alert: AlertRecord, watches: readonly MemoryWatch[], today: string): Pick<AlertRecord, 'lastPriceMinor' | 'lastCheckedAt'> {
  const from = later(alert.dateFrom, earlier(today, alert.dateTo));
  const group = groupOf(alert);
  let lastPriceMinor: number | null = null;
  let lastChecked: Date | null = null;
  for (const w of watches) {
    if (groupOf(w) !== group || w.date < from || w.date > alert.dateTo) continue;
    if (w.priceMinor !== null && (lastPriceMinor === null || w.priceMinor < lastPriceMinor)) lastPriceMinor = w.priceMinor;
    if (w.checkedAt && (!lastChecked || w.checkedAt > lastChecked)) lastChecked = w.checkedAt;
  }
  return { lastPriceMinor, lastCheckedAt: lastChecked?.toISOString() ?? null };
}

/** A window's verdict inputs: its cheapest priced day (ties: earliest) and the previous minimum over its priced days. */
function judgeWindow(watches: readonly MemoryWatch[], group: string, from: string, to: string): { best: MemoryWatch; prevMin: number | null } | null {
  let best: MemoryWatch | null = null;
  let prevMin: number | null = null;
  for (const w of watches) {
    if (w.priceMinor === null || groupOf(w) !== group || w.date < from || w.date > to) continue;
    if (!best || w.priceMinor < best.priceMinor! || (w.priceMinor === best.priceMinor && w.date < best.date)) best = w;
    if (w.prevPriceMinor !== null && (prevMin === null || w.prevPriceMinor < prevMin)) prevMin = w.prevPriceMinor;
  }
  return best ? { best, prevMin } : null;
}

function fires(alert: MemoryAlertRow, price: number, prevMin: number | null): boolean {
  if (alert.targetPriceMinor !== null) return price <= alert.targetPriceMinor && (alert.notifiedMinor === null || price < alert.notifiedMinor);
  return prevMin !== null && price < prevMin;
}

function triggeredPayload(alert: MemoryAlertRow, best: MemoryWatch, prevMin: number | null): Record<string, unknown> {
  const scale = 10 ** minorDigits(alert.currency);
  return {
    alert_id: alert.id, origin: alert.origin, destination: alert.destination,
    departure_date: best.date, return_date: best.returnDate === '' ? null : best.returnDate, cabin: alert.cabin,
    price: best.priceMinor! / scale, currency: alert.currency,
    previous_price: prevMin === null ? null : prevMin / scale, target_price: alert.targetPriceMinor === null ? null : alert.targetPriceMinor / scale,
    checked_at: best.checkedAt?.toISOString() ?? null,
    channels: [...alert.channels], offer: best.offer === null ? null : structuredClone(best.offer),
  };
}

/** The cycle's four port methods over the given alert rows and watch table; events go to `outbox`. */
export function memoryAlertCycle(alerts: MemoryAlertRow[], watches: MemoryWatch[], outbox: MemoryOutbox): CycleMethods {
  let nextWatchId = 1;
  return {
    async expire(today) {
      let count = 0;
      for (const a of alerts) {
        if (a.active && a.dateTo < today) {
          a.active = false;
          count++;
        }
      }
      return count;
    },

    async expandWatches(today) {
      const have = new Set(watches.map((w) => `${groupOf(w)}|${w.date}`));
      let created = 0;
      for (const a of alerts) {
        if (!a.active || a.dateTo < today) continue;
        for (let day = later(a.dateFrom, today); day <= a.dateTo; day = addDay(day)) {
          const key = `${groupOf(a)}|${day}`;
          if (have.has(key)) continue;
          have.add(key);
          watches.push({
            id: String(nextWatchId++), origin: a.origin, destination: a.destination, date: day, returnDate: a.returnDate ?? '', cabin: a.cabin, currency: a.currency,
            priceMinor: null, prevPriceMinor: null, offer: null, checkSeq: 0, checkedAt: null,
          });
          created++;
        }
      }
      return created;
    },

    async dueWatches(today, checkedBefore) {
      const needed = (w: MemoryWatch) => alerts.some((a) => a.active && groupOf(a) === groupOf(w) && a.dateFrom <= w.date && a.dateTo >= w.date);
      const due = watches.filter((w) => w.date >= today && (w.checkedAt === null || w.checkedAt < checkedBefore) && needed(w));
      // A group's watches together, the group with the stalest due watch first (never checked before any checked).
      const stalest = new Map<string, number | null>();
      for (const w of due) {
        const g = groupOf(w);
        const t = w.checkedAt?.getTime() ?? null;
        const seen = stalest.get(g);
        stalest.set(g, seen === undefined ? t : seen === null ? t : t === null ? seen : Math.min(seen, t));
      }
      const rank = (w: MemoryWatch) => stalest.get(groupOf(w)) ?? Number.NEGATIVE_INFINITY;
      const order = <T extends string | number>(a: T, b: T) => (a < b ? -1 : a > b ? 1 : 0);
      due.sort((x, y) => order(rank(x), rank(y)) || order(x.origin, y.origin) || order(x.destination, y.destination) || order(x.returnDate, y.returnDate)
        || order(x.cabin, y.cabin) || order(x.currency, y.currency) || order(x.date, y.date));
      return due.map((w): WatchToCheck => ({ id: w.id, origin: w.origin, destination: w.destination, date: w.date, returnDate: w.returnDate === '' ? null : w.returnDate, cabin: w.cabin, currency: w.currency }));
    },

    async applyChecks(checks, today, now) {
      if (checks.length === 0) return { events: 0 };
      const batch = recordChecks(watches, checks, now);
      // The windows of active alerts in the batch's groups that hold at least one batch watch.
      const groups = new Set(batch.map(groupOf));
      const windows = new Map<string, MemoryAlertRow[]>();
      for (const a of alerts) {
        if (!a.active || !groups.has(groupOf(a))) continue;
        if (!batch.some((w) => groupOf(w) === groupOf(a) && w.date >= a.dateFrom && w.date <= a.dateTo)) continue;
        const key = `${groupOf(a)}|${a.dateFrom}|${a.dateTo}`;
        windows.set(key, [...(windows.get(key) ?? []), a]);
      }
      let events = 0;
      for (const judged of windows.values()) {
        const first = judged[0]!;
        const verdict = judgeWindow(watches, groupOf(first), later(first.dateFrom, today), first.dateTo);
        if (!verdict) continue;
        const { best, prevMin } = verdict;
        const price = best.priceMinor!;
        for (const a of judged) {
          if (fires(a, price, prevMin)) {
            const dedupeKey = `alert.triggered:${a.id}:${best.id}:${best.checkSeq}`;
            const before = outbox.events.length;
            outbox.write([{ type: 'alert.triggered', aggregateId: a.id, dedupeKey, userId: a.userId, payload: triggeredPayload(a, best, prevMin) }]);
            // Counters move only for an event actually written (a replayed check is a fact already told).
            if (outbox.events.length === before) continue;
            a.triggerCount++;
            a.lastTriggeredAt = now.toISOString();
            a.notifiedMinor = price;
            events++;
          } else if (a.targetPriceMinor !== null && a.notifiedMinor !== null && price > a.targetPriceMinor) {
            // Back over the target: re-armed, so a later fall is a new drop.
            a.notifiedMinor = null;
          }
        }
      }
      return { events };
    },
  };
}

/** Writes the batch's prices (previous kept, sequence bumped) and returns the batch's watches; a check of an unknown watch is ignored, and an id given twice counts once. */
function recordChecks(watches: readonly MemoryWatch[], checks: readonly WatchCheck[], now: Date): MemoryWatch[] {
  const byId = new Map(watches.map((w) => [w.id, w]));
  const batch: MemoryWatch[] = [];
  for (const c of checks) {
    const w = byId.get(c.id);
    if (!w || batch.includes(w)) continue;
    w.prevPriceMinor = w.priceMinor;
    w.priceMinor = c.priceMinor;
    w.offer = c.offer === null ? null : structuredClone(c.offer);
    w.checkSeq++;
    w.checkedAt = new Date(now.getTime());
    batch.push(w);
  }
  return batch;
}
