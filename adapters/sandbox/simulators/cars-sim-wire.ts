import { minorToDecimal } from '../../../tools/_kit/money.js';
import type { DuffelCar, DuffelCarsCategory, DuffelCarsFuel, DuffelCarsLocation, DuffelCarsRate, DuffelCarsRateTerms, DuffelCarsVehicleType } from '../../providers/duffel-cars/wire.js';
import type { CarCounter } from './world/cars-locations.js';
import type { WorldCarRate } from './world/cars.js';

// The car world's rates in Duffel Cars' wire format, shared by search results,
// quotes and bookings.

/** The parts of a quote or booking that restate the rate. */
export type PricedWire = Pick<
  DuffelCarsRate,
  'base_amount' | 'base_currency' | 'total_amount' | 'total_currency' | 'payment_type' | 'mileage' | 'supplier' | 'car' | 'pickup_location' | 'dropoff_location'
>;

function locationWire(c: CarCounter): DuffelCarsLocation {
  return {
    name: c.name,
    geographic_coordinates: { latitude: c.latitude, longitude: c.longitude },
    address: { line_one: c.lineOne, city_name: c.airport.city, postal_code: null, region: null, country_code: c.airport.country },
    phone_number: null,
    access: c.access,
    additional_information: c.information.map((i) => ({ ...i })),
    opening_hours: [{ from: c.opens, to: c.closes }],
  };
}

function carWire(r: WorldCarRate): DuffelCar {
  return {
    name: r.car.model,
    code: r.car.acriss,
    category: r.acriss.category as DuffelCarsCategory,
    type: r.acriss.type as DuffelCarsVehicleType,
    transmission: r.acriss.transmission,
    fuel: r.acriss.fuel as DuffelCarsFuel,
    air_conditioning: r.acriss.airConditioning,
    max_passengers: r.car.seats,
    baggage: { ...r.car.bags },
    // No pictures: the simulator has no rights to any.
    images: [],
  };
}

export function pricedWire(r: WorldCarRate): PricedWire {
  const { currency } = r.price;
  return {
    base_amount: minorToDecimal(r.price.baseMinor, currency),
    base_currency: currency,
    total_amount: minorToDecimal(r.price.totalMinor, currency),
    total_currency: currency,
    payment_type: r.paymentType,
    mileage: r.mileage.type === 'unlimited' ? { type: 'unlimited' } : { ...r.mileage },
    supplier: { name: r.pickupCounter.supplier.name, logo_url: null },
    car: carWire(r),
    pickup_location: locationWire(r.pickupCounter),
    dropoff_location: locationWire(r.dropoffCounter),
  };
}

export function termsWire(r: WorldCarRate): DuffelCarsRateTerms {
  const { currency } = r.price;
  const t = r.terms;
  return {
    free_cancellation_until: t.freeCancellationUntilMs === null ? null : new Date(t.freeCancellationUntilMs).toISOString(),
    fuel_policy: t.fuelPolicy,
    collision_damage_waiver_included: t.cdwIncluded,
    theft_protection_included: t.theftProtectionIncluded,
    excess_amount: t.excessMinor === null ? null : minorToDecimal(t.excessMinor, currency),
    excess_currency: t.excessMinor === null ? null : currency,
    deposit_amount: minorToDecimal(t.depositMinor, currency),
    deposit_currency: currency,
  };
}

export function rateWire(id: string, r: WorldCarRate, expiresAt: Date): DuffelCarsRate {
  return { id, ...pricedWire(r), expires_at: expiresAt.toISOString(), terms: termsWire(r) };
}

export function chargesWire(r: WorldCarRate): { amount: string; currency: string; description: string }[] {
  return r.price.charges.map((c) => ({ amount: minorToDecimal(c.minor, r.price.currency), currency: r.price.currency, description: c.description }));
}
