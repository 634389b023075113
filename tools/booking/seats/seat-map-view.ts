import { z } from 'zod';
import type { SeatElement, SeatMapCabin } from '../../_kit/providers.js';
import type { SeatOffer, SeatSegment } from './seat-offer.js';

// The seat map answer, shaped as Duffel's seat_maps: one map per segment, its
// cabins drawn as rows of sections split at the aisles, and per seat the service
// each passenger would buy it with. Seats someone else holds, and every seat on a
// fare that does not allow choosing one, are shown unavailable.

const MoneySchema = z.object({ amount: z.number(), currency: z.string() });

const SeatServiceSchema = z.object({
  id: z.string().describe('The seat service id for this passenger (Duffel ase_...).'),
  passenger_id: z.string().describe('The offer\'s passenger id this price is for.'),
  price: MoneySchema,
});

const ElementSchema = z.object({
  type: z.enum(['seat', 'restricted_seat_general', 'bassinet', 'empty', 'exit_row', 'lavatory', 'galley', 'closet', 'stairs']),
  designator: z.string().optional().describe('Seats only: row and letter, e.g. "14B"; what seat-hold takes.'),
  name: z.string().optional().describe('Seats only, e.g. "Window seat" or "Extra legroom aisle seat".'),
  disclosures: z.array(z.string()).optional().describe('Seats only: conditions the passenger must meet (exit rows).'),
  available: z.boolean().optional().describe('Seats only: can be held now by at least one passenger.'),
  available_services: z.array(SeatServiceSchema).optional().describe('Seats only: one entry per passenger who may take the seat; empty when unavailable.'),
});

const CabinSchema = z.object({
  cabin_class: z.enum(['economy', 'premium_economy', 'business', 'first']),
  deck: z.number().int().describe('0 main deck, 1 upper deck.'),
  aisles: z.number().int().describe('1 or 2: how many aisles split each row into sections.'),
  wings: z.object({ first_row_index: z.number().int(), last_row_index: z.number().int() }).nullable().describe('Indexes into rows (not row numbers) over the wings.'),
  rows: z.array(z.object({ sections: z.array(z.object({ elements: z.array(ElementSchema) })) })),
});

export const SeatMapSchema = z.object({
  id: z.string(),
  slice_id: z.string(),
  segment_id: z.string().describe('The segment id seat-hold takes.'),
  flight: z.string().describe('Carrier and number, e.g. "BA117".'),
  origin: z.string(),
  destination: z.string(),
  departing_at: z.string().describe('Local time at the origin.'),
  advance_seat_selection: z.boolean().nullable().describe('false: this fare does not allow choosing seats before check-in, so none is available.'),
  cabins: z.array(CabinSchema),
});

export const SeatMapsOutput = z.object({
  offer_id: z.string().describe('The provider\'s offer id.'),
  passengers: z.array(z.object({ id: z.string(), type: z.string() })).describe('The offer\'s passengers: the passenger_slot values seat-hold takes.'),
  seat_maps: z.array(SeatMapSchema).describe('One per segment that has a seat map; a segment missing here has no seat selection.'),
});

export type SeatMapsOut = z.input<typeof SeatMapsOutput>;

/** Designators taken by someone else, per flight key. */
export type TakenSeats = ReadonlyMap<string, ReadonlySet<string>>;

function elementOut(el: SeatElement, open: boolean): z.input<typeof ElementSchema> {
  if (el.designator === undefined) return { type: el.type };
  const services = open ? (el.services ?? []).map((s) => ({ id: s.serviceId, passenger_id: s.passengerId, price: s.price })) : [];
  return {
    type: el.type,
    designator: el.designator,
    ...(el.name !== undefined ? { name: el.name } : {}),
    disclosures: el.disclosures ?? [],
    available: services.length > 0,
    available_services: services,
  };
}

function cabinOut(cabin: SeatMapCabin, isOpen: (designator: string) => boolean): z.input<typeof CabinSchema> {
  return {
    cabin_class: cabin.cabinClass,
    deck: cabin.deck,
    aisles: cabin.aisles,
    wings: cabin.wings ? { first_row_index: cabin.wings.firstRowIndex, last_row_index: cabin.wings.lastRowIndex } : null,
    rows: cabin.rows.map((row) => ({
      sections: row.sections.map((section) => ({ elements: section.elements.map((el) => elementOut(el, el.designator !== undefined && isOpen(el.designator))) })),
    })),
  };
}

function mapOut(segment: SeatSegment, taken: TakenSeats): z.input<typeof SeatMapSchema> | null {
  if (!segment.map) return null;
  const takenHere = taken.get(segment.flightKey);
  const fareAllows = segment.advanceSeatSelection !== false;
  return {
    id: segment.map.id,
    slice_id: segment.map.sliceId,
    segment_id: segment.segmentId,
    flight: segment.flight,
    origin: segment.origin,
    destination: segment.destination,
    departing_at: segment.departingAt,
    advance_seat_selection: segment.advanceSeatSelection,
    cabins: segment.map.cabins.map((c) => cabinOut(c, (d) => fareAllows && !takenHere?.has(d))),
  };
}

export function seatMapsOut(seatOffer: SeatOffer, taken: TakenSeats): SeatMapsOut {
  return {
    offer_id: seatOffer.offer.providerOfferId,
    passengers: seatOffer.offer.passengers.map((p) => ({ id: p.id, type: p.type })),
    seat_maps: seatOffer.segments.map((s) => mapOut(s, taken)).filter((m) => m !== null),
  };
}
