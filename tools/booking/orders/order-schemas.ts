import { z } from 'zod';
import { ConditionsView, MoneyView, SliceView } from '../offers/offer-schemas.js';
import { CancellationView } from './cancellation-view.js';

// Output shapes of the booking (order) read tools and the change-request tools.

export const OrderIdInput = z.string().trim().min(1).max(200).describe('Our booking id (bk_...) or the provider order id (ord_...).');

export const DocumentView = z.object({
  type: z.enum(['electronic_ticket', 'electronic_miscellaneous_document_associated', 'electronic_miscellaneous_document_standalone']),
  ticket_number: z.string(),
  passenger_ids: z.array(z.string()),
  passenger_names: z.array(z.string()).describe('"Given Family", in passenger_ids order.'),
});

export const OrderServiceView = z.object({
  id: z.string(),
  type: z.enum(['baggage', 'seat', 'cancel_for_any_reason', 'other']),
  quantity: z.number().int(),
  passenger_ids: z.array(z.string()),
  segment_ids: z.array(z.string()),
  total: MoneyView,
  designator: z.string().nullable().describe('Seats only, e.g. "14B".'),
});

export const ProviderOrderView = z.object({
  order_id: z.string(),
  pnr: z.string(),
  owner: z.string(),
  total: MoneyView,
  slices: z.array(SliceView),
  services: z.array(OrderServiceView),
  documents: z.array(DocumentView),
  conditions: ConditionsView,
  awaiting_payment: z.boolean(),
  available_actions: z.array(z.enum(['cancel', 'change', 'update'])),
});

export const BookingView = z.object({
  id: z.string(),
  booking_ref: z.string().describe('Our booking reference (the booking id).'),
  pnr: z.string().nullable().describe("The airline's booking reference."),
  order_id: z.string().nullable().describe("The provider's order id."),
  status: z.enum(['creating', 'pending', 'hold', 'confirmed', 'cancelled', 'failed']),
  type: z.enum(['instant', 'hold']),
  channel: z.enum(['checkout', 'book', 'agent', 'hold', 'mcp']),
  totals: z.object({
    currency: z.string(),
    fare: z.number(),
    services: z.number(),
    markup: z.number(),
    total: z.number(),
    refund: z.number().nullable().describe('What went back to the card; airline credits are under `cancellation`.'),
  }).describe('Major units.'),
  passengers: z.array(z.object({ id: z.string(), given_name: z.string(), family_name: z.string(), type: z.string().nullable() })),
  payment_required_by: z.string().nullable(),
  price_guarantee_expires_at: z.string().nullable(),
  paid_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  cancellation: CancellationView.nullable().describe('Once cancelled: the card refund and any airline credits issued (id, code, amount, expiry).'),
  created_at: z.string(),
  order: ProviderOrderView.nullable().describe("The provider's order; null before it exists."),
  stale: z.boolean().describe('True when the provider could not be read and `order` is the last saved copy.'),
});

export const CompactSliceView = z.object({
  id: z.string().nullable(),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string(),
  arriving_at: z.string(),
  duration_minutes: z.number().int(),
  flights: z.array(z.string()).describe('e.g. ["BA117"].'),
});

export const ChangeOfferView = z.object({
  id: z.string().describe('Pass to change-confirm to accept this change.'),
  change_total: MoneyView.describe('What the change costs (positive) or gives back (negative).'),
  new_total: MoneyView,
  penalty: MoneyView.nullable(),
  refund_to: z.string().nullable(),
  expires_at: z.string(),
  slices_add: z.array(CompactSliceView),
  slices_remove: z.array(CompactSliceView),
});

export const ChangeRequestView = z.object({
  id: z.string(),
  booking_id: z.string(),
  order_id: z.string(),
  created_at: z.string(),
  offers: z.array(ChangeOfferView),
  offers_may_grow: z.boolean().describe('True for the first seconds after creation, while the airline may still add offers.'),
  complete: z.boolean().describe('False while offers may still be added; poll again then.'),
  poll_after_ms: z.number().int().nullable(),
  confirmed_offer_id: z.string().nullable(),
  confirmed_at: z.string().nullable(),
});
