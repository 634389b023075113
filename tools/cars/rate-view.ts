import type { z } from 'zod';
import { fromMinor, toMinor } from '../_kit/money.js';
import { flowOf, offerTokenOf, type RateSnapshot } from './rate-snapshot.js';
import type { CarRateView } from './schemas.js';

// A searched rate as callers see it: snake_case, money in major units, the
// period's local times, and which of our two flows books it.

export function rateView({ rate, period }: RateSnapshot): z.input<typeof CarRateView> {
  const totalMinor = toMinor(rate.total);
  return {
    offer_token: offerTokenOf(rate.id),
    supplier: rate.supplier.name,
    supplier_logo_url: rate.supplier.logoUrl,
    car: {
      name: rate.car.name,
      acriss: rate.car.acriss,
      category: rate.car.category,
      type: rate.car.type,
      transmission: rate.car.transmission,
      seats: rate.car.seats,
      bags: rate.car.bags,
      air_conditioning: rate.car.airConditioning,
      fuel: rate.car.fuel,
    },
    mileage: rate.mileage,
    payment_type: rate.paymentType,
    flow: flowOf(rate),
    total: rate.total,
    per_day: fromMinor(Math.round(totalMinor / period.days), rate.total.currency),
    days: period.days,
    pick_up: { name: rate.pickUpLocation.name, address: rate.pickUpLocation.address, ...rate.pickUpLocation.location, at: period.pickUpAt },
    drop_off: { name: rate.dropOffLocation.name, address: rate.dropOffLocation.address, ...rate.dropOffLocation.location, at: period.dropOffAt },
    expires_at: rate.expiresAt,
  };
}
