import { BRAND_BY_KEY } from './hotels-brands.js';
import type { WorldHotel } from './hotels-types.js';

// The room types each kind of property sells, priced relative to its standard
// room, and the rate variants on each room (board, payment, cancellation).

export interface RoomType {
  code: string;
  name: string;
  beds: { type: 'single' | 'double' | 'queen' | 'king' | 'sofabed'; count: number }[];
  /** Most guests (adults and children) in one room. */
  capacity: number;
  /** Price relative to the standard room. */
  factor: number;
  /** Share of the hotel's rooms of this type: what is left to sell scales with it. */
  share: number;
}

const NORTH_AMERICA = new Set(['US', 'CA', 'MX']);

function hotelRooms(hotel: WorldHotel): RoomType[] {
  const na = NORTH_AMERICA.has(hotel.address.countryCode);
  const brand = hotel.brandKey ? BRAND_BY_KEY.get(hotel.brandKey) : undefined;
  if (brand?.extendedStay) {
    return [
      { code: 'studio', name: 'Studio Suite', beds: [{ type: 'king', count: 1 }], capacity: 2, factor: 1, share: 0.5 },
      { code: 'one_bed', name: 'One-Bedroom Suite', beds: [{ type: 'king', count: 1 }, { type: 'sofabed', count: 1 }], capacity: 4, factor: 1.35, share: 0.35 },
      { code: 'two_bed', name: 'Two-Bedroom Suite', beds: [{ type: 'king', count: 1 }, { type: 'queen', count: 2 }], capacity: 6, factor: 1.9, share: 0.15 },
    ];
  }
  switch (hotel.tier) {
    case 'economy':
      return [
        { code: 'std_double', name: 'Standard Double Room', beds: [{ type: 'double', count: 1 }], capacity: 2, factor: 1, share: 0.55 },
        { code: 'std_twin', name: 'Standard Twin Room', beds: [{ type: 'single', count: 2 }], capacity: 2, factor: 1, share: 0.3 },
        { code: 'family', name: 'Family Room', beds: [{ type: 'double', count: 1 }, { type: 'sofabed', count: 1 }], capacity: 4, factor: 1.3, share: 0.15 },
      ];
    case 'midscale':
    case 'upper_midscale':
      return na
        ? [
            { code: 'king', name: 'Standard King Room', beds: [{ type: 'king', count: 1 }], capacity: 2, factor: 1, share: 0.5 },
            { code: 'two_queen', name: 'Standard Room, Two Queen Beds', beds: [{ type: 'queen', count: 2 }], capacity: 4, factor: 1.1, share: 0.45 },
            { code: 'king_suite', name: 'King Suite with Sofa Bed', beds: [{ type: 'king', count: 1 }, { type: 'sofabed', count: 1 }], capacity: 4, factor: 1.4, share: 0.05 },
          ]
        : [
            { code: 'std_double', name: 'Standard Double Room', beds: [{ type: 'double', count: 1 }], capacity: 2, factor: 1, share: 0.5 },
            { code: 'std_twin', name: 'Standard Twin Room', beds: [{ type: 'single', count: 2 }], capacity: 2, factor: 1, share: 0.35 },
            { code: 'superior', name: 'Superior Double Room', beds: [{ type: 'double', count: 1 }], capacity: 2, factor: 1.18, share: 0.15 },
          ];
    case 'upscale':
    case 'upper_upscale':
      return [
        { code: 'king', name: na ? 'Standard King Room' : 'Classic King Room', beds: [{ type: 'king', count: 1 }], capacity: 2, factor: 1, share: 0.5 },
        na
          ? { code: 'two_queen', name: 'Deluxe Room, Two Queen Beds', beds: [{ type: 'queen', count: 2 }], capacity: 4, factor: 1.15, share: 0.4 }
          : { code: 'deluxe_twin', name: 'Deluxe Twin Room', beds: [{ type: 'single', count: 2 }], capacity: 2, factor: 1.18, share: 0.4 },
        { code: 'junior_suite', name: 'Junior Suite', beds: [{ type: 'king', count: 1 }, { type: 'sofabed', count: 1 }], capacity: 3, factor: 1.85, share: 0.1 },
      ];
    case 'luxury':
      return [
        { code: 'deluxe_king', name: 'Deluxe King Room', beds: [{ type: 'king', count: 1 }], capacity: 2, factor: 1, share: 0.55 },
        { code: 'premier', name: na ? 'Premier Room, Two Queen Beds' : 'Premier Twin Room', beds: na ? [{ type: 'queen', count: 2 }] : [{ type: 'single', count: 2 }], capacity: na ? 4 : 2, factor: 1.25, share: 0.35 },
        { code: 'suite', name: 'Executive Suite', beds: [{ type: 'king', count: 1 }, { type: 'sofabed', count: 1 }], capacity: 3, factor: 2.2, share: 0.1 },
      ];
  }
}

export function roomTypes(hotel: WorldHotel): RoomType[] {
  if (hotel.kind === 'vacation_rental') {
    const bedrooms = hotel.bedrooms ?? 1;
    const beds: RoomType['beds'] = bedrooms === 0 ? [{ type: 'double', count: 1 }] : [{ type: 'double', count: bedrooms }, { type: 'sofabed', count: 1 }];
    const name = bedrooms === 0 ? 'Entire studio' : `Entire home, ${bedrooms} bedroom${bedrooms > 1 ? 's' : ''}`;
    return [{ code: 'entire', name, beds, capacity: bedrooms === 0 ? 2 : bedrooms * 2 + 2, factor: 1, share: 1 }];
  }
  return hotelRooms(hotel);
}

export type VariantCode = 'nonref' | 'flex' | 'breakfast' | 'pay_at_hotel';

export interface RateVariant {
  code: VariantCode;
  name: string;
  boardType: 'room_only' | 'breakfast';
  paymentType: 'pay_now' | 'guarantee';
  refundable: boolean;
  /** Price relative to the flexible room-only rate. */
  factor: number;
}

/** Variants sold on a room type; pay-at-hotel only on the first room, breakfast rates only where breakfast is not already included. */
export function variantsFor(hotel: WorldHotel, roomIndex: number): RateVariant[] {
  const included = hotel.brandKey ? BRAND_BY_KEY.get(hotel.brandKey)?.breakfastIncluded === true : false;
  const board = included ? 'breakfast' : 'room_only';
  const nonrefFactor = hotel.kind === 'vacation_rental' ? 0.9 : hotel.tier === 'luxury' ? 0.9 : 0.87;
  const out: RateVariant[] = [
    { code: 'nonref', name: 'Non-refundable rate', boardType: board, paymentType: 'pay_now', refundable: false, factor: nonrefFactor },
    { code: 'flex', name: hotel.kind === 'vacation_rental' ? 'Flexible rate' : 'Flexible rate, free cancellation', boardType: board, paymentType: 'pay_now', refundable: true, factor: 1 },
  ];
  if (hotel.kind === 'hotel' && !included) out.push({ code: 'breakfast', name: 'Bed and breakfast, free cancellation', boardType: 'breakfast', paymentType: 'pay_now', refundable: true, factor: 1 });
  if (hotel.payAtHotel && roomIndex === 0) out.push({ code: 'pay_at_hotel', name: 'Pay at the hotel, free cancellation', boardType: board, paymentType: 'guarantee', refundable: true, factor: 1 });
  return out;
}

/** Breakfast per adult per night, USD: by tier, scaled by the hotel's price level. */
export function breakfastUsd(hotel: WorldHotel): number {
  const byTier = { economy: 11, midscale: 15, upper_midscale: 16, upscale: 24, upper_upscale: 32, luxury: 45 }[hotel.tier];
  return Math.round(byTier * Math.min(1.5, Math.max(0.5, hotel.baseNightlyUsd / (hotel.tier === 'luxury' ? 600 : hotel.tier === 'economy' ? 110 : 220))));
}
