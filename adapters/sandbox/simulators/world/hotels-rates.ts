import { addDays } from '../../../../tools/_kit/calendar-dates.js';
import { dayIndex, localToUtcMs, utcMsToLocal } from './geo.js';
import { standardNight, type NightQuote } from './hotels-demand.js';
import { breakfastUsd, roomTypes, variantsFor, type RateVariant, type RoomType, type VariantCode } from './hotels-rooms.js';
import type { WorldHotel } from './hotels-types.js';

// Every room and rate of a stay at a hotel of the world, in USD cents, from the
// nightly model (hotels-demand.ts) and the room and variant tables
// (hotels-rooms.ts). Amounts follow Duffel Stays' split:
//   total = base (room nights, breakfast) + tax (the hotel tax rate) + fee
//   (resort fee; a rental's cleaning fee); due at accommodation: the local
//   tourist tax, plus everything for a pay-at-the-hotel (guarantee) rate.
// Cancellation timeline: a refundable rate refunds everything until its free
// period ends (24–72 h before check-in at the hotel's check-in time, 7 or 14
// days for rentals); then, per hotel, everything but the first night, or
// nothing, until check-in; after check-in nothing.

export const MAX_NIGHTS = 90;
const ROOMS_PER_SHARE = 60;
/** Extra adults beyond two in a room pay this share of the room price each. */
const EXTRA_ADULT = 0.2;
/** The tourist tax scales with the stars in most cities that levy one. */
const TOURIST_TAX_BY_STARS: Readonly<Record<number, number>> = { 1: 0.3, 2: 0.4, 3: 0.65, 4: 1, 5: 1.6 };
const CHILD_TAXED_FROM_AGE = 12;

export interface StayRateOptions {
  /** The day the price is made (days-ahead pricing); 30 days before check-in when left out. */
  today?: string;
  rooms?: number;
  adults?: number;
  childAges?: readonly number[];
}

export interface PricedRate {
  /** Stable within the hotel: "<room code>.<variant code>". */
  key: string;
  roomCode: string;
  roomName: string;
  beds: RoomType['beds'];
  capacity: number;
  variant: VariantCode;
  name: string;
  boardType: RateVariant['boardType'];
  paymentType: RateVariant['paymentType'];
  refundable: boolean;
  /** USD per room for each night, before tax, breakfast included where the rate has it. */
  nightlyUsd: number[];
  baseCents: number;
  taxCents: number;
  feeCents: number;
  dueAtAccommodationCents: number;
  /** base + tax + fee: what the booking costs through the provider (for a guarantee rate, what the hotel will charge). */
  totalCents: number;
  /** Refund if cancelled before each instant (UTC ISO); an empty list means non-refundable. */
  cancellation: { before: string; refundCents: number }[];
  quantityAvailable: number;
  conditions: { title: string; description: string }[];
}

export interface StayPricing {
  hotelId: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  rooms: number;
  adults: number;
  childAges: number[];
  currency: 'USD';
  /** The standard room's night prices (per room, for two, before tax). */
  standardNights: NightQuote[];
  rates: PricedRate[];
  cheapest: PricedRate;
}

function stayDates(checkIn: string, checkOut: string): string[] {
  const n = dayIndex(checkOut) - dayIndex(checkIn);
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(checkIn, i));
}

function usd(cents: number): string {
  return `$${(cents / 100).toFixed(2)}`;
}

/** The check-in instant at the property (UTC ms). */
export function checkInInstant(hotel: WorldHotel, checkIn: string): number {
  return localToUtcMs(hotel.timezone, `${checkIn}T${hotel.checkInTime}:00`);
}

function timeline(hotel: WorldHotel, variant: RateVariant, checkIn: string, totalCents: number, firstNightCents: number): PricedRate['cancellation'] {
  if (!variant.refundable) return [];
  const arrival = checkInInstant(hotel, checkIn);
  const entries = [{ before: new Date(arrival - hotel.freeCancelHours * 3_600_000).toISOString(), refundCents: totalCents }];
  if (hotel.lateCancel === 'first_night') entries.push({ before: new Date(arrival).toISOString(), refundCents: Math.max(0, totalCents - firstNightCents) });
  return entries;
}

function conditions(hotel: WorldHotel, variant: RateVariant, checkIn: string, r: Pick<PricedRate, 'feeCents' | 'dueAtAccommodationCents'>): PricedRate['conditions'] {
  const arrival = checkInInstant(hotel, checkIn);
  const deadline = utcMsToLocal(hotel.timezone, arrival - hotel.freeCancelHours * 3_600_000).slice(0, 16).replace('T', ' ');
  const after = hotel.lateCancel === 'first_night' ? 'the first night is charged' : 'nothing is refunded';
  const out = [
    {
      title: 'Cancellation',
      description: variant.refundable
        ? `Free cancellation until ${deadline} local time (${hotel.freeCancelHours} hours before check-in); after that ${after}, and nothing once the stay has begun.`
        : 'Non-refundable: nothing is refunded if the booking is cancelled, changed or not used.',
    },
    {
      title: 'Payment',
      description: variant.paymentType === 'guarantee' ? 'Nothing is charged now: a card guarantees the booking and the stay is paid at the property.' : 'Paid in full when booked.',
    },
    { title: 'Taxes and fees', description: `Includes ${(hotel.taxRate * 100).toFixed(1).replace(/\.0$/, '')} % tax${r.feeCents > 0 ? ` and ${usd(r.feeCents)} in fees (${hotel.kind === 'vacation_rental' ? 'cleaning' : 'resort or destination fee'})` : ''}.` },
  ];
  if (hotel.touristTaxUsd > 0) out.push({ title: 'Paid at the property', description: `A local tourist tax of about ${usd(Math.round(hotel.touristTaxUsd * (TOURIST_TAX_BY_STARS[hotel.stars ?? 3] ?? 1) * 100))} per person per night is paid at the property.` });
  out.push({ title: 'Check-in', description: `Check-in from ${hotel.checkInTime}, check-out until ${hotel.checkOutTime}.` });
  return out;
}

/** Rooms left of a type over the whole stay: the fullest night decides. */
function roomsLeft(room: RoomType, nights: NightQuote[], hotel: WorldHotel): number {
  if (hotel.kind === 'vacation_rental') return nights.some((n) => n.soldOut) ? 0 : 1;
  return Math.min(...nights.map((n) => Math.floor((1 - n.occupancy) * ROOMS_PER_SHARE * room.share)));
}

/**
 * Every room and rate for the stay, or null when the hotel cannot sell it: a
 * night sold out, too short a stay for a rental, no room for the party, or
 * invalid dates. Deterministic in its inputs.
 */
export function nightlyRates(hotel: WorldHotel, checkIn: string, checkOut: string, opts: StayRateOptions = {}): StayPricing | null {
  const dates = stayDates(checkIn, checkOut);
  if (dates.length === 0 || dates.length > MAX_NIGHTS || dates.length < hotel.minNights) return null;
  const rooms = Math.max(1, opts.rooms ?? 1);
  const adults = Math.max(1, opts.adults ?? 2);
  const childAges = [...(opts.childAges ?? [])];
  if (hotel.kind === 'vacation_rental' && rooms > 1) return null;
  if (adults < rooms) return null;
  const today = opts.today ?? addDays(checkIn, -30);
  const standardNights = dates.map((d) => standardNight(hotel, d, today));
  if (standardNights.some((n) => n.soldOut)) return null;

  const perRoomGuests = Math.ceil((adults + childAges.length) / rooms);
  const perRoomAdults = Math.ceil(adults / rooms);
  const taxedPersons = adults + childAges.filter((a) => a >= CHILD_TAXED_FROM_AGE).length;
  const touristTaxCents = Math.round(hotel.touristTaxUsd * (TOURIST_TAX_BY_STARS[hotel.stars ?? 3] ?? 1) * 100) * taxedPersons * dates.length;
  const cleaningCents = hotel.kind === 'vacation_rental' ? Math.round((35 + 25 * (hotel.bedrooms ?? 1)) * Math.max(0.6, hotel.baseNightlyUsd / 250)) * 100 : 0;
  const breakfast = breakfastUsd(hotel);

  const rates: PricedRate[] = [];
  roomTypes(hotel).forEach((room, roomIndex) => {
    if (room.capacity < perRoomGuests) return;
    const left = roomsLeft(room, standardNights, hotel);
    if (left < rooms) return;
    const extraAdults = hotel.kind === 'hotel' ? Math.max(0, perRoomAdults - 2) : 0;
    for (const variant of variantsFor(hotel, roomIndex)) {
      const breakfastPerNight = variant.code === 'breakfast' ? breakfast * perRoomAdults + Math.round(breakfast * 0.5) * Math.ceil(childAges.length / rooms) : 0;
      const nightlyUsd = standardNights.map((n) => Math.round(n.usd * room.factor * variant.factor * (1 + EXTRA_ADULT * extraAdults)) + breakfastPerNight);
      const baseCents = nightlyUsd.reduce((s, n) => s + n, 0) * 100 * rooms;
      const taxCents = Math.round(baseCents * hotel.taxRate);
      const feeCents = Math.round(hotel.resortFeeUsd * 100) * dates.length * rooms + cleaningCents;
      const totalCents = baseCents + taxCents + feeCents;
      const dueAtAccommodationCents = touristTaxCents + (variant.paymentType === 'guarantee' ? totalCents : 0);
      const firstNightCents = Math.round((totalCents * nightlyUsd[0]!) / nightlyUsd.reduce((s, n) => s + n, 0));
      const priced = { feeCents, dueAtAccommodationCents };
      rates.push({
        key: `${room.code}.${variant.code}`,
        roomCode: room.code,
        roomName: room.name,
        beds: room.beds,
        capacity: room.capacity,
        variant: variant.code,
        name: variant.name,
        boardType: variant.boardType,
        paymentType: variant.paymentType,
        refundable: variant.refundable,
        nightlyUsd,
        baseCents,
        taxCents,
        feeCents,
        dueAtAccommodationCents,
        totalCents,
        cancellation: timeline(hotel, variant, checkIn, totalCents, firstNightCents),
        quantityAvailable: Math.min(left, 9),
        conditions: conditions(hotel, variant, checkIn, priced),
      });
    }
  });
  if (rates.length === 0) return null;
  const cheapest = rates.reduce((a, b) => (b.totalCents < a.totalCents ? b : a));
  return { hotelId: hotel.id, checkIn, checkOut, nights: dates.length, rooms, adults, childAges, currency: 'USD', standardNights, rates, cheapest };
}
