import type { DuffelOffer, DuffelSeatElement, DuffelSeatMap, DuffelSeatMapCabin, DuffelSeatMapElement, DuffelSegment } from '../../providers/duffel/wire.js';
import { simId } from './duffel-sim-ids.js';
import { cabinDeck, seatLayoutFor, seatPriceUsd, seatTaken } from './world/index.js';
import type { SeatLayoutCabin } from './world/types.js';

// Seat maps for a simulated offer, one per segment, drawn from the world's seat
// layout of the aircraft: rows of sections split at the aisles, a galley and
// lavatories at the ends, exit rows in their own rows and the wings over them.

type Section = { elements: DuffelSeatMapElement[] };

const EXIT_DISCLOSURES = ['Exit row: the occupant must be willing and able to assist in an emergency.', 'Not available to passengers travelling with infants or children.'];

/** One flight on one day, written as the world writes a nonstop itinerary's key ("BA117.LHR-JFK@2026-12-01"). */
export function flightKey(seg: DuffelSegment): string {
  const carrier = seg.marketing_carrier.iata_code ?? '';
  return `${carrier}${seg.marketing_carrier_flight_number}.${seg.origin.iata_code ?? ''}-${seg.destination.iata_code ?? ''}@${seg.departing_at.slice(0, 10)}`;
}

function seatName(sections: readonly string[], sectionIndex: number, letterIndex: number, premium: boolean): string {
  const section = sections[sectionIndex] ?? '';
  const window = (sectionIndex === 0 && letterIndex === 0) || (sectionIndex === sections.length - 1 && letterIndex === section.length - 1);
  const aisle = (sectionIndex > 0 && letterIndex === 0) || (sectionIndex < sections.length - 1 && letterIndex === section.length - 1);
  const kind = window ? 'Window seat' : aisle ? 'Aisle seat' : 'Middle seat';
  return premium ? `Extra legroom ${kind.toLowerCase()}` : kind;
}

interface SeatContext {
  seed: string;
  offerId: string;
  segment: DuffelSegment;
  cabin: SeatLayoutCabin;
  passengerIds: string[];
  searchedAt: Date;
}

function seat(ctx: SeatContext, sections: readonly string[], row: number, sectionIndex: number, letterIndex: number): DuffelSeatElement {
  const letter = sections[sectionIndex]![letterIndex]!;
  const designator = `${row}${letter}`;
  const exit = ctx.cabin.exitRows.includes(row);
  const taken = seatTaken(flightKey(ctx.segment), designator, ctx.searchedAt);
  const price = seatPriceUsd(ctx.cabin, row, letter).toFixed(2);
  return {
    type: 'seat',
    designator,
    name: seatName(sections, sectionIndex, letterIndex, ctx.cabin.premiumRows.includes(row) || exit),
    disclosures: exit ? [...EXIT_DISCLOSURES] : [],
    available_services: taken
      ? []
      : ctx.passengerIds.map((pid) => ({ id: simId('ase', ctx.seed, ctx.offerId, ctx.segment.id, designator, pid), passenger_id: pid, total_amount: price, total_currency: 'USD' })),
  };
}

/** One element per section, e.g. a galley at the front: [galley] [closet] [lavatory]. */
function facilityRow(count: number, ends: [DuffelSeatMapElement['type'], DuffelSeatMapElement['type']], middle: DuffelSeatMapElement['type']): { sections: Section[] } {
  return {
    sections: Array.from({ length: count }, (_, i) => ({
      elements: [{ type: i === 0 ? ends[0] : i === count - 1 ? ends[1] : middle } as DuffelSeatMapElement],
    })),
  };
}

function cabinWire(ctx: SeatContext): DuffelSeatMapCabin {
  const sections = ctx.cabin.letters.split('|');
  const rows: { sections: Section[] }[] = [facilityRow(sections.length, ['galley', 'lavatory'], 'closet')];
  let firstExitIndex = -1;
  let lastExitIndex = -1;
  for (let row = ctx.cabin.firstRow; row <= ctx.cabin.lastRow; row++) {
    if (ctx.cabin.exitRows.includes(row)) {
      if (firstExitIndex < 0) firstExitIndex = rows.length;
      rows.push({ sections: sections.map(() => ({ elements: [{ type: 'exit_row' }] })) });
      lastExitIndex = rows.length; // the seat row that follows
    }
    rows.push({ sections: sections.map((s, si) => ({ elements: [...s].map((_, li) => seat(ctx, sections, row, si, li)) })) });
  }
  rows.push(facilityRow(sections.length, ['lavatory', 'lavatory'], 'galley'));
  return {
    deck: cabinDeck(ctx.cabin),
    cabin_class: ctx.cabin.cabinClass,
    aisles: Math.min(2, Math.max(1, sections.length - 1)),
    wings: firstExitIndex >= 0 ? { first_row_index: firstExitIndex, last_row_index: lastExitIndex } : null,
    rows,
  };
}

/** Seat maps for every segment, in the cabin the passengers fly on it (a short hop may be economy on a business fare). */
export function buildSeatMaps(seed: string, offer: DuffelOffer, searchedAt: Date): DuffelSeatMap[] {
  // Infants travel on a lap: no seat, so no seat service for them.
  const passengerIds = offer.passengers.filter((p) => p.type !== 'infant_without_seat').map((p) => p.id);
  const maps: DuffelSeatMap[] = [];
  for (const slice of offer.slices) {
    for (const segment of slice.segments) {
      const cabin = segment.passengers[0]?.cabin_class;
      const carrier = segment.marketing_carrier.iata_code;
      const layoutCabin = segment.aircraft && carrier ? seatLayoutFor(carrier, segment.aircraft.name).cabins.find((c) => c.cabinClass === cabin) : undefined;
      if (!layoutCabin) continue;
      maps.push({
        id: simId('sea', seed, offer.id, segment.id),
        slice_id: slice.id,
        segment_id: segment.id,
        cabins: [cabinWire({ seed, offerId: offer.id, segment, cabin: layoutCabin, passengerIds, searchedAt })],
      });
    }
  }
  return maps;
}
