import { z } from 'zod';
import { SliceView } from '../../flights/flight-result.js';
import { sliceView } from '../../flights/merge.js';
import type { CashOffer } from '../../_kit/providers.js';

// A bookable offer as search mode returns it: what a client needs to choose one
// and check it out.

export const BookableOffer = z.object({
  offer_id: z.string().describe('Pass to checkout, payment-intent, hold, baggage, seat maps.'),
  total: z.object({ amount: z.number(), currency: z.string() }),
  owner: z.string(),
  owner_name: z.string().nullable(),
  cabin_class: z.string(),
  fare_brand: z.string().nullable(),
  expires_at: z.string().nullable(),
  refundable: z.boolean().nullable(),
  changeable: z.boolean().nullable(),
  checked_bags: z.number().int().nullable(),
  can_hold: z.boolean().nullable().describe('True when the fare can be held without paying now.'),
  passengers: z.array(z.object({ id: z.string(), type: z.string(), age: z.number().int().nullable() })),
  slices: z.array(SliceView),
});
export type BookableOffer = z.output<typeof BookableOffer>;

export function bookableOffer(o: CashOffer): BookableOffer {
  return {
    offer_id: `duffel:${o.providerOfferId}`,
    total: o.total,
    owner: o.owner,
    owner_name: o.ownerName ?? null,
    cabin_class: o.cabin,
    fare_brand: o.fareBrand,
    expires_at: o.expiresAt,
    refundable: o.conditions?.refundable ?? null,
    changeable: o.conditions?.changeable ?? null,
    checked_bags: o.baggage?.checked ?? null,
    can_hold: o.paymentRequirements ? !o.paymentRequirements.requiresInstantPayment : null,
    passengers: (o.passengers ?? []).map((p) => ({ id: p.id, type: p.type, age: p.age ?? null })),
    slices: o.slices.map(sliceView),
  };
}
