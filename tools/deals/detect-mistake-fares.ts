import { randomUUID } from 'node:crypto';
import type { Services } from '../_kit/context.js';
import { fromMinor } from '../_kit/money.js';
import type { Logger } from '../_kit/ports.js';
import type { DomainEventInput } from '../booking/store.js';
import type { PriceObservationInput } from '../fares/history-store.js';
import { judgePrice, MISTAKE_RULES } from './mistake-rules.js';
import type { MistakeFare } from './mistake-store.js';

const DAY_MS = 86_400_000;

/** Round trips are compared with stays this many nights shorter or longer. */
const STAY_TOLERANCE_NIGHTS = 3;

function shiftDate(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const nightsBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** The cheapest observation per currency: two providers quoting the same glitch make one deal. */
function cheapestPerCurrency(observations: readonly PriceObservationInput[]): PriceObservationInput[] {
  const best = new Map<string, PriceObservationInput>();
  for (const o of observations) {
    const held = best.get(o.currency);
    if (!held || o.priceMinor < held.priceMinor) best.set(o.currency, o);
  }
  return [...best.values()];
}

/** The public webhook/outbox payload: the deal's facts, nothing about who searched. */
export function mistakeFareEvent(fare: MistakeFare, dedupeKey: string): DomainEventInput {
  return {
    type: 'alert.mistake_fare',
    aggregateId: fare.id,
    dedupeKey: `mistake_fare:${dedupeKey}`,
    userId: null,
    payload: {
      id: fare.id, origin: fare.origin, destination: fare.destination, departure_date: fare.departureDate, return_date: fare.returnDate, cabin: fare.cabin,
      price: fromMinor(fare.priceMinor, fare.currency), typical_price: fromMinor(fare.typicalMinor, fare.currency), sigmas: fare.sigmas, pct_off: fare.pctOff,
      detected_at: fare.detectedAt.toISOString(), source: fare.source,
    },
  };
}

/** What detection needs: a ToolContext has it, and so does the background batch that records searches. */
export type DetectionDeps = { services: Pick<Services, 'mistakeFares'>; log: Logger };

/**
 * Compares fresh observations with their route's history (rules in
 * mistake-rules.ts); records and announces mistake fares. Returns how many new
 * deals were recorded. One statistics lookup per search: every observation of a
 * search shares its route, date, cabin, trip kind and observation time. The
 * history is what was observed up to that time, so judging a search later (in
 * a batch, after newer searches were recorded) gives the same verdict, and the
 * deal is dated when the fare was seen.
 */
export async function detectMistakeFares(ctx: DetectionDeps, observations: readonly PriceObservationInput[]): Promise<number> {
  const first = observations[0];
  if (!first) return 0;
  const store = ctx.services.mistakeFares;
  const now = new Date(first.observedAt);
  // A round trip is judged against round trips of a similar length: a week away
  // and a month away are not the same product.
  const stay = first.returnDate === null ? 0 : nightsBetween(first.departureDate, first.returnDate);
  const stats = await store.historyStats({
    origin: first.origin,
    destination: first.destination,
    cabin: first.cabin,
    roundTrip: first.returnDate !== null,
    stayNights: { min: Math.max(0, stay - STAY_TOLERANCE_NIGHTS), max: stay + STAY_TOLERANCE_NIGHTS },
    departFrom: shiftDate(first.departureDate, -MISTAKE_RULES.windowDays),
    departTo: shiftDate(first.departureDate, MISTAKE_RULES.windowDays),
    observedSince: new Date(now.getTime() - MISTAKE_RULES.historyDays * DAY_MS),
    observedUntil: now,
    excludeSearchId: first.searchId,
  });
  let found = 0;
  for (const o of cheapestPerCurrency(observations)) {
    const history = stats.find((s) => s.currency === o.currency);
    const verdict = history ? judgePrice(o.priceMinor, history) : null;
    if (!verdict || !history) continue;
    const trip = o.returnDate === null ? o.departureDate : `${o.departureDate}/${o.returnDate}`;
    const dedupeKey = [o.origin, o.destination, trip, o.cabin, o.currency, now.toISOString().slice(0, 10)].join('|');
    const fare: MistakeFare = {
      id: `deal_${randomUUID().replaceAll('-', '').slice(0, 20)}`,
      origin: o.origin, destination: o.destination, departureDate: o.departureDate, returnDate: o.returnDate, cabin: o.cabin, source: o.source,
      priceMinor: o.priceMinor, typicalMinor: verdict.typical, currency: o.currency, sigmas: verdict.sigmas, pctOff: verdict.pctOff,
      samples: history.samples, detectedAt: now,
    };
    if (await store.record(fare, dedupeKey, mistakeFareEvent(fare, dedupeKey))) {
      found++;
      ctx.log.info({ deal: fare.id, route: `${o.origin}-${o.destination}`, sigmas: fare.sigmas, pctOff: fare.pctOff }, 'mistake fare detected');
    }
  }
  return found;
}
