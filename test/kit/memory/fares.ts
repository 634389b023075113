import type { DailyLowRow, FareHistoryStore, PriceObservationInput } from '../../../tools/fares/history-store.js';
import type { SearchRecord, SearchRecorder } from '../../../tools/fares/search-records.js';
import { writeSearchRecords } from '../../../tools/fares/record-searches.js';
import type { MistakeFareStore } from '../../../tools/deals/mistake-store.js';
import type { Logger } from '../../../tools/_kit/ports.js';

/** The local calendar date of an instant in an IANA zone (YYYY-MM-DD). */
const localDay = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date(iso));

/** Every observation kept in order; dailyLows reduces one-way ones to the lowest per departure date and local day. */
export function memoryFares(): FareHistoryStore & { observations: PriceObservationInput[] } {
  const observations: PriceObservationInput[] = [];
  return {
    observations,
    async record(list) {
      observations.push(...structuredClone([...list]));
    },
    async dailyLows(q) {
      const lows = new Map<string, DailyLowRow>();
      for (const o of observations) {
        if (o.origin !== q.origin || o.destination !== q.destination || o.cabin !== q.cabin || o.currency !== q.currency || o.returnDate !== null) continue;
        const day = localDay(o.observedAt, q.timeZone);
        if (day < q.sinceDay) continue;
        const key = `${day}|${o.departureDate}`;
        const held = lows.get(key);
        if (!held || o.priceMinor < held.priceMinor) lows.set(key, { departureDate: o.departureDate, day, priceMinor: o.priceMinor });
      }
      return [...lows.values()].sort((a, b) => a.day.localeCompare(b.day) || a.departureDate.localeCompare(b.departureDate));
    },
  };
}

/** Queues records and writes them with the production writer on flush(), like the background buffer. */
export function memorySearchRecords(deps: { fares: FareHistoryStore; mistakeFares: MistakeFareStore; clock: () => Date; log: Logger }): SearchRecorder & { queued: SearchRecord[] } {
  const queued: SearchRecord[] = [];
  return {
    queued,
    record(entry) {
      queued.push(entry);
    },
    async flush() {
      const batch = queued.splice(0);
      await writeSearchRecords({ services: { fares: deps.fares, mistakeFares: deps.mistakeFares, clock: deps.clock }, log: deps.log }, batch);
    },
  };
}
