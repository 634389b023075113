import type { Airport } from '../../../../tools/_kit/reference/airports.js';
import { unit } from '../seeded.js';
import { DAY_MS, distanceKm, localToUtcMs } from './geo.js';
import { decodeAcriss, type AcrissInfo } from './cars-acriss.js';
import { FLEETS, categoryLetter, type FleetCar } from './cars-fleet.js';
import { countersAt, type CarCounter } from './cars-locations.js';
import { carMarket, type CarMarket } from './cars-markets.js';
import { rentalDays, rentalPrice, YOUNG_DRIVER_AGE, type RentalPrice } from './cars-pricing.js';
import { supplierMinAge } from './cars-suppliers.js';
import { carTerms, type WorldCarTerms } from './cars-terms.js';

// Car rental in the simulated world: which cars each brand rents at an airport on
// a date, on which terms, at what price. Deterministic: the same rental asked at
// the same instant gives the same rates. Simulators turn these into wire formats.
//
// Rules: a brand rents only at airports where it has a counter open at the pick-up
// time, and only to drivers of its minimum age (premium, luxury and sports classes
// need 25); a class is stocked by airport size (core, wide, hub) and is sometimes
// sold out on a date; pay-now (prepaid) rates exist where the brand sells them; a
// different drop-off airport needs the brand there too and costs a one-way fee
// (across a border only within Europe).

/** Share of (counter, class, date) combinations sold out. */
const SOLD_OUT = 0.08;
/** Share of a pay-now brand's counters that sell pay-now rates. */
const PREPAID_AT = 0.85;

export type CarPaymentType = 'postpaid' | 'prepaid';

export interface CarRentalAsk {
  pickup: Airport;
  dropoff: Airport;
  /** Local wall-clock times at the airports, YYYY-MM-DDTHH:MM. */
  pickupLocal: string;
  dropoffLocal: string;
  driverAge: number;
  /** When the rental is priced (the search's time bucket). */
  pricedAt: Date;
}

export interface WorldCarRate {
  pickupCounter: CarCounter;
  dropoffCounter: CarCounter;
  fleetIndex: number;
  car: FleetCar;
  acriss: AcrissInfo;
  paymentType: CarPaymentType;
  price: RentalPrice;
  days: number;
  mileage: { type: 'unlimited' } | { type: 'limited'; unit: 'kilometres' | 'miles'; limit: number };
  minAge: number;
  pickupUtcMs: number;
  dropoffUtcMs: number;
  terms: WorldCarTerms;
  conditions: { title: string; text: string }[];
}

const KM_PER_MILE = 1.609344;

function mileageFor(counter: CarCounter, car: FleetCar, market: CarMarket, days: number): WorldCarRate['mileage'] {
  const rule = counter.supplier.limitedMileage;
  if (!rule || !rule.regions.includes(counter.region) || !rule.categories.includes(categoryLetter(car.acriss))) return { type: 'unlimited' };
  // UNCONFIRMED whether Duffel's limit is per day or per rental: ours is for the whole rental.
  if (market.miles) return { type: 'limited', unit: 'miles', limit: Math.round(rule.perDay / KM_PER_MILE / 10) * 10 * days };
  return { type: 'limited', unit: 'kilometres', limit: rule.perDay * days };
}

function conditionsFor(r: Omit<WorldCarRate, 'conditions'>, driverAge: number, oneWay: boolean): WorldCarRate['conditions'] {
  const out: WorldCarRate['conditions'] = [
    r.paymentType === 'prepaid'
      ? { title: 'Cancellation policy', text: 'Paid in full at booking. Cancel more than 48 hours before pick-up for a full refund; later cancellations are refunded 50 %. No refund after pick-up or for a no-show.' }
      : { title: 'Cancellation policy', text: 'Free cancellation at any time before pick-up. Nothing is charged at booking: the rental is paid at the counter.' },
    { title: 'Driver requirements', text: `The main driver must be at least ${r.minAge}, hold a full driving licence for at least one year and present a credit card in their own name for the security deposit.` },
    r.mileage.type === 'unlimited'
      ? { title: 'Mileage', text: 'Unlimited mileage.' }
      : { title: 'Mileage', text: `Includes ${r.mileage.limit} ${r.mileage.unit} for the whole rental; extra distance is charged at the counter.` },
    r.terms.fuelPolicy === 'full_to_full'
      ? { title: 'Fuel policy', text: 'Full to full: the car comes with a full tank; return it full to avoid refuelling charges.' }
      : { title: 'Fuel policy', text: 'Full to empty: the first tank is bought at the counter; return the car as empty as you like, unused fuel is not refunded.' },
    r.terms.cdwIncluded
      ? { title: 'Insurance', text: 'Collision damage waiver and theft protection are included, with an excess payable after damage or theft.' }
      : { title: 'Insurance', text: 'Collision damage waiver and theft protection are not included; they can be bought at the counter.' },
  ];
  if (driverAge < YOUNG_DRIVER_AGE) out.push({ title: 'Young driver', text: 'Drivers under 25 pay a young driver surcharge, included in this price.' });
  if (oneWay) out.push({ title: 'One-way rental', text: 'The car is returned to a different location; the one-way fee is included in this price.' });
  return out;
}

/** Share of medium-airport counters that stock the `wide` classes. */
const WIDE_AT_MEDIUM = 0.5;

function stocked(car: FleetCar, counter: CarCounter): boolean {
  if (car.tier === 'core' || counter.airport.size === 'large') return true;
  return car.tier === 'wide' && unit('cars-wide', counter.airport.iata, counter.supplier.name) < WIDE_AT_MEDIUM;
}

/** The rental's shared facts, or null when it cannot be rented at all (one-way across regions, unknown zone). */
function rentalFrame(ask: CarRentalAsk) {
  const pickupUtcMs = localToUtcMs(ask.pickup.timezone, `${ask.pickupLocal}:00`);
  const dropoffUtcMs = localToUtcMs(ask.dropoff.timezone, `${ask.dropoffLocal}:00`);
  const pickupCounters = countersAt(ask.pickup.iata);
  const market = carMarket(ask.pickup.country, pickupCounters[0]?.region ?? 'NA');
  const oneWay = ask.pickup.iata !== ask.dropoff.iata;
  const international = ask.pickup.country !== ask.dropoff.country;
  if (oneWay && international) {
    const dropRegion = countersAt(ask.dropoff.iata)[0]?.region;
    if (market.region !== 'EU' || dropRegion !== 'EU') return null;
  }
  return {
    pickupUtcMs,
    dropoffUtcMs,
    market,
    days: rentalDays(pickupUtcMs, dropoffUtcMs),
    daysAhead: (pickupUtcMs - ask.pricedAt.getTime()) / DAY_MS,
    pickupCounters,
    dropoffCounters: oneWay ? countersAt(ask.dropoff.iata) : pickupCounters,
    oneWay: oneWay ? { km: distanceKm(ask.pickup.iata, ask.dropoff.iata), international } : null,
  };
}

type Frame = NonNullable<ReturnType<typeof rentalFrame>>;

function buildRate(ask: CarRentalAsk, frame: Frame, counter: CarCounter, fleetIndex: number, paymentType: CarPaymentType): WorldCarRate | null {
  const { supplier } = counter;
  const fleet = FLEETS[frame.market.fleet];
  const car = fleet[fleetIndex];
  const dropoffCounter = frame.dropoffCounters.find((c) => c.supplierIndex === counter.supplierIndex);
  if (!car || !dropoffCounter) return null;
  const time = ask.pickupLocal.slice(11, 16);
  if (time < counter.opens || time > counter.closes) return null;
  const minAge = Math.max(supplierMinAge(supplier, counter.region), car.minAge);
  if (ask.driverAge < minAge) return null;
  if (categoryLetter(car.acriss) === 'L' && !supplier.luxury) return null;
  if (!stocked(car, counter)) return null;
  const pickupDate = ask.pickupLocal.slice(0, 10);
  if (unit('cars-sold-out', ask.pickup.iata, supplier.name, car.acriss, pickupDate) < SOLD_OUT) return null;
  if (paymentType === 'prepaid' && (supplier.prepaidDiscount === null || unit('cars-prepaid', ask.pickup.iata, supplier.name) >= PREPAID_AT)) return null;
  const acriss = decodeAcriss(car.acriss);
  if (!acriss) return null;
  const price = rentalPrice({
    supplier,
    car,
    market: frame.market,
    airportIata: ask.pickup.iata,
    latitude: ask.pickup.lat,
    pickupDate,
    days: frame.days,
    daysAhead: frame.daysAhead,
    driverAge: ask.driverAge,
    prepaid: paymentType === 'prepaid',
    oneWay: frame.oneWay,
  });
  const partial = {
    pickupCounter: counter,
    dropoffCounter,
    fleetIndex,
    car,
    acriss,
    paymentType,
    price,
    days: frame.days,
    mileage: mileageFor(counter, car, frame.market, frame.days),
    minAge,
    pickupUtcMs: frame.pickupUtcMs,
    dropoffUtcMs: frame.dropoffUtcMs,
    terms: carTerms({ supplier, market: frame.market, acriss: car.acriss, prepaid: paymentType === 'prepaid', pickupUtcMs: frame.pickupUtcMs }),
  };
  return { ...partial, conditions: conditionsFor(partial, ask.driverAge, frame.oneWay !== null) };
}

/** Every rate for the rental, in supplier, class and payment order. */
export function carRates(ask: CarRentalAsk): WorldCarRate[] {
  const frame = rentalFrame(ask);
  if (!frame) return [];
  const out: WorldCarRate[] = [];
  const fleetSize = FLEETS[frame.market.fleet].length;
  for (const counter of frame.pickupCounters) {
    for (let i = 0; i < fleetSize; i++) {
      for (const payment of ['postpaid', 'prepaid'] as const) {
        const rate = buildRate(ask, frame, counter, i, payment);
        if (rate) out.push(rate);
      }
    }
  }
  return out;
}

/** One rate again, from what its id carries; null when the world no longer sells it. */
export function carRate(ask: CarRentalAsk, supplierIndex: number, fleetIndex: number, paymentType: CarPaymentType): WorldCarRate | null {
  const frame = rentalFrame(ask);
  const counter = frame?.pickupCounters.find((c) => c.supplierIndex === supplierIndex);
  return frame && counter ? buildRate(ask, frame, counter, fleetIndex, paymentType) : null;
}
