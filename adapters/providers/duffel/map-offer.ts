import { ProviderError } from '../../../tools/_kit/provider-error.js';
import {
  CABIN_CLASSES,
  type BaggageAllowance,
  type CabinClass,
  type CashOffer,
  type FareConditions,
  type FlightSegment,
  type FlightSlice,
  type Money,
} from '../../../tools/_kit/providers.js';
import type { DuffelConditionDetail, DuffelOffer, DuffelPlace, DuffelSegment, DuffelSlice } from './wire.js';

// Duffel Offer → CashOffer. Anything essential that is missing or unreadable is a
// bad_response: an offer we cannot price or route must not reach a customer.

/** Currencies whose minor unit is not the cent (ISO 4217). */
const MINOR_DIGITS: Record<string, number> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, XAF: 0, XOF: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3 };

function malformed(what: string): ProviderError {
  return new ProviderError('duffel', 'bad_response', `Duffel offer is malformed: ${what}`);
}

/** A Duffel decimal string ("123.45") as Money rounded to the currency's minor unit. */
export function toMoney(amount: string | null | undefined, currency: string | null | undefined): Money {
  const value = Number(amount);
  if (amount === null || amount === undefined || amount.trim() === '' || !Number.isFinite(value)) throw malformed(`amount "${String(amount)}"`);
  if (!currency || !/^[A-Za-z]{3}$/.test(currency)) throw malformed(`currency "${String(currency)}"`);
  const code = currency.toUpperCase();
  const scale = 10 ** (MINOR_DIGITS[code] ?? 2);
  return { amount: Math.round(value * scale) / scale, currency: code };
}

function optionalMoney(amount: string | null | undefined, currency: string | null | undefined): Money | undefined {
  return amount === null || amount === undefined || !currency ? undefined : toMoney(amount, currency);
}

/** ISO 8601 duration ("PT7H5M", "P1DT2H") in whole minutes; null when absent or unreadable. */
export function isoDurationMinutes(duration: string | null | undefined): number | null {
  if (!duration) return null;
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

function mapSlice(slice: DuffelSlice): FlightSlice {
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

function mapConditions(offer: DuffelOffer): FareConditions {
  const refund = mapCondition(offer.conditions?.refund_before_departure);
  const change = mapCondition(offer.conditions?.change_before_departure);
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
    conditions: mapConditions(offer),
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
  return out;
}
