import type { CarBooking, CarQuote } from '../../../tools/_kit/stays-cars-cruises.js';
import { isRecord, malformed, requireOneOf, requireString } from '../duffel/malformed.js';
import { optionalMoney, toMoney } from '../duffel/map-money.js';
import { mapRateParts } from './map-car-rate.js';
import type { DuffelCarsBooking, DuffelCarsCharge, DuffelCarsQuote } from './wire.js';

// Duffel Cars quotes and bookings as the domain's CarQuote and CarBooking.

/**
 * When a charge is paid. Duffel does not say per charge (UNCONFIRMED); its guide says
 * prepaid rates are paid in full at booking and the others entirely at the counter.
 */
function payableAt(paymentType: string): 'booking' | 'counter' {
  return paymentType === 'prepaid' ? 'booking' : 'counter';
}

function mapCharges(charges: DuffelCarsCharge[] | null | undefined, paymentType: string): CarQuote['charges'] {
  if (charges === null || charges === undefined) return [];
  if (!Array.isArray(charges)) throw malformed('charges is not a list');
  return charges.map((c) => ({
    description: typeof c?.description === 'string' && c.description !== '' ? c.description : 'Charge',
    amount: toMoney(c?.amount, c?.currency),
    payableAt: payableAt(paymentType),
  }));
}

function mapConditions(conditions: DuffelCarsQuote['conditions'] | null | undefined): CarQuote['conditions'] {
  if (!Array.isArray(conditions)) return [];
  return conditions.filter(isRecord).map((c) => ({ title: String(c.title ?? ''), description: String(c.text ?? '') }));
}

export function mapCarQuote(q: DuffelCarsQuote): CarQuote {
  if (!isRecord(q)) throw malformed('quote is not an object');
  const rateId = requireString(q.rate_id, 'quote rate_id');
  const rate = mapRateParts(rateId, { ...q, expires_at: null });
  return {
    id: requireString(q.id, 'quote id'),
    rateId,
    rate,
    total: rate.total,
    charges: mapCharges(q.charges, q.payment_type),
    conditions: mapConditions(q.conditions),
    expiresAt: typeof q.expires_at === 'string' ? q.expires_at : null,
  };
}

function stringMap(value: unknown): Record<string, string> {
  if (!isRecord(value)) return {};
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function mapCarBooking(b: DuffelCarsBooking): CarBooking {
  if (!isRecord(b)) throw malformed('booking is not an object');
  const quoteId = requireString(b.quote_id, 'booking quote_id');
  const driver = isRecord(b.driver) ? b.driver : null;
  if (!driver) throw malformed('booking driver is missing');
  // The booking names its quote, not the rate: the rate part carries the quote id.
  const rate = mapRateParts(quoteId, { ...b, expires_at: null });
  return {
    id: requireString(b.id, 'booking id'),
    reference: requireString(b.reference, 'booking reference'),
    status: requireOneOf(b.status, ['confirmed', 'cancelled'] as const, 'booking status'),
    rate,
    driver: {
      givenName: requireString(driver.given_name, 'driver given_name'),
      familyName: requireString(driver.family_name, 'driver family_name'),
      email: typeof driver.email === 'string' ? driver.email : '',
      phoneNumber: typeof driver.phone_number === 'string' ? driver.phone_number : '',
      dateOfBirth: typeof driver.date_of_birth === 'string' ? driver.date_of_birth : '',
    },
    total: rate.total,
    confirmedAt: typeof b.confirmed_at === 'string' ? b.confirmed_at : null,
    cancelledAt: typeof b.cancelled_at === 'string' ? b.cancelled_at : null,
    metadata: stringMap(b.metadata),
    refund: optionalMoney(b.refund_amount, b.refund_currency) ?? null,
  };
}
