import { z } from 'zod';
import { fromMinor } from '../_kit/money.js';
import type { CarBookingRecord } from './car-store.js';
import { MoneyOut } from './schemas.js';

// A car booking as callers see it, in either flow.

/** Metadata keys we put on the provider's booking: it does not repeat the rental's times otherwise. */
export const BOOKING_METADATA = { bookingId: 'booking_id', pickUpAt: 'pick_up_at', dropOffAt: 'drop_off_at' } as const;

const PlaceOut = z.object({ name: z.string().nullable(), address: z.string().nullable(), at: z.string().nullable().describe('Local time with its UTC offset.') });

export const CarBookingView = z.object({
  booking_id: z.string().describe('Our id (cb_...): with it a guest looks the booking up or cancels it.'),
  provider_booking_id: z.string().nullable(),
  reference: z.string().nullable().describe("The supplier's confirmation number, shown at the counter."),
  status: z.enum(['creating', 'confirmed', 'cancelled', 'failed']),
  failure_reason: z.string().nullable(),
  flow: z.enum(['legacy', 'partner']).describe('legacy: rental paid at the counter, our fee and add-ons by card; partner: we sold the prepaid rate.'),
  supplier: z.string().nullable(),
  car: z.object({ name: z.string(), acriss: z.string(), category: z.string(), transmission: z.enum(['manual', 'automatic']) }).nullable(),
  pick_up: PlaceOut,
  drop_off: PlaceOut,
  driver: z.object({ given_name: z.string(), family_name: z.string(), email: z.string() }),
  add_ons: z.array(z.object({ code: z.string(), quantity: z.number().int(), total: MoneyOut })),
  rental: MoneyOut.describe("The supplier's price of the rental."),
  rental_due_at_counter: MoneyOut.describe('What the driver still pays the supplier at pick-up (legacy flow); 0 for a prepaid rental.'),
  fee: MoneyOut.describe('Legacy: our service fee plus add-ons. Partner: our margin.'),
  charged: MoneyOut.describe('What was paid to us by card.'),
  refund: MoneyOut.nullable().describe('What went back to the card (a cancellation or a refused booking).'),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});

export function carBookingView(b: CarBookingRecord): z.input<typeof CarBookingView> {
  const money = (minor: number) => fromMinor(minor, b.currency);
  const rate = b.booking?.rate ?? null;
  const metadata = b.booking?.metadata ?? {};
  return {
    booking_id: b.id,
    provider_booking_id: b.providerBookingId,
    reference: b.reference,
    status: b.status,
    failure_reason: b.failureReason,
    flow: b.flow,
    supplier: rate?.supplier.name ?? null,
    car: rate ? { name: rate.car.name, acriss: rate.car.acriss, category: rate.car.category, transmission: rate.car.transmission } : null,
    pick_up: { name: rate?.pickUpLocation.name ?? null, address: rate?.pickUpLocation.address ?? null, at: b.pickUpAt },
    drop_off: { name: rate?.dropOffLocation.name ?? null, address: rate?.dropOffLocation.address ?? null, at: metadata[BOOKING_METADATA.dropOffAt] ?? null },
    driver: { given_name: b.driver.givenName, family_name: b.driver.familyName, email: b.driver.email },
    add_ons: b.addOns.map((a) => ({ code: a.code, quantity: a.quantity, total: money(a.totalMinor) })),
    rental: money(b.rentalMinor),
    rental_due_at_counter: money(b.flow === 'legacy' && b.status !== 'cancelled' && b.status !== 'failed' ? b.rentalMinor : 0),
    fee: money(b.feeMinor),
    charged: money(b.chargedMinor),
    refund: b.refundMinor === null ? null : money(b.refundMinor),
    created_at: b.createdAt,
    cancelled_at: b.cancelledAt,
  };
}
