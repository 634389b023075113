import { z } from 'zod';
import { CABIN_CLASSES } from '../../_kit/providers.js';
import { SegmentView as FlightSegmentView, SliceView as FlightSliceView } from '../../flights/flight-result.js';

// Output shapes shared by the offer and order read tools. Built from domain
// types (tools/_kit/providers.ts) by offer-views.ts, never from wire bodies.

export const MoneyView = z.object({
  amount: z.number().describe('Major units, e.g. 123.45.'),
  currency: z.string().describe('ISO 4217, upper case.'),
});

/** A search segment plus the ids and names booking needs. */
export const SegmentView = FlightSegmentView.extend({
  id: z.string().nullable().describe("Provider's segment id (seg_...), used by baggage and seat services."),
  carrier_name: z.string().nullable(),
});

export const SliceView = FlightSliceView.extend({
  id: z.string().nullable().describe("Provider's slice id (sli_...); a change request removes slices by this id."),
  segments: z.array(SegmentView),
});

export const PolicyView = z.object({
  allowed: z.boolean().nullable().describe('null when the airline does not say.'),
  penalty: MoneyView.nullable().describe('Fee when allowed and stated; null otherwise.'),
});

export const ConditionsView = z.object({
  refund_before_departure: PolicyView,
  change_before_departure: PolicyView,
});

export const PassengerSlotView = z.object({
  id: z.string().describe('Passenger slot id (pas_...) to fill at booking.'),
  type: z.enum(['adult', 'child', 'infant_without_seat']),
  age: z.number().int().nullable(),
});

export const PaymentRequirementsView = z.object({
  requires_instant_payment: z.boolean().describe('True when the fare cannot be held unpaid.'),
  payment_required_by: z.string().nullable(),
  price_guarantee_expires_at: z.string().nullable(),
});

export const OfferView = z.object({
  offer_id: z.string().describe('Provider-prefixed offer id, e.g. "duffel:off_...".'),
  total: MoneyView.describe('For all passengers.'),
  base: MoneyView.nullable(),
  tax: MoneyView.nullable(),
  expires_at: z.string().nullable(),
  owner: z.object({ iata: z.string(), name: z.string().nullable() }).describe('The airline selling the fare.'),
  cabin: z.enum(CABIN_CLASSES),
  fare_brand: z.string().nullable(),
  slices: z.array(SliceView),
  passengers: z.array(PassengerSlotView),
  conditions: ConditionsView,
  included_baggage: z.object({ checked: z.number().int(), carry_on: z.number().int() }).nullable().describe('Per passenger, as the fare includes it; null when not stated.'),
  payment_requirements: PaymentRequirementsView.nullable(),
  identity_documents_required: z.boolean().nullable(),
  available_service_count: z.number().int().nullable().describe('Extras (bags, etc.) the airline sells with this offer; null when not listed.'),
});

export const ServiceOptionView = z.object({
  service_id: z.string().describe("Provider's service id (ase_...), passed back when buying it."),
  type: z.enum(['baggage', 'cancel_for_any_reason', 'seat', 'other']),
  kind: z.enum(['checked', 'carry_on']).nullable().describe('Baggage only.'),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  max_quantity: z.number().int(),
  price: MoneyView.describe('For one unit.'),
  max_weight_kg: z.number().nullable(),
  dimensions_cm: z.object({ length: z.number().nullable(), height: z.number().nullable(), depth: z.number().nullable() }).nullable(),
});

export const OfferIdInput = z.string().trim().min(1).max(200).describe('Offer id from search, e.g. "duffel:off_..." (the prefix is optional).');
