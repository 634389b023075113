import type { z } from 'zod';
import { fromMinor, toMinor } from '../_kit/money.js';
import { flowOf, offerTokenOf, type RateSnapshot } from './rate-snapshot.js';
import type { CarRateView, CarTermsView } from './schemas.js';
import { freeToCancel } from './search-filters.js';

// A searched rate as callers see it: snake_case, money in major units, the
// period's local times, and which of our two flows books it.

const UNSTATED: z.input<typeof CarTermsView> = {
  free_cancellation: null,
  free_cancellation_until: null,
  fuel_policy: null,
  cdw_included: null,
  theft_protection_included: null,
  excess: null,
  deposit: null,
};

function termsView(snapshot: RateSnapshot, now: Date): z.input<typeof CarTermsView> {
  const t = snapshot.rate.terms;
  if (!t) return UNSTATED;
  return {
    free_cancellation: freeToCancel(snapshot, now),
    free_cancellation_until: t.freeCancellationUntil,
    fuel_policy: t.fuelPolicy,
    cdw_included: t.cdwIncluded,
    theft_protection_included: t.theftProtectionIncluded,
    excess: t.excess,
    deposit: t.deposit,
  };
}

export function rateView(snapshot: RateSnapshot, now: Date): z.input<typeof CarRateView> {
  const { rate, period } = snapshot;
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
    terms: termsView(snapshot, now),
  };
}
