import type { DuffelStaysRate, DuffelStaysRoom, DuffelStaysSearch, DuffelStaysSearchResult } from '../../providers/duffel-stays/wire.js';
import { created, ok, type SimResult } from './duffel-sim-context.js';
import { simId } from './duffel-sim-ids.js';
import { readData } from './duffel-sim-input.js';
import { SimFailure, notFound } from './duffel-sim-order-errors.js';
import { timeBucket } from './seeded.js';
import type { StaysSimCtx } from './stays-sim-context.js';
import { readSearch, type StaySearchInput } from './stays-sim-input.js';
import type { RateRecord, SearchRecord } from './stays-sim-store.js';
import { CURRENCY, accommodationWire, amount, rateWire, roomWire } from './stays-sim-wire.js';
import { hotelById, hotelAt, hotelsNear, nightlyRates, type PricedRate, type StayPricing, type WorldHotel } from './world/hotels.js';

// POST /stays/search and POST /stays/search_results/{id}/actions/fetch_all_rates.
// A search prices every property in the circle for the stay; each result is kept
// 30 minutes. Ids and prices hold still within a 15-minute bucket, so the same
// search gives the same answer; a later bucket gives new ids (and prices made
// that day).

export const RESULT_LIFETIME_MS = 30 * 60_000;
const BUCKET_MINUTES = 15;
/** Duffel pages nothing here; more results than this would only be noise to a shopper. */
const MAX_RESULTS = 200;

/** A rate still refundable at `now`: some deadline in its timeline lies ahead. */
function refundableAt(rate: PricedRate, now: Date): boolean {
  return rate.cancellation.some((e) => Date.parse(e.before) > now.getTime());
}

function sellable(pricing: StayPricing, freeCancellationOnly: boolean, now: Date): PricedRate[] {
  return freeCancellationOnly ? pricing.rates.filter((r) => refundableAt(r, now)) : pricing.rates;
}

function cheapestOf(rates: readonly PricedRate[]): PricedRate {
  return rates.reduce((a, b) => (b.totalCents < a.totalCents ? b : a));
}

function pricingFor(hotel: WorldHotel, rec: Pick<SearchRecord, 'checkIn' | 'checkOut' | 'rooms' | 'adults' | 'childAges' | 'pricedOn'>): StayPricing | null {
  return nightlyRates(hotel, rec.checkIn, rec.checkOut, { today: rec.pricedOn, rooms: rec.rooms, adults: rec.adults, childAges: rec.childAges });
}

function candidates(input: StaySearchInput): WorldHotel[] {
  if (input.where.kind === 'accommodation') return input.where.ids.flatMap((id) => hotelById(id) ?? []);
  const { latitude, longitude, radiusKm } = input.where;
  return hotelsNear({ latitude, longitude }, radiusKm, { includeRentals: input.includeRentals });
}

function resultWire(rec: SearchRecord, hotel: WorldHotel, cheapest: PricedRate, rooms: DuffelStaysRoom[]): DuffelStaysSearchResult {
  return {
    id: rec.id,
    expires_at: rec.expiresAt,
    check_in_date: rec.checkIn,
    check_out_date: rec.checkOut,
    rooms: rec.rooms,
    guests: rec.guests,
    accommodation: accommodationWire(hotel, rooms),
    cheapest_rate_total_amount: amount(cheapest.totalCents),
    cheapest_rate_currency: CURRENCY,
    cheapest_rate_base_amount: amount(cheapest.baseCents),
    cheapest_rate_base_currency: CURRENCY,
    cheapest_rate_public_amount: amount(cheapest.totalCents),
    cheapest_rate_public_currency: CURRENCY,
    cheapest_rate_due_at_accommodation_amount: amount(cheapest.dueAtAccommodationCents),
    cheapest_rate_due_at_accommodation_currency: CURRENCY,
  };
}

export async function createSearch(ctx: StaysSimCtx, raw: string | undefined): Promise<SimResult> {
  const { seed, now } = ctx;
  const input = readSearch(readData(raw), now.toISOString().slice(0, 10));
  const bucket = timeBucket(now, BUCKET_MINUTES);
  // Prices are made for the bucket's day, so one bucket never straddles two price lists.
  const pricedOn = new Date(bucket * BUCKET_MINUTES * 60_000).toISOString().slice(0, 10);
  const guestKey = input.guests.map((g) => (g.type === 'adult' ? 'a' : `c${g.age}`)).join('');
  const expiresAt = new Date(now.getTime() + RESULT_LIFETIME_MS).toISOString();

  const records: SearchRecord[] = [];
  const results: DuffelStaysSearchResult[] = [];
  for (const hotel of candidates(input)) {
    if (results.length >= MAX_RESULTS) break;
    const base = { checkIn: input.checkIn, checkOut: input.checkOut, rooms: input.rooms, adults: input.adults, childAges: input.childAges, pricedOn };
    const pricing = pricingFor(hotel, base);
    const rates = pricing ? sellable(pricing, input.freeCancellationOnly, now) : [];
    if (rates.length === 0) continue;
    const rec: SearchRecord = {
      ...base,
      id: simId('srr', seed, hotel.id, input.checkIn, input.checkOut, input.rooms, guestKey, input.freeCancellationOnly ? 1 : 0, bucket),
      hotel: hotel.ref,
      guests: input.guests,
      freeCancellationOnly: input.freeCancellationOnly,
      expiresAt,
    };
    records.push(rec);
    // Search results carry no rooms: fetch_all_rates gives them.
    results.push(resultWire(rec, hotel, cheapestOf(rates), []));
  }
  await ctx.store.putSearches(records);
  const body: DuffelStaysSearch = { created_at: now.toISOString(), results };
  return created(body);
}

const SEARCH_EXPIRED = (id: string) =>
  new SimFailure(404, {
    type: 'invalid_request_error',
    code: 'search_result_expired',
    title: 'Search result expired',
    message: `Search result ${id} has expired. Search again for fresh rates.`,
  });

/** A live search result's record and hotel, or Duffel's error for it. */
async function liveSearch(ctx: StaysSimCtx, id: string): Promise<{ rec: SearchRecord; hotel: WorldHotel }> {
  const rec = await ctx.store.getSearch(id);
  if (!rec) throw notFound('search result');
  if (ctx.now.getTime() >= Date.parse(rec.expiresAt)) throw SEARCH_EXPIRED(id);
  const hotel = hotelAt(rec.hotel);
  if (!hotel) throw notFound('accommodation');
  return { rec, hotel };
}

export async function fetchAllRates(ctx: StaysSimCtx, resultId: string): Promise<SimResult> {
  const { rec, hotel } = await liveSearch(ctx, resultId);
  const pricing = pricingFor(hotel, rec);
  const rates = pricing ? sellable(pricing, rec.freeCancellationOnly, ctx.now) : [];
  if (rates.length === 0) throw SEARCH_EXPIRED(resultId);

  const rooms: DuffelStaysRoom[] = [];
  const rateRecords: RateRecord[] = [];
  for (const rate of rates) {
    const id = simId('rat', ctx.seed, rec.id, rate.key);
    const wire: DuffelStaysRate = rateWire(hotel, rate, id, rec.expiresAt, ctx.now);
    const room = roomWire(rate);
    rateRecords.push({ id, resultId: rec.id, room, rate: wire, expiresAt: rec.expiresAt });
    const existing = rooms.find((r) => r.name === room.name);
    if (existing) existing.rates.push(wire);
    else rooms.push({ ...room, rates: [wire] });
  }
  await ctx.store.putRates(rateRecords);
  return ok(resultWire(rec, hotel, cheapestOf(rates), rooms));
}
