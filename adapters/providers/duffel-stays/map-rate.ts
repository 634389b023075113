import type { BoardType, StayPaymentType, StayRate } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireOneOf, requireString } from '../duffel/malformed.js';
import { optionalMoney, toMoney } from '../duffel/map-money.js';
import type { DuffelAccommodation, DuffelStaysCancellationTimelineEntry, DuffelStaysRate, DuffelStaysRoom } from './wire.js';

// Rooms and rates: Duffel nests rates under rooms; the domain lists them flat,
// each carrying its room's name and beds.

const BOARD_TYPES: readonly BoardType[] = ['room_only', 'breakfast', 'half_board', 'full_board', 'all_inclusive'];
const PAYMENT_TYPES: readonly StayPaymentType[] = ['pay_now', 'deposit', 'guarantee'];

export type Timeline = StayRate['cancellationTimeline'];

/** Refunds by deadline, earliest first; an empty list means the rate is non-refundable. */
export function mapTimeline(entries: DuffelStaysCancellationTimelineEntry[] | null | undefined): Timeline {
  if (entries === null || entries === undefined) return [];
  if (!Array.isArray(entries)) throw malformed('cancellation_timeline is not a list');
  return entries
    .map((e) => ({ before: requireString(e?.before, 'cancellation_timeline before'), refund: toMoney(e?.refund_amount, e?.currency) }))
    .sort((a, b) => Date.parse(a.before) - Date.parse(b.before));
}

/** The JS client's older bodies say `prepaid` for what Duffel now calls `pay_now`. */
function paymentType(value: unknown): StayPaymentType {
  return value === 'prepaid' ? 'pay_now' : requireOneOf(value, PAYMENT_TYPES, 'rate payment_type');
}

export function mapRate(rate: DuffelStaysRate, room: DuffelStaysRoom): StayRate {
  if (!isRecord(rate)) throw malformed('rate is missing');
  const nullable = (amount: string | null | undefined, currency: string | null | undefined) => optionalMoney(amount, currency) ?? null;
  return {
    id: requireString(rate.id, 'rate id'),
    roomName: requireString(room.name, 'room name'),
    beds: (Array.isArray(room.beds) ? room.beds : [])
      .filter((b) => typeof b?.type === 'string' && Number.isInteger(b.count) && b.count > 0)
      .map((b) => ({ type: b.type, count: b.count })),
    total: toMoney(rate.total_amount, rate.total_currency),
    base: nullable(rate.base_amount, rate.base_currency),
    tax: nullable(rate.tax_amount, rate.tax_currency),
    fee: nullable(rate.fee_amount, rate.fee_currency),
    dueAtAccommodation: nullable(rate.due_at_accommodation_amount, rate.due_at_accommodation_currency),
    boardType: requireOneOf(rate.board_type, BOARD_TYPES, 'rate board_type'),
    paymentType: paymentType(rate.payment_type),
    cancellationTimeline: mapTimeline(rate.cancellation_timeline),
    conditions: (Array.isArray(rate.conditions) ? rate.conditions : [])
      .filter((c) => typeof c?.title === 'string' && typeof c.description === 'string')
      .map((c) => ({ title: c.title, description: c.description })),
    loyaltyProgramme: typeof rate.supported_loyalty_programme === 'string' && rate.supported_loyalty_programme !== '' ? rate.supported_loyalty_programme : null,
    quantityAvailable: typeof rate.quantity_available === 'number' && Number.isFinite(rate.quantity_available) ? rate.quantity_available : null,
    expiresAt: typeof rate.expires_at === 'string' && rate.expires_at !== '' ? rate.expires_at : null,
  };
}

function roomsOf(acc: DuffelAccommodation): DuffelStaysRoom[] {
  if (acc.rooms === undefined || acc.rooms === null) return [];
  if (!Array.isArray(acc.rooms)) throw malformed('accommodation rooms is not a list');
  return acc.rooms.filter(isRecord) as DuffelStaysRoom[];
}

/**
 * Every room's rates, flat, in Duffel's order. One malformed rate among many is
 * dropped (the rest are still sellable); all of them malformed is a bad response.
 */
export function flattenRates(acc: DuffelAccommodation): StayRate[] {
  const rates: StayRate[] = [];
  let firstError: unknown;
  for (const room of roomsOf(acc)) {
    if (!Array.isArray(room.rates)) throw malformed(`room "${String(room.name)}" rates is not a list`);
    for (const rate of room.rates) {
      try {
        rates.push(mapRate(rate, room));
      } catch (err) {
        firstError ??= err;
      }
    }
  }
  if (rates.length === 0 && firstError !== undefined) throw firstError;
  return rates;
}

/**
 * The one rate a quote or booking carries in its accommodation: the one with the
 * id we know when it is there, else the only one (Duffel may re-issue rate ids).
 */
export function soleRate(acc: DuffelAccommodation, rateId: string | null): { rate: DuffelStaysRate; room: DuffelStaysRoom } | null {
  const all = roomsOf(acc).flatMap((room) => (Array.isArray(room.rates) ? room.rates : []).map((rate) => ({ rate, room })));
  return all.find((r) => rateId !== null && r.rate?.id === rateId) ?? all[0] ?? null;
}
