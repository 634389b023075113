import { z } from 'zod';
import { cabinClass, isoDate, placeCode } from '../../flights/search-input.js';
import { OrderIdInput } from './order-schemas.js';

// CreateChangeRequestInput: Duffel's own shape for a change, slices removed by
// the provider's slice id and slices added as a search would describe them.

export const ChangeIdInput = z.string().trim().min(1).max(200).describe('Change request id (ocr_...) from POST /api/booking/{order_id}/change-request.');

export const SliceToAdd = z.object({
  origin: placeCode.describe('IATA airport or city code.'),
  destination: placeCode,
  departure_date: isoDate.describe('YYYY-MM-DD, local date at the origin; not in the past.'),
  cabin_class: cabinClass.optional().describe('Defaults to economy.'),
});

export const CreateChangeRequestInput = z.object({
  order_id: OrderIdInput,
  slices: z
    .object({
      remove: z.array(z.object({ slice_id: z.string().trim().min(1).max(200).describe("A slice id of the booking's order (sli_...), from GET /api/booking/{order_id}.") })).max(4).default([]),
      add: z.array(SliceToAdd).max(4).default([]),
    })
    .refine((s) => s.remove.length + s.add.length > 0, { message: 'Remove or add at least one slice' }),
});
