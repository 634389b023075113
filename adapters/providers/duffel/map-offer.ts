import {
  CABIN_CLASSES,
  type BaggageAllowance,
  type CabinClass,
  type CashOffer,
  type FareConditions,
  type FlightSegment,
  type FlightSlice,
  type Money,
  type OfferPassenger,
  type PaymentRequirements,
} from '../../../tools/_kit/providers.js';
import { malformed } from './malformed.js';
import { optionalMoney, toMoney } from './map-money.js';
import { mapAvailableServices } from './map-service.js';
import type { DuffelConditionDetail, DuffelConditions, DuffelOffer, DuffelOfferPassenger, DuffelPaymentRequirements, DuffelPlace, DuffelSegment, DuffelSlice } from './wire.js';

// Duffel Offer → CashOffer. Anything essential that is missing or unreadable is a
// bad_response: an offer we cannot price or route must not reach a customer.
// The slice, segment and condition mappers are shared with orders and changes.

export { toMoney } from './map-money.js';

// A route's offers repeat a handful of durations many times over (every fare brand of
// every itinerary), so each distinct string is read once.
const durations = new Map<string, number | null>();

/** ISO 8601 duration ("PT7H5M", "P1DT2H") in whole minutes; null when absent or unreadable. */
export function isoDurationMinutes(duration: string | null | undefined): number | null {
  if (!duration) return null;
  let minutes = durations.get(duration);
  if (minutes === undefined) {
    minutes = readIsoDuration(duration);
    if (durations.size >= 10_000) durations.clear();
    durations.set(duration, minutes);
  }
  return minutes;
}

function readIsoDuration(duration: string): number | null {
  const m = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(duration);
  if (!m || duration === 'P' || duration.endsWith('T')) return null;
  const [, d, h, min, s] = m;
  return Number(d ?? 0) * 1440 + Number(h ?? 0) * 60 + Number(min ?? 0) + Math.round(Number(s ?? 0) / 60);
}

function isCabin(v: unknown): v is CabinClass {
  return typeof v === 'string' && (CABIN_CLASSES as readonly string[]).includes(v);
}

function placeCode(place: DuffelPlace | null | undefined, what: string): string {
  const code = place?.iata_code;
  if (!code) throw malformed(`${what} has no IATA code`);
  return code;
}

/** Minutes between two offset-less local times; only a fallback, as it ignores the time zones. */
function localMinutesBetween(from: string, to: string): number {
  const ms = Date.parse(`${to}Z`) - Date.parse(`${from}Z`);
  return Number.isFinite(ms) && ms > 0 ? Math.round(ms / 60_000) : 0;
}

function mapSegment(seg: DuffelSegment): FlightSegment {
  if (!seg || typeof seg.id !== 'string') throw malformed('segment without an id');
  const carrier = seg.marketing_carrier?.iata_code;
  if (!carrier) throw malformed(`segment ${seg.id} has no marketing carrier`);
  if (!seg.departing_at || !seg.arriving_at) throw malformed(`segment ${seg.id} has no times`);
  const out: FlightSegment = {
    origin: placeCode(seg.origin, 'segment origin'),
    destination: placeCode(seg.destination, 'segment destination'),
    departingAt: seg.departing_at.slice(0, 19),
    arrivingAt: seg.arriving_at.slice(0, 19),
    durationMinutes: isoDurationMinutes(seg.duration) ?? localMinutesBetween(seg.departing_at, seg.arriving_at),
    marketingCarrier: carrier,
    flightNumber: seg.marketing_carrier_flight_number,
    providerSegmentId: seg.id,
  };
  if (seg.marketing_carrier.name) out.marketingCarrierName = seg.marketing_carrier.name;
  if (seg.operating_carrier?.iata_code) out.operatingCarrier = seg.operating_carrier.iata_code;
  if (seg.aircraft?.name) out.aircraft = seg.aircraft.name;
  if (seg.origin_terminal) out.originTerminal = seg.origin_terminal;
  if (seg.destination_terminal) out.destinationTerminal = seg.destination_terminal;
  return out;
}

export function mapSlice(slice: DuffelSlice): FlightSlice {
  if (!slice || typeof slice.id !== 'string') throw malformed('slice without an id');
  if (!Array.isArray(slice.segments) || slice.segments.length === 0) throw malformed(`slice ${slice.id} has no segments`);
  const segments = slice.segments.map(mapSegment);
  const first = segments[0] as FlightSegment;
  const last = segments[segments.length - 1] as FlightSegment;
  return {
    origin: placeCode(slice.origin, 'slice origin'),
    destination: placeCode(slice.destination, 'slice destination'),
    // Without the slice's own duration, the gap from first departure to last arrival is the honest fallback.
    durationMinutes: isoDurationMinutes(slice.duration) ?? localMinutesBetween(first.departingAt, last.arrivingAt),
    segments,
    providerSliceId: slice.id,
  };
}

function mapCondition(detail: DuffelConditionDetail | null | undefined): { allowed: boolean | null; penalty: Money | null } {
  if (!detail) return { allowed: null, penalty: null };
  const penalty = detail.allowed ? (optionalMoney(detail.penalty_amount, detail.penalty_currency) ?? null) : null;
  return { allowed: detail.allowed, penalty };
}

export function mapConditions(conditions: DuffelConditions | null | undefined): FareConditions {
  const refund = mapCondition(conditions?.refund_before_departure);
  const change = mapCondition(conditions?.change_before_departure);
  return { refundable: refund.allowed, changeable: change.allowed, refundPenalty: refund.penalty, changePenalty: change.penalty };
}

/** The first passenger's allowance on the first segment: what the headline fare includes. */
function mapBaggage(offer: DuffelOffer): BaggageAllowance | undefined {
  const passenger = offer.slices[0]?.segments[0]?.passengers?.[0];
  if (!passenger || !Array.isArray(passenger.baggages)) return undefined;
  const count = (type: 'checked' | 'carry_on') => passenger.baggages.filter((b) => b.type === type).reduce((sum, b) => sum + (b.quantity ?? 0), 0);
  return { checked: count('checked'), carryOn: count('carry_on') };
}

/**
 * Duffel states the cabin per segment and passenger. A fare is sold by the cabin
 * of its longest flight (business across the ocean, whatever the short hop has),
 * so that segment's cabin names the offer.
 */
function mapCabin(offer: DuffelOffer): CabinClass {
  let longest: DuffelSegment | undefined;
  let longestMinutes = -1;
  for (const seg of offer.slices.flatMap((s) => s.segments ?? [])) {
    const minutes = isoDurationMinutes(seg.duration) ?? localMinutesBetween(seg.departing_at, seg.arriving_at);
    if (minutes > longestMinutes) [longest, longestMinutes] = [seg, minutes];
  }
  const cabin = longest?.passengers?.[0]?.cabin_class;
  if (!isCabin(cabin)) throw malformed(`offer ${offer.id} has no known cabin class`);
  return cabin;
}

export function mapOffer(offer: DuffelOffer): CashOffer {
  if (!offer || typeof offer.id !== 'string' || !offer.id) throw malformed('offer without an id');
  if (!Array.isArray(offer.slices) || offer.slices.length === 0) throw malformed(`offer ${offer.id} has no slices`);
  const owner = offer.owner?.iata_code;
  if (!owner) throw malformed(`offer ${offer.id} has no owner`);
  if (typeof offer.created_at !== 'string') throw malformed(`offer ${offer.id} has no created_at`);
  const out: CashOffer = {
    provider: 'duffel',
    providerOfferId: offer.id,
    bookable: true,
    total: toMoney(offer.total_amount, offer.total_currency),
    cabin: mapCabin(offer),
    fareBrand: offer.slices[0]?.fare_brand_name ?? null,
    slices: offer.slices.map(mapSlice),
    owner,
    expiresAt: offer.expires_at ?? null,
    observedAt: offer.created_at,
    conditions: mapConditions(offer.conditions),
  };
  const base = optionalMoney(offer.base_amount, offer.base_currency);
  if (base) out.base = base;
  const tax = optionalMoney(offer.tax_amount, offer.tax_currency);
  if (tax) out.tax = tax;
  if (offer.owner.name) out.ownerName = offer.owner.name;
  const baggage = mapBaggage(offer);
  if (baggage) out.baggage = baggage;
  const emissions = Number(offer.total_emissions_kg);
  if (offer.total_emissions_kg !== null && offer.total_emissions_kg !== undefined && Number.isFinite(emissions)) out.emissionsKg = emissions;
  addBookingDetail(out, offer);
  return out;
}

/** What booking needs beyond the price: passenger slots, extras, hold terms, per-slice fare rules. */
function addBookingDetail(out: CashOffer, offer: DuffelOffer): void {
  if (Array.isArray(offer.passengers)) out.passengers = offer.passengers.map(mapPassenger);
  // Only the single-offer read lists extras; null or absent means "not asked", not "none".
  if (Array.isArray(offer.available_services)) out.availableServices = mapAvailableServices(offer.available_services);
  if (offer.payment_requirements) out.paymentRequirements = mapPaymentRequirements(offer.payment_requirements);
  if (offer.slices.some((s) => s.conditions)) {
    out.sliceConditions = offer.slices.map((s) => ({
      fareBrand: s.fare_brand_name ?? null,
      conditions: mapConditions(s.conditions),
      priorityBoarding: s.conditions?.priority_boarding ?? null,
      advanceSeatSelection: s.conditions?.advance_seat_selection ?? null,
    }));
  }
  if (typeof offer.passenger_identity_documents_required === 'boolean') out.identityDocumentsRequired = offer.passenger_identity_documents_required;
}

const PASSENGER_TYPES: readonly OfferPassenger['type'][] = ['adult', 'child', 'infant_without_seat'];
/** Duffel's age bands when a passenger was searched by age and comes back without a type. */
const INFANT_UNDER = 2;
const CHILD_UNDER = 12;

export function passengerType(type: unknown, age: number | null | undefined): OfferPassenger['type'] {
  if (typeof type === 'string' && (PASSENGER_TYPES as readonly string[]).includes(type)) return type as OfferPassenger['type'];
  if (typeof age === 'number') return age < INFANT_UNDER ? 'infant_without_seat' : age < CHILD_UNDER ? 'child' : 'adult';
  // Neither type nor age: Duffel's passenger defaults to an adult.
  return 'adult';
}

function mapPassenger(p: DuffelOfferPassenger): OfferPassenger {
  if (!p || typeof p.id !== 'string' || p.id === '') throw malformed('offer passenger without an id');
  const out: OfferPassenger = { id: p.id, type: passengerType(p.type, p.age) };
  if (typeof p.age === 'number') out.age = p.age;
  return out;
}

function mapPaymentRequirements(r: DuffelPaymentRequirements): PaymentRequirements {
  return {
    requiresInstantPayment: r.requires_instant_payment === true,
    paymentRequiredBy: r.payment_required_by ?? null,
    priceGuaranteeExpiresAt: r.price_guarantee_expires_at ?? null,
  };
}
