import { minorToDecimal } from '../../../tools/_kit/money.js';
import type { DuffelAccommodation, DuffelStaysRate, DuffelStaysRoom } from '../../providers/duffel-stays/wire.js';
import type { PricedRate, WorldHotel } from './world/hotels.js';

// Hotels of the world and their priced rates in Duffel Stays' wire format
// (providers.md §2). `type: 'vacation_rental'` on an accommodation is our
// extension (Duffel Stays sells hotels only).

export const CURRENCY = 'USD';

export const amount = (cents: number): string => minorToDecimal(cents, CURRENCY);

const AMENITY_TEXT: Readonly<Record<string, string>> = {
  wifi: 'Free Wi-Fi',
  restaurant: 'Restaurant',
  room_service: 'Room service',
  concierge: 'Concierge',
  spa: 'Spa',
  gym: 'Fitness centre',
  pool: 'Swimming pool',
  lounge: 'Lounge',
  laundry: 'Laundry service',
  business_centre: 'Business centre',
  childcare_service: 'Childcare',
  '24_hour_front_desk': '24-hour front desk',
  accessibility_mobility: 'Accessible for guests with reduced mobility',
  parking: 'Parking',
  pets_allowed: 'Pets allowed',
};

function brandId(hotel: WorldHotel): string | null {
  return hotel.brand ? `bra_${(hotel.brandKey ?? hotel.brand).replace(/[^a-z0-9]+/gi, '_').toLowerCase()}` : null;
}

export function accommodationWire(hotel: WorldHotel, rooms: DuffelStaysRoom[]): DuffelAccommodation {
  const brand = brandId(hotel);
  return {
    id: hotel.id,
    name: hotel.name,
    description: hotel.description,
    location: {
      address: {
        line_one: hotel.address.lineOne,
        city_name: hotel.address.city,
        postal_code: hotel.address.postalCode,
        region: hotel.address.region,
        country_code: hotel.address.countryCode,
      },
      geographic_coordinates: { ...hotel.location },
    },
    rating: hotel.stars,
    review_score: hotel.reviewScore,
    review_count: hotel.reviewCount,
    ratings: hotel.stars === null ? [] : [{ source: 'property', value: hotel.stars }],
    amenities: hotel.amenities.map((type) => ({ type, description: AMENITY_TEXT[type] ?? type })),
    chain: hotel.chain ? { name: hotel.chain } : null,
    brand: brand && hotel.brand ? { id: brand, name: hotel.brand } : null,
    // No photos: the simulator has none it may show.
    photos: [],
    check_in_information: { check_in_after_time: hotel.checkInTime, check_out_before_time: hotel.checkOutTime },
    phone_number: null,
    email: null,
    rooms,
    supported_loyalty_programme: hotel.loyaltyProgramme,
    type: hotel.kind,
  };
}

export function roomWire(rate: PricedRate): Omit<DuffelStaysRoom, 'rates'> {
  return { name: rate.roomName, beds: rate.beds.map((b) => ({ ...b })), photos: [] };
}

/** A priced rate on the wire; deadlines already past at `now` are left out (a refund that can no longer be had). */
export function rateWire(hotel: WorldHotel, rate: PricedRate, id: string, expiresAt: string, now: Date): DuffelStaysRate {
  const timeline = rate.cancellation.filter((e) => Date.parse(e.before) > now.getTime());
  return {
    id,
    expires_at: expiresAt,
    total_amount: amount(rate.totalCents),
    total_currency: CURRENCY,
    base_amount: amount(rate.baseCents),
    base_currency: CURRENCY,
    tax_amount: amount(rate.taxCents),
    tax_currency: CURRENCY,
    fee_amount: amount(rate.feeCents),
    fee_currency: CURRENCY,
    due_at_accommodation_amount: amount(rate.dueAtAccommodationCents),
    due_at_accommodation_currency: CURRENCY,
    public_amount: amount(rate.totalCents),
    public_currency: CURRENCY,
    board_type: rate.boardType,
    payment_type: rate.paymentType,
    available_payment_methods: rate.paymentType === 'guarantee' ? ['card'] : ['balance', 'card'],
    cancellation_timeline: timeline.map((e) => ({ before: e.before, refund_amount: amount(e.refundCents), currency: CURRENCY })),
    conditions: rate.conditions.map((c) => ({ ...c })),
    supported_loyalty_programme: hotel.loyaltyProgramme,
    loyalty_programme_required: false,
    source: 'simulator',
    quantity_available: rate.quantityAvailable,
    // Duffel pays sellers a commission on hotel rates; 8 % of the base is a plausible figure for a simulator.
    estimated_commission_amount: amount(Math.round(rate.baseCents * 0.08)),
    estimated_commission_currency: CURRENCY,
    code: rate.key,
    name: rate.name,
    description: `${rate.roomName}, ${rate.name.toLowerCase()}.`,
    negotiated_rate_id: null,
  };
}
