import type { CabinClass } from '../../../tools/_kit/providers.js';
import type { DuffelAvailableService, DuffelConditionDetail, DuffelConditions, DuffelOffer, DuffelOfferPassenger, DuffelSegment, DuffelSlice } from '../../providers/duffel/wire.js';
import { MAX_BRAND_INDEX, MAX_ITINERARY_INDEX, encodeOfferId, recurringSimId, simId, type OfferRef } from './duffel-sim-ids.js';
import { airlineWire, aircraftWire, airportWire } from './duffel-sim-places.js';
import { DUFFEL_PACE, departureMs, holdTerms, type OfferTerms } from './duffel-sim-sandbox.js';
import { airlineInfo, cabinOffered, cashPrice, fareBrands, itineraries, seatLayoutFor } from './world/index.js';
import type { FareBrand, ScheduledFlight, ScheduledItinerary } from './world/types.js';

// Offers from the simulated world, in Duffel's shape. An offer is fully decided by
// its OfferRef (search + itinerary indices + brand + time bucket), so a search and
// a later GET of one of its offers build the very same thing.

export const BUCKET_MINUTES = 15;
export const OFFER_LIFETIME_MS = 30 * 60_000;
/** Offers shown in every brand, cheapest first; past them each itinerary is shown once. */
const MAX_OFFERS = 50;
/** Share of an adult fare paid by a child and by an infant on a lap. */
const CHILD_SHARE = 0.75;
const INFANT_SHARE = 0.1;
/** kg CO2 per passenger-km by cabin: premium cabins take more floor space. */
const EMISSIONS_PER_KM: Record<CabinClass, number> = { economy: 0.085, premium_economy: 0.13, business: 0.25, first: 0.34 };
const CHANGE_FEE_USD: Record<CabinClass, number> = { economy: 60, premium_economy: 80, business: 150, first: 200 };
const CABIN_NAMES: Record<CabinClass, string> = { economy: 'Economy', premium_economy: 'Premium Economy', business: 'Business', first: 'First' };
const BOOKING_CLASSES: Record<CabinClass, string> = { economy: 'OMY', premium_economy: 'TEW', business: 'IDJ', first: 'AFF' };

/** What was searched: prices depend on it and the time bucket alone, never on the request serial. */
export type SimSearch = Omit<OfferRef, 'outIndex' | 'returnIndex' | 'brandIndex' | 'bucket' | 'request' | 'multiIndices'>;
/** One offer request: the search and its serial, which makes its ids its own. */
export type SimRequest = SimSearch & Pick<OfferRef, 'request'>;

export function bucketStart(bucket: number): Date {
  return new Date(bucket * BUCKET_MINUTES * 60_000);
}

const round2 = (n: number) => Math.round(n * 100) / 100;
const money = (n: number) => n.toFixed(2);

/** ISO 8601 duration, as Duffel writes it ("PT7H5M", "P1DT2H"). */
export function isoDuration(minutes: number): string {
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  const time = `${h ? `${h}H` : ''}${m ? `${m}M` : ''}`;
  if (d && !time) return `P${d}D`;
  return `P${d ? `${d}D` : ''}T${time || '0M'}`;
}

/** The search alone, whatever else rides on the object (an OfferRef carries more). */
function searchKey(s: SimSearch): string {
  const key = [s.origin, s.destination, s.departureDate, s.returnDate ?? '-', s.adults, s.children, s.infants, s.cabin, s.maxConnections ?? '-'].join('|');
  return s.multi ? `${key}|${s.multi.map((m) => `${m.origin}>${m.destination}@${m.date}`).join(',')}` : key;
}

export function offerRequestId(seed: string, search: SimRequest, bucket: number): string {
  return recurringSimId('orq', seed, searchKey(search), bucket, search.request);
}

/** Passengers as Duffel echoes them; ids are shared by every offer of the request, and by no other request. */
export function passengersFor(seed: string, search: SimRequest, bucket: number): DuffelOfferPassenger[] {
  const orq = offerRequestId(seed, search, bucket);
  const types = [
    ...Array<'adult'>(search.adults).fill('adult'),
    ...Array<'child'>(search.children).fill('child'),
    ...Array<'infant_without_seat'>(search.infants).fill('infant_without_seat'),
  ];
  return types.map((type, i) => ({ id: recurringSimId('pas', seed, orq, i), type, age: null, given_name: null, family_name: null, fare_type: null, loyalty_programme_accounts: [] }));
}

function sellable(itin: ScheduledItinerary, cabin: CabinClass): boolean {
  return airlineInfo(itin.owner)?.onDuffel === true && cabinOffered(itin, cabin);
}

function brandsFor(owner: string, cabin: CabinClass): readonly (FareBrand | null)[] {
  const brands = fareBrands(owner, cabin).slice(0, MAX_BRAND_INDEX);
  return brands.length > 0 ? brands : [null];
}

function paxWeight(s: SimSearch): number {
  return s.adults + s.children * CHILD_SHARE + s.infants * INFANT_SHARE;
}

interface Priced {
  base: number;
  tax: number;
}

/** The whole offer's price for every passenger, or null when the world does not sell it. */
function priceOf(itins: readonly ScheduledItinerary[], brand: FareBrand | null, s: SimSearch, searchedAt: Date, mistakeFareRate: number): Priced | null {
  let base = 0;
  let tax = 0;
  for (const itin of itins) {
    const p = cashPrice(itin, s.cabin, { searchedAt, channel: 'duffel', mistakeFareRate, ...(brand ? { brand } : {}) });
    if (!p) return null;
    base += p.base;
    tax += p.tax;
  }
  const w = paxWeight(s);
  return { base: round2(base * w), tax: round2(tax * w) };
}

/** What an offer ref names in the world: its itineraries, slice by slice, and its fare brand. */
export interface Resolved {
  itins: ScheduledItinerary[];
  brand: FareBrand | null;
}

/**
 * An offer a search found, with what it names: a search has the itineraries and
 * brand in hand, and passing them on spares every later step finding them again
 * from the ref (resolve(ref) gives the same).
 */
export interface FoundOffer {
  ref: OfferRef;
  resolved: Resolved;
}

function slicesOf(s: SimSearch): { origin: string; destination: string; date: string }[] {
  if (s.multi) return s.multi;
  const out = [{ origin: s.origin, destination: s.destination, date: s.departureDate }];
  if (s.returnDate) out.push({ origin: s.destination, destination: s.origin, date: s.returnDate });
  return out;
}

function scheduleFor(s: SimSearch): ScheduledItinerary[][] {
  const opts = s.maxConnections === null ? {} : { maxConnections: s.maxConnections };
  return slicesOf(s).map((sl) => itineraries(sl.origin, sl.destination, sl.date, opts).slice(0, MAX_ITINERARY_INDEX + 1));
}

function compatible(out: ScheduledItinerary, back: ScheduledItinerary): boolean {
  if (out.owner === back.owner) return true;
  const a = airlineInfo(out.owner)?.alliance ?? null;
  return a !== null && a === (airlineInfo(back.owner)?.alliance ?? null);
}

/** A multi-city offer: each slice's itinerary, all sold by the first one's airline or its alliance. */
function resolveMulti(ref: OfferRef, indices: readonly number[]): ScheduledItinerary[] | null {
  const schedule = scheduleFor(ref);
  const itins: ScheduledItinerary[] = [];
  for (const [i, list] of schedule.entries()) {
    const itin = list[indices[i] ?? -1];
    if (!itin || !sellable(itin, ref.cabin) || (itins[0] && !compatible(itins[0], itin))) return null;
    itins.push(itin);
  }
  return itins;
}

function resolve(ref: OfferRef): Resolved | null {
  if (ref.multi) {
    const itins = resolveMulti(ref, ref.multiIndices ?? []);
    const brand = itins ? brandsFor(itins[0]!.owner, ref.cabin)[ref.brandIndex] : undefined;
    return itins && brand !== undefined ? { itins, brand } : null;
  }
  const [outbound, inbound] = scheduleFor(ref);
  const out = outbound?.[ref.outIndex];
  if (!out || !sellable(out, ref.cabin)) return null;
  const itins = [out];
  if (ref.returnDate) {
    const back = inbound?.[ref.returnIndex];
    if (!back || !sellable(back, ref.cabin) || !compatible(out, back)) return null;
    itins.push(back);
  }
  const brand = brandsFor(out.owner, ref.cabin)[ref.brandIndex];
  return brand === undefined ? null : { itins, brand };
}

/** Later slices tried per first slice of a multi-city search: the cheapest few of the last slice, the cheapest of the ones between. */
const MULTI_LAST_SLICE_CHOICES = 3;

/**
 * Multi-city offers: each sellable first slice with, for every later slice, the
 * cheapest itinerary its airline (or alliance) sells, and a few alternatives for
 * the last slice. Cheapest first, at most 50 with their fare brands.
 */
function multiOffers(s: SimRequest, bucket: number, mistakeFareRate: number): FoundOffer[] {
  const schedule = scheduleFor(s);
  const searchedAt = bucketStart(bucket);
  const alone = (itin: ScheduledItinerary) => {
    const p = priceOf([itin], brandsFor(itin.owner, s.cabin)[0] ?? null, s, searchedAt, mistakeFareRate);
    return p ? p.base + p.tax : Infinity;
  };
  const byPrice = schedule.map((list) => list.map((itin, index) => ({ itin, index, price: alone(itin) })).filter((x) => Number.isFinite(x.price) && sellable(x.itin, s.cabin)).sort((a, b) => a.price - b.price));
  const combos: { indices: number[]; price: number }[] = [];
  for (const first of byPrice[0] ?? []) {
    const fits = byPrice.slice(1).map((list) => list.filter((x) => compatible(first.itin, x.itin)));
    if (fits.some((list) => list.length === 0)) continue;
    const middle = fits.slice(0, -1).map((list) => list[0]!);
    for (const last of fits.at(-1)!.slice(0, MULTI_LAST_SLICE_CHOICES)) {
      const chosen = [first, ...middle, last];
      const itins = chosen.map((x) => x.itin);
      const p = priceOf(itins, brandsFor(first.itin.owner, s.cabin)[0] ?? null, s, searchedAt, mistakeFareRate);
      if (p) combos.push({ indices: chosen.map((x) => x.index), price: p.base + p.tax });
    }
  }
  combos.sort((a, b) => a.price - b.price || a.indices.join(',').localeCompare(b.indices.join(',')));
  const found: FoundOffer[] = [];
  for (const combo of combos) {
    const itins = combo.indices.map((index, slice) => schedule[slice]![index]!);
    const brands = brandsFor(itins[0]!.owner, s.cabin);
    for (let brandIndex = 0; brandIndex < brands.length && found.length < MAX_OFFERS; brandIndex++) {
      found.push({ ref: { ...s, outIndex: combo.indices[0]!, returnIndex: 0, multiIndices: combo.indices, brandIndex, bucket }, resolved: { itins, brand: brands[brandIndex]! } });
    }
    if (found.length >= MAX_OFFERS) break;
  }
  return found;
}

/**
 * The offers a search returns: the 50 cheapest (every fare brand of the cheapest
 * itinerary combinations), then the cheapest combination of each itinerary not yet
 * shown, so every flight the world sells on the route can be booked.
 */
export function searchOffers(s: SimRequest, bucket: number, mistakeFareRate: number): FoundOffer[] {
  if (s.multi) return multiOffers(s, bucket, mistakeFareRate);
  const [outbound = [], inbound = []] = scheduleFor(s);
  const searchedAt = bucketStart(bucket);
  const combos: { outIndex: number; returnIndex: number; itins: ScheduledItinerary[]; price: number }[] = [];
  outbound.forEach((out, outIndex) => {
    if (!sellable(out, s.cabin)) return;
    const backs: [ScheduledItinerary | null, number][] = s.returnDate ? inbound.map((b, i) => [b, i]) : [[null, 0]];
    for (const [back, returnIndex] of backs) {
      if (back && (!sellable(back, s.cabin) || !compatible(out, back))) continue;
      const itins = back ? [out, back] : [out];
      const p = priceOf(itins, brandsFor(out.owner, s.cabin)[0] ?? null, s, searchedAt, mistakeFareRate);
      if (p) combos.push({ outIndex, returnIndex, itins, price: p.base + p.tax });
    }
  });
  combos.sort((a, b) => a.price - b.price || a.outIndex - b.outIndex || a.returnIndex - b.returnIndex);
  const found: FoundOffer[] = [];
  const shownOut = new Set<number>();
  const shownBack = new Set<number>();
  const show = (combo: (typeof combos)[number], brandIndex: number) => {
    const brand = brandsFor(combo.itins[0]!.owner, s.cabin)[brandIndex]!;
    found.push({ ref: { ...s, outIndex: combo.outIndex, returnIndex: combo.returnIndex, brandIndex, bucket }, resolved: { itins: combo.itins, brand } });
    shownOut.add(combo.outIndex);
    if (s.returnDate) shownBack.add(combo.returnIndex);
  };
  const rest: typeof combos = [];
  for (const combo of combos) {
    if (found.length >= MAX_OFFERS) {
      rest.push(combo);
      continue;
    }
    const brands = brandsFor(combo.itins[0]!.owner, s.cabin);
    for (let brandIndex = 0; brandIndex < brands.length && found.length < MAX_OFFERS; brandIndex++) show(combo, brandIndex);
  }
  // Cheapest first, so each itinerary left out comes with its cheapest partner, in its base brand.
  for (const combo of rest) {
    const newOut = !shownOut.has(combo.outIndex);
    const newBack = s.returnDate !== null && !shownBack.has(combo.returnIndex);
    if (newOut || newBack) show(combo, 0);
  }
  return found;
}

function condition(allowed: boolean, penaltyUsd: number): DuffelConditionDetail {
  return allowed ? { allowed, penalty_amount: money(penaltyUsd), penalty_currency: 'USD' } : { allowed, penalty_amount: null, penalty_currency: null };
}

function conditionsFor(brand: FareBrand | null, s: SimSearch): DuffelConditions {
  if (!brand) return { refund_before_departure: null, change_before_departure: null };
  const payingPax = s.adults + s.children;
  const changeFee = brand.refundable ? 0 : CHANGE_FEE_USD[s.cabin] * payingPax;
  return { refund_before_departure: condition(brand.refundable, 0), change_before_departure: condition(brand.changeable, changeFee) };
}

/** The cabin flown on one flight: the one sold if the aircraft has it, else the best one below it. */
function segmentCabin(flight: ScheduledFlight, sold: CabinClass): CabinClass {
  const has = new Set(seatLayoutFor(flight.carrier, flight.aircraft).cabins.map((c) => c.cabinClass));
  const order: readonly CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];
  for (let i = order.indexOf(sold); i >= 0; i--) if (has.has(order[i]!)) return order[i]!;
  return 'economy';
}

function fareBasis(seed: string, flight: ScheduledFlight, cabin: CabinClass, brandIndex: number): string {
  const letter = BOOKING_CLASSES[cabin][Math.min(brandIndex, 2)] ?? 'Y';
  return `${letter}${recurringSimId('fbc', seed, flight.carrier, cabin, brandIndex).slice(4, 10)}`;
}

interface OfferContext {
  seed: string;
  ref: OfferRef;
  offerId: string;
  passengers: DuffelOfferPassenger[];
  brand: FareBrand | null;
}

function segmentWire(ctx: OfferContext, flight: ScheduledFlight, sliceIndex: number, segIndex: number): DuffelSegment {
  const origin = airportWire(flight.origin);
  const destination = airportWire(flight.destination);
  if (!origin || !destination) throw new Error(`world flight ${flight.carrier}${flight.flightNumber} uses an airport missing from the dataset`);
  const carrier = airlineWire(flight.carrier);
  const bags = ctx.brand ? { checked: ctx.brand.checkedBags, carryOn: ctx.brand.carryOn } : { checked: 0, carryOn: 1 };
  const cabin = segmentCabin(flight, ctx.ref.cabin);
  return {
    id: simId('seg', ctx.seed, ctx.offerId, sliceIndex, segIndex),
    origin,
    destination,
    origin_terminal: flight.originTerminal ?? null,
    destination_terminal: flight.destinationTerminal ?? null,
    departing_at: flight.departLocal,
    arriving_at: flight.arriveLocal,
    duration: isoDuration(flight.durationMinutes),
    distance: flight.distanceKm.toFixed(1),
    aircraft: aircraftWire(flight.aircraft),
    marketing_carrier: carrier,
    marketing_carrier_flight_number: flight.flightNumber,
    operating_carrier: carrier,
    operating_carrier_flight_number: flight.flightNumber,
    stops: [],
    passengers: ctx.passengers.map((p) => ({
      passenger_id: p.id,
      cabin_class: cabin,
      cabin_class_marketing_name: CABIN_NAMES[cabin],
      fare_basis_code: fareBasis(ctx.seed, flight, cabin, ctx.ref.brandIndex),
      baggages: [
        { type: 'checked', quantity: p.type === 'infant_without_seat' ? 0 : bags.checked },
        { type: 'carry_on', quantity: bags.carryOn },
      ],
    })),
  };
}

function sliceWire(ctx: OfferContext, itin: ScheduledItinerary, sliceIndex: number): DuffelSlice {
  const first = itin.segments[0]!;
  const last = itin.segments[itin.segments.length - 1]!;
  const conditions = conditionsFor(ctx.brand, ctx.ref);
  return {
    id: simId('sli', ctx.seed, ctx.offerId, sliceIndex),
    origin: airportWire(first.origin)!,
    destination: airportWire(last.destination)!,
    origin_type: 'airport',
    destination_type: 'airport',
    duration: isoDuration(itin.durationMinutes),
    fare_brand_name: ctx.brand?.name ?? null,
    comparison_key: recurringSimId('cmp', itin.key).slice(4),
    ngs_shelf: ctx.brand ? ctx.ref.brandIndex + 1 : null,
    conditions: {
      ...conditions,
      advance_seat_selection: ctx.brand?.seatSelection ?? null,
      priority_boarding: ctx.brand ? ctx.ref.brandIndex >= 2 || ctx.ref.cabin !== 'economy' : null,
      priority_check_in: ctx.brand ? ctx.ref.cabin === 'business' || ctx.ref.cabin === 'first' : null,
    },
    segments: itin.segments.map((f, i) => segmentWire(ctx, f, sliceIndex, i)),
  };
}

function baggageServices(ctx: OfferContext, slices: DuffelSlice[]): DuffelAvailableService[] {
  const segmentIds = slices.flatMap((s) => s.segments.map((g) => g.id));
  const perBag = 35 * slices.length;
  return ctx.passengers
    .filter((p) => p.type !== 'infant_without_seat')
    .map((p) => ({
      id: simId('ase', ctx.seed, ctx.offerId, 'bag', p.id),
      type: 'baggage',
      maximum_quantity: 2,
      passenger_ids: [p.id],
      segment_ids: segmentIds,
      total_amount: money(perBag),
      total_currency: 'USD',
      metadata: { type: 'checked', maximum_weight_kg: 23, maximum_length_cm: null, maximum_height_cm: null, maximum_depth_cm: null },
    }));
}

/** What GET /air/offers sorts and filters by, without building the offer: null when the world no longer sells it. */
export function offerFacts(ref: OfferRef, mistakeFareRate: number, resolved = resolve(ref)): { totalAmount: number; totalMinutes: number; connections: number } | null {
  if (!resolved) return null;
  const price = priceOf(resolved.itins, resolved.brand, ref, bucketStart(ref.bucket), mistakeFareRate);
  if (!price) return null;
  return {
    totalAmount: round2(price.base + price.tax),
    totalMinutes: resolved.itins.reduce((sum, it) => sum + it.durationMinutes, 0),
    connections: Math.max(...resolved.itins.map((it) => it.segments.length - 1)),
  };
}

/** Builds the offer a ref names (`resolved`, when the caller has it, is what it names), or null when the world no longer sells it. */
export function buildOffer(seed: string, ref: OfferRef, now: Date, withServices: boolean, mistakeFareRate: number, terms: OfferTerms = DUFFEL_PACE, resolved = resolve(ref)): DuffelOffer | null {
  if (!resolved) return null;
  const searchedAt = bucketStart(ref.bucket);
  const price = priceOf(resolved.itins, resolved.brand, ref, searchedAt, mistakeFareRate);
  if (!price) return null;
  const offerId = encodeOfferId(seed, ref);
  const brand = terms.allFaresChangeable && resolved.brand ? { ...resolved.brand, changeable: true } : resolved.brand;
  const ctx: OfferContext = { seed, ref, offerId, passengers: passengersFor(seed, ref, ref.bucket), brand };
  const slices = resolved.itins.map((itin, i) => sliceWire(ctx, itin, i));
  const owner = resolved.itins[0]!.owner;
  const km = resolved.itins.reduce((sum, it) => sum + it.distanceKm, 0);
  const instant = airlineInfo(owner)?.lowCost ?? false;
  const created = now.toISOString();
  return {
    id: offerId,
    live_mode: false,
    created_at: created,
    updated_at: created,
    expires_at: new Date(searchedAt.getTime() + OFFER_LIFETIME_MS).toISOString(),
    partial: false,
    total_amount: money(price.base + price.tax),
    total_currency: 'USD',
    base_amount: money(price.base),
    base_currency: 'USD',
    tax_amount: money(price.tax),
    tax_currency: 'USD',
    total_emissions_kg: String(Math.round(km * EMISSIONS_PER_KM[ref.cabin] * (ref.adults + ref.children))),
    owner: airlineWire(owner),
    conditions: conditionsFor(brand, ref),
    // Low-cost carriers sell for instant payment only; others hold until shortly before departure.
    // Counted from the search's bucket, so every read of the offer states the same terms.
    payment_requirements: holdTerms(searchedAt.getTime(), departureMs(slices), instant),
    passengers: ctx.passengers,
    passenger_identity_documents_required: terms.identityDocuments === 'cross_border' && slices.some((s) => s.segments.some((g) => g.origin.iata_country_code !== g.destination.iata_country_code)),
    supported_passenger_identity_document_types: ['passport'],
    supported_loyalty_programmes: [owner],
    ...(withServices ? { available_services: baggageServices(ctx, slices) } : {}),
    slices,
  };
}

// ---------- for orders: the fare per slice, and replacement slices for changes ----------

export interface SliceFare {
  /** Major units for every passenger, like an offer's amounts. */
  base: number;
  tax: number;
}

/** The offer's fare split by slice (each slice priced alone), in slice order; null when the world no longer sells it. */
export function offerSliceFares(ref: OfferRef, mistakeFareRate: number): SliceFare[] | null {
  const resolved = resolve(ref);
  if (!resolved) return null;
  const fares: SliceFare[] = [];
  for (const itin of resolved.itins) {
    const p = priceOf([itin], resolved.brand, ref, bucketStart(ref.bucket), mistakeFareRate);
    if (!p) return null;
    fares.push(p);
  }
  return fares;
}

export interface ChangeLeg {
  origin: string;
  destination: string;
  date: string;
  cabin: CabinClass;
}

/**
 * Slices that could replace one of an order's slices: the world's itineraries on
 * the new date, sold by the order's airline (or, failing that, its alliance),
 * under the order's fare brand, cheapest first.
 */
export function replacementSlices(ref: OfferRef, leg: ChangeLeg, owner: string, searchedAt: Date, limit: number, mistakeFareRate: number): { itin: ScheduledItinerary; fare: SliceFare; brand: FareBrand | null; brandIndex: number }[] {
  const legRef: OfferRef = { ...ref, cabin: leg.cabin };
  const candidates = itineraries(leg.origin, leg.destination, leg.date).filter((it) => sellable(it, leg.cabin));
  const alliance = airlineInfo(owner)?.alliance ?? null;
  const sameAirline = candidates.filter((it) => it.owner === owner);
  const pool = sameAirline.length > 0 ? sameAirline : candidates.filter((it) => alliance !== null && airlineInfo(it.owner)?.alliance === alliance);
  const priced = pool.flatMap((itin) => {
    const brands = brandsFor(itin.owner, leg.cabin);
    const brandIndex = Math.min(ref.brandIndex, brands.length - 1);
    const brand = brands[brandIndex] ?? null;
    const fare = priceOf([itin], brand, legRef, searchedAt, mistakeFareRate);
    return fare ? [{ itin, fare, brand, brandIndex }] : [];
  });
  priced.sort((a, b) => a.fare.base + a.fare.tax - (b.fare.base + b.fare.tax) || a.itin.key.localeCompare(b.itin.key));
  return priced.slice(0, limit);
}

/** One replacement slice in Duffel's shape, for the order's passengers. */
export function changeSliceWire(seed: string, ref: OfferRef, choice: { itin: ScheduledItinerary; brand: FareBrand | null; brandIndex: number }, cabin: CabinClass, idBase: string, sliceIndex: number): DuffelSlice {
  const legRef: OfferRef = { ...ref, cabin, brandIndex: choice.brandIndex };
  const ctx: OfferContext = { seed, ref: legRef, offerId: idBase, passengers: passengersFor(seed, ref, ref.bucket), brand: choice.brand };
  return sliceWire(ctx, choice.itin, sliceIndex);
}
