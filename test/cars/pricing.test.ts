import { describe, expect, it } from 'vitest';
import type { CarBooking, CarRate } from '../../tools/_kit/stays-cars-cruises.js';
import { refundPlan } from '../../tools/cars/cancel-flow.js';
import type { CarBookingRecord } from '../../tools/cars/car-store.js';
import { priceFee } from '../../tools/cars/fee-pricing.js';
import { resolvePlace } from '../../tools/cars/pick-up-place.js';
import { PARTNER_MARGIN, percentWithBounds, SERVICE_FEE } from '../../tools/cars/pricing-policy.js';
import type { RateSnapshot } from '../../tools/cars/rate-snapshot.js';
import { rentalDays, rentalPeriod } from '../../tools/cars/rental-period.js';

// The money rules of car rentals without a server: our fee and margin, add-on
// prices and caps, rental days, time checks, and what a cancellation refunds.

function rate(total: number, currency = 'USD', paymentType: CarRate['paymentType'] = 'postpaid'): CarRate {
  const place = { name: 'Hertz LAX', address: null, location: { latitude: 33.94, longitude: -118.41 } };
  return {
    id: 'rate_test',
    total: { amount: total, currency },
    base: null,
    paymentType,
    mileage: { type: 'unlimited' },
    supplier: { name: 'Hertz', logoUrl: null },
    car: { name: 'Toyota Corolla or similar', acriss: 'CDAR', category: 'compact', type: 'car', transmission: 'automatic', fuel: 'petrol', airConditioning: true, seats: 5, bags: { large: 1, small: 2 } },
    pickUpLocation: place,
    dropOffLocation: place,
    expiresAt: null,
  };
}

function snapshot(total: number, days: number, currency = 'USD'): RateSnapshot {
  return { rate: rate(total, currency), searchId: 'srch', period: { pickUpAt: '2030-05-01T10:00:00-07:00', dropOffAt: '2030-05-04T10:00:00-07:00', pickUpLocal: '2030-05-01T10:00', dropOffLocal: '2030-05-04T10:00', days } };
}

describe('service fee and partner margin', () => {
  it('is 8 % of the rental between 5 and 40 in its currency', () => {
    expect(percentWithBounds(25_000, 'USD', SERVICE_FEE)).toBe(2_000); // 8 % of 250.00
    expect(percentWithBounds(3_000, 'USD', SERVICE_FEE)).toBe(500); // floor 5.00
    expect(percentWithBounds(900_000, 'EUR', SERVICE_FEE)).toBe(4_000); // cap 40.00
    expect(percentWithBounds(30_000, 'JPY', SERVICE_FEE)).toBe(2_400); // yen have no minor unit
    expect(percentWithBounds(200_000, 'JPY', SERVICE_FEE)).toBe(40 * 155); // the cap is worth about 40 US dollars, not 40 yen
    expect(percentWithBounds(1_000, 'JPY', SERVICE_FEE)).toBe(5 * 155);
  });

  it('partner margin is 10 % between 5 and 60', () => {
    expect(percentWithBounds(20_000, 'USD', PARTNER_MARGIN)).toBe(2_000);
    expect(percentWithBounds(2_000, 'USD', PARTNER_MARGIN)).toBe(500);
    expect(percentWithBounds(2_000_000, 'GBP', PARTNER_MARGIN)).toBe(6_000);
  });
});

describe('priceFee', () => {
  it('adds per-day add-ons for the rental days, per unit, capped per rental', () => {
    const price = priceFee(snapshot(300, 3), [
      { code: 'child_seat', quantity: 2 },
      { code: 'gps', quantity: 1 },
    ]);
    expect(price.serviceFeeMinor).toBe(2_400);
    expect(price.addOns).toEqual([
      { code: 'child_seat', name: 'Child safety seat', quantity: 2, days: 3, perDayMinor: 1_499, totalMinor: 2 * 3 * 1_499 },
      { code: 'gps', name: 'GPS navigation', quantity: 1, days: 3, perDayMinor: 1_799, totalMinor: 3 * 1_799 },
    ]);
    expect(price.totalMinor).toBe(2_400 + 2 * 3 * 1_499 + 3 * 1_799);
    expect(price.rentalMinor).toBe(30_000);
  });

  it('caps a long rental at the per-rental maximum', () => {
    const price = priceFee(snapshot(1_400, 21), [{ code: 'toll_pass', quantity: 1 }]);
    expect(price.addOns[0]!.totalMinor).toBe(2_975); // 21 × 5.95 would be 124.95
  });

  it('uses the local price list in euros and converts other currencies from USD', () => {
    expect(priceFee(snapshot(200, 2, 'EUR'), [{ code: 'gps', quantity: 1 }]).addOns[0]!.perDayMinor).toBe(1_500);
    expect(priceFee(snapshot(20_000, 2, 'JPY'), [{ code: 'gps', quantity: 1 }]).addOns[0]!.perDayMinor).toBe(Math.round(17.99 * 155));
  });

  it('refuses more units than a rental may take, and add-ons in a currency we do not price', () => {
    expect(() => priceFee(snapshot(300, 3), [{ code: 'gps', quantity: 2 }])).toThrow(/At most 1/);
    expect(() => priceFee(snapshot(300, 3, 'XAF'), [{ code: 'gps', quantity: 1 }])).toThrow(/not sold/);
    expect(priceFee(snapshot(300, 3, 'XAF'), []).totalMinor).toBe(percentWithBounds(300, 'XAF', SERVICE_FEE));
  });
});

describe('rental period', () => {
  const now = new Date('2030-04-01T12:00:00Z');

  it('counts 24-hour days with 29 minutes grace', () => {
    const h = 3_600_000;
    expect(rentalDays(0, 24 * h)).toBe(1);
    expect(rentalDays(0, 24 * h + 29 * 60_000)).toBe(1);
    expect(rentalDays(0, 24 * h + 30 * 60_000)).toBe(2);
    expect(rentalDays(0, 2 * h)).toBe(1);
  });

  it('reads times as local at each place and gives them back with the offset', () => {
    const p = rentalPeriod({ at: '2030-05-01T10:00', timeZone: 'America/Los_Angeles' }, { at: '2030-05-04T09:00', timeZone: 'America/New_York' }, now);
    expect(p.pickUpAt).toBe('2030-05-01T10:00:00-07:00');
    expect(p.dropOffAt).toBe('2030-05-04T09:00:00-04:00');
    expect(p.days).toBe(3); // 2 days 20 hours
  });

  it('refuses a past pick-up, a drop-off before pick-up and rentals over 60 days', () => {
    expect(() => rentalPeriod({ at: '2030-04-01T04:00', timeZone: 'America/Los_Angeles' }, { at: '2030-04-03T10:00', timeZone: 'America/Los_Angeles' }, now)).toThrow(/passed/);
    expect(() => rentalPeriod({ at: '2030-05-01T10:00', timeZone: 'UTC' }, { at: '2030-05-01T09:00', timeZone: 'UTC' }, now)).toThrow(/after pick-up/);
    expect(() => rentalPeriod({ at: '2030-05-01T10:00', timeZone: 'UTC' }, { at: '2030-07-01T10:00', timeZone: 'UTC' }, now)).toThrow(/60 days/);
  });
});

describe('resolvePlace', () => {
  it('takes an airport, a metro code (its main airport) or a point with the nearest airport zone', () => {
    expect(resolvePlace('LAX', 'pick_up.place')).toMatchObject({ iata: 'LAX', timeZone: 'America/Los_Angeles' });
    expect(resolvePlace('LON', 'pick_up.place')).toMatchObject({ iata: 'LHR', timeZone: 'Europe/London' });
    expect(resolvePlace({ latitude: 48.8566, longitude: 2.3522 }, 'pick_up.place')).toMatchObject({ iata: null, timeZone: 'Europe/Paris' });
    expect(() => resolvePlace('QQQ', 'pick_up.place')).toThrow(/Unknown airport/);
  });
});

describe('refundPlan', () => {
  const cancelled = (refund: CarBooking['refund']): CarBooking => ({
    id: 'cbk_1',
    reference: 'H12345',
    status: 'cancelled',
    rate: rate(200),
    driver: { givenName: 'Ada', familyName: 'Lovelace', email: 'a@example.com', phoneNumber: '+14155550123', dateOfBirth: '1985-12-10' },
    total: { amount: 200, currency: 'USD' },
    confirmedAt: null,
    cancelledAt: '2030-04-02T00:00:00Z',
    metadata: {},
    refund,
  });
  const record = (flow: 'legacy' | 'partner'): CarBookingRecord => ({
    id: 'cb_x',
    flow,
    quoteId: 'q',
    providerBookingId: 'cbk_1',
    userId: null,
    status: 'confirmed',
    failureReason: null,
    reference: 'H12345',
    currency: 'USD',
    rentalMinor: 20_000,
    feeMinor: flow === 'legacy' ? 1_600 + 4_497 : 2_000,
    chargedMinor: flow === 'legacy' ? 1_600 + 4_497 : 22_000,
    refundMinor: null,
    paymentIntentId: 'pi_1',
    addOns: flow === 'legacy' ? [{ code: 'child_seat', quantity: 1, totalMinor: 4_497 }] : [],
    driver: { givenName: 'Ada', familyName: 'Lovelace', email: 'a@example.com' },
    pickUpAt: '2030-05-01T10:00:00-07:00',
    booking: null,
    cancelledAt: null,
    createdAt: '2030-04-01T00:00:00Z',
  });

  it('partner: the supplier refund, plus our margin only when it refunded the rental in full', () => {
    expect(refundPlan(record('partner'), cancelled({ amount: 200, currency: 'USD' }), new Date('2030-04-02T00:00:00Z'))).toEqual({ rentalMinor: 20_000, feeMinor: 2_000, addOnsMinor: 0, totalMinor: 22_000, pending: false });
    expect(refundPlan(record('partner'), cancelled({ amount: 100, currency: 'USD' }), new Date('2030-04-30T00:00:00Z'))).toEqual({ rentalMinor: 10_000, feeMinor: 0, addOnsMinor: 0, totalMinor: 10_000, pending: false });
    expect(refundPlan(record('partner'), cancelled(null), new Date('2030-04-02T00:00:00Z'))).toMatchObject({ totalMinor: 0, pending: true });
  });

  it('legacy: the add-ons always, the service fee only before pick-up', () => {
    expect(refundPlan(record('legacy'), cancelled({ amount: 0, currency: 'USD' }), new Date('2030-05-01T16:59:00Z'))).toEqual({ rentalMinor: 0, feeMinor: 1_600, addOnsMinor: 4_497, totalMinor: 6_097, pending: false });
    expect(refundPlan(record('legacy'), cancelled({ amount: 0, currency: 'USD' }), new Date('2030-05-01T17:01:00Z'))).toEqual({ rentalMinor: 0, feeMinor: 0, addOnsMinor: 4_497, totalMinor: 4_497, pending: false });
  });
});
