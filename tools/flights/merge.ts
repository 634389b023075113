import { hash } from 'node:crypto';
import type { AwardOffer, CabinClass, CashOffer, FlightSlice } from '../_kit/providers.js';
import type { FlightResult, SourceName } from './flight-result.js';
import { checkoutTotal, inAskedCurrency, type AskedPrice } from './headline-price.js';

// Merges what the providers return into one result per flight. A flight is the
// sequence of (carrier, number, date) of its segments, so the same flight sold by
// Duffel, seen on Google Flights and bookable with miles meets in one result.

type CashPrice = FlightResult['prices'][number];
type AwardItem = FlightResult['awards'][number];

interface Entry {
  key: string;
  id: string;
  /** sliceKey of each slice, computed once: awards look flights up by it. */
  sliceKeys: string[];
  /** Cheapest first by `comparable`: the amount in the asked currency, computed once. */
  prices: (Omit<CashPrice, 'age_s'> & { observedAt: number; comparable: number })[];
  awards: (Omit<AwardItem, 'age_s'> & { observedAt: number; availabilityId: string })[];
  sources: Set<SourceName>;
  /**
   * The parts of the result that depend only on the flight, rendered when the
   * flight is first seen. The provider's slices are not kept: the board would
   * otherwise hold each flight twice (as the provider mapped it and as shown)
   * while the search waits for its slowest provider.
   */
  fixed: FixedView;
}

type FixedView = Pick<FlightResult, 'carrier' | 'route' | 'origin' | 'destination' | 'departing_at' | 'arriving_at' | 'duration_minutes' | 'stops' | 'slices' | 'dates'>;

/** Most prices kept per flight: every fare brand of the booking provider, plus the others. */
const MAX_PRICES = 8;

/** Cuts the list to MAX_PRICES, never dropping the cheapest bookable price: the result books it. */
function trimPrices(prices: Entry['prices']): void {
  if (prices.length <= MAX_PRICES) return;
  const bookable = prices.findIndex((p) => p.bookable);
  if (bookable >= MAX_PRICES) prices[MAX_PRICES - 1] = prices[bookable]!;
  prices.length = MAX_PRICES;
}

type HeldAward = Entry['awards'][number];

/** An award as one flight holds it, in that flight's direction (spelled out: spreading it was V8's slow path). */
function inDirection(a: HeldAward, direction: HeldAward['direction']): HeldAward {
  return {
    source: a.source, program: a.program, direction, cabin: a.cabin, miles: a.miles, taxes: a.taxes,
    taxes_currency: a.taxes_currency, seats_remaining: a.seats_remaining, observedAt: a.observedAt, availabilityId: a.availabilityId,
  };
}

export function sliceKey(slice: FlightSlice): string {
  return slice.segments.map((s) => `${s.marketingCarrier}${s.flightNumber}@${s.departingAt.slice(0, 10)}`).join('+');
}

function resultId(key: string, cabin: CabinClass): string {
  // One-shot hash: no Hash object per flight.
  return `fl_${hash('sha1', `${key}|${cabin}`).slice(0, 16)}`;
}

const ms = (iso: string, fallback: number) => {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? fallback : t;
};

/** A slice as every surface shows it. */
export function sliceView(slice: FlightSlice): FlightResult['slices'][number] {
  const first = slice.segments[0];
  const last = slice.segments.at(-1);
  return {
    origin: slice.origin,
    destination: slice.destination,
    departing_at: first?.departingAt ?? '',
    arriving_at: last?.arrivingAt ?? '',
    duration_minutes: Math.round(slice.durationMinutes),
    stops: Math.max(0, slice.segments.length - 1),
    segments: slice.segments.map((s) => ({
      flight: `${s.marketingCarrier}${s.flightNumber}`,
      carrier: s.marketingCarrier,
      operating_carrier: s.operatingCarrier ?? null,
      origin: s.origin,
      destination: s.destination,
      departing_at: s.departingAt,
      arriving_at: s.arrivingAt,
      duration_minutes: Math.round(s.durationMinutes),
      aircraft: s.aircraft ?? null,
    })),
  };
}

export interface BoardQuery {
  origin: string;
  destination: string;
  cabin: CabinClass;
  currency: string;
  /** BOOKING_MARKUP_PCT: checkout adds it to a bookable fare, so the headline price does too. */
  markupPct: number;
}

export class FlightBoard {
  private readonly entries = new Map<string, Entry>();
  /** Award-carrying slices by slice key, so a round-trip result can pick up one-way awards. */
  private readonly awardsBySlice = new Map<string, Entry['awards']>();
  /** Every entry flying a slice, by slice key, with that slice's position: an award finds its flights without a scan. */
  private readonly entriesBySlice = new Map<string, { entry: Entry; index: number }[]>();

  constructor(private readonly query: BoardQuery, private readonly now: () => number) {}

  private entry(slices: FlightSlice[]): Entry {
    const sliceKeys = slices.map(sliceKey);
    const key = sliceKeys.join('/');
    let entry = this.entries.get(key);
    if (!entry) {
      entry = { key, id: resultId(key, this.query.cabin), sliceKeys, prices: [], awards: [], sources: new Set(), fixed: this.fixedView(slices) };
      this.entries.set(key, entry);
      const created = entry;
      sliceKeys.forEach((k, index) => {
        const list = this.entriesBySlice.get(k);
        if (list?.some((e) => e.entry === created)) return; // first position only, as indexOf found it
        if (list) list.push({ entry: created, index });
        else this.entriesBySlice.set(k, [{ entry: created, index }]);
      });
      // A flight that arrives after its award options still gets them.
      sliceKeys.forEach((k, i) => {
        for (const award of this.awardsBySlice.get(k) ?? []) {
          entry?.awards.push(inDirection(award, i === 0 ? 'outbound' : 'return'));
          entry?.sources.add('seats_aero');
        }
      });
    }
    return entry;
  }

  /** Adds cash offers; returns the results they created or changed, each once. */
  addCash(offers: readonly CashOffer[]): FlightResult[] {
    const touched = new Set<Entry>();
    for (const offer of offers) {
      if (offer.slices.length === 0) continue;
      const entry = this.entry(offer.slices);
      const bookable = offer.bookable;
      entry.prices.push({
        source: offer.provider,
        amount: offer.total.amount,
        currency: offer.total.currency,
        fare_brand: offer.fareBrand,
        bookable,
        offer_id: bookable ? `${offer.provider}:${offer.providerOfferId}` : null,
        expires_at: offer.expiresAt,
        refundable: offer.conditions?.refundable ?? null,
        changeable: offer.conditions?.changeable ?? null,
        checked_bags: offer.baggage?.checked ?? null,
        observedAt: ms(offer.observedAt, this.now()),
        comparable: inAskedCurrency(offer.total, this.query.currency).amount,
      });
      entry.prices.sort((a, b) => a.comparable - b.comparable);
      trimPrices(entry.prices);
      entry.sources.add(offer.provider);
      touched.add(entry);
    }
    return [...touched].map((e) => this.view(e));
  }

  /** Adds award options; each joins the flight it is on, or stands alone when no cash result has it. */
  addAwards(awards: readonly AwardOffer[]): FlightResult[] {
    const touched = new Set<Entry>();
    for (const award of awards) {
      const slice = award.slices[0];
      if (!slice) continue; // route-and-day availability without flights cannot be placed on a flight
      const item = {
        source: 'seats_aero' as const,
        program: award.program,
        direction: 'outbound' as const,
        cabin: award.cabin,
        miles: award.miles,
        taxes: award.taxes.amount,
        taxes_currency: award.taxes.currency,
        seats_remaining: award.seatsRemaining,
        observedAt: ms(award.observedAt, this.now()),
        availabilityId: award.availabilityId,
      };
      const key = sliceKey(slice);
      const list = this.awardsBySlice.get(key) ?? [];
      list.push(item);
      this.awardsBySlice.set(key, list);
      let placed = false;
      for (const { entry, index } of this.entriesBySlice.get(key) ?? []) {
        entry.awards.push(inDirection(item, index === 0 ? 'outbound' : 'return'));
        entry.sources.add('seats_aero');
        touched.add(entry);
        placed = true;
      }
      if (!placed) {
        const entry = this.entry([slice]); // picks up `item` from awardsBySlice
        touched.add(entry);
      }
    }
    for (const entry of touched) entry.awards.sort((a, b) => a.miles - b.miles);
    return [...touched].map((e) => this.view(e));
  }

  /** Every result, cheapest first (award-only results after the priced ones, fewest miles first). */
  results(): FlightResult[] {
    return [...this.entries.values()].map((e) => this.view(e)).sort(compareResults);
  }

  /** What a result shows of the flight itself: the same on every answer, so rendered once per flight. */
  private fixedView(slices: FlightSlice[]): FixedView {
    const first = slices[0];
    const firstSeg = first?.segments[0];
    const lastOfFirst = first?.segments.at(-1);
    const airports = slices.flatMap((s, i) => (i === 0 ? [s.origin, s.destination] : s.origin === slices[i - 1]?.destination ? [s.destination] : [s.origin, s.destination]));
    return {
      carrier: firstSeg?.marketingCarrier ?? '',
      route: airports.join('-'),
      origin: first?.origin ?? this.query.origin,
      destination: first?.destination ?? this.query.destination,
      departing_at: firstSeg?.departingAt ?? null,
      arriving_at: lastOfFirst?.arrivingAt ?? null,
      duration_minutes: slices.length ? Math.round(slices.reduce((n, s) => n + s.durationMinutes, 0)) : null,
      stops: slices.length ? Math.max(...slices.map((s) => s.segments.length - 1)) : null,
      slices: slices.map(sliceView),
      dates: slices.map((s) => s.segments[0]?.departingAt.slice(0, 10) ?? ''),
    };
  }

  private view(entry: Entry): FlightResult {
    const now = this.now();
    const age = (t: number) => Math.max(0, Math.floor((now - t) / 1000));
    // The cheapest bookable offer is what the result books and prices; without one, the cheapest reference.
    const bookable = entry.prices.find((p) => p.bookable);
    const shown = bookable ?? entry.prices[0];
    const charge = bookable ? checkoutTotal(bookable, this.query.markupPct) : null;
    const headline: AskedPrice | null = charge ? inAskedCurrency(charge, this.query.currency) : shown ? inAskedCurrency(shown, this.query.currency) : null;
    const fixed = entry.fixed;
    let oldest = Infinity;
    for (const p of entry.prices) oldest = Math.min(oldest, p.observedAt);
    for (const a of entry.awards) oldest = Math.min(oldest, a.observedAt);
    return {
      id: entry.id,
      price: headline?.amount ?? null,
      currency: headline?.currency ?? null,
      fx_rate: headline?.fxRate ?? null,
      checkout_total: charge,
      carrier: fixed.carrier,
      route: fixed.route,
      origin: fixed.origin,
      destination: fixed.destination,
      departing_at: fixed.departing_at,
      arriving_at: fixed.arriving_at,
      duration_minutes: fixed.duration_minutes,
      stops: fixed.stops,
      cabin: this.query.cabin,
      fare_brand: shown?.fare_brand ?? null,
      bookable: bookable !== undefined,
      offer_id: bookable?.offer_id ?? null,
      expires_at: bookable?.expires_at ?? null,
      slices: fixed.slices,
      dates: fixed.dates,
      bags: null,
      // Spelled out, not rest-and-spread: V8's slow path for those was a few % of a search's CPU.
      prices: entry.prices.map((p) => ({
        source: p.source, amount: p.amount, currency: p.currency, fare_brand: p.fare_brand, bookable: p.bookable, offer_id: p.offer_id,
        expires_at: p.expires_at, refundable: p.refundable, changeable: p.changeable, checked_bags: p.checked_bags, age_s: age(p.observedAt),
      })),
      awards: entry.awards.map((a) => ({
        source: a.source, program: a.program, direction: a.direction, cabin: a.cabin, miles: a.miles, taxes: a.taxes,
        taxes_currency: a.taxes_currency, seats_remaining: a.seats_remaining, age_s: age(a.observedAt),
      })),
      sources: [...entry.sources].sort(),
      data_age_s: oldest === Infinity ? 0 : age(oldest),
    };
  }
}

export function compareResults(a: FlightResult, b: FlightResult): number {
  if (a.price !== null && b.price !== null) return a.price - b.price || (a.duration_minutes ?? 0) - (b.duration_minutes ?? 0);
  if (a.price !== null) return -1;
  if (b.price !== null) return 1;
  return (a.awards[0]?.miles ?? Infinity) - (b.awards[0]?.miles ?? Infinity);
}
