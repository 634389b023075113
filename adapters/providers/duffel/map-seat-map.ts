import { ProviderError } from '../../../tools/_kit/provider-error.js';
import { CABIN_CLASSES, type CabinClass, type SeatElement, type SeatElementType, type SeatMap, type SeatMapCabin } from '../../../tools/_kit/providers.js';
import { toMoney } from './map-money.js';
import type { DuffelSeatMap, DuffelSeatMapCabin, DuffelSeatMapElement } from './wire.js';

// Duffel SeatMap → domain SeatMap. The layout is kept as Duffel draws it (rows of
// sections split at the aisles) so a client can render it without guessing.

const ELEMENT_TYPES: readonly SeatElementType[] = ['seat', 'restricted_seat_general', 'bassinet', 'empty', 'exit_row', 'lavatory', 'galley', 'closet', 'stairs'];

function mapElement(el: DuffelSeatMapElement): SeatElement {
  // An element type Duffel adds later is drawn as a blank space rather than failing the whole map.
  const type: SeatElementType = (ELEMENT_TYPES as readonly string[]).includes(el.type) ? el.type : 'empty';
  if (el.type !== 'seat' && el.type !== 'restricted_seat_general') return { type };
  const services = (el.available_services ?? []).map((s) => ({ serviceId: s.id, passengerId: s.passenger_id, price: toMoney(s.total_amount, s.total_currency) }));
  const out: SeatElement = { type, designator: el.designator, disclosures: [...(el.disclosures ?? [])], available: services.length > 0, services };
  if (el.name) out.name = el.name;
  return out;
}

function mapCabin(cabin: DuffelSeatMapCabin): SeatMapCabin {
  const cabinClass: CabinClass = (CABIN_CLASSES as readonly string[]).includes(cabin.cabin_class) ? cabin.cabin_class : 'economy';
  if (!Array.isArray(cabin.rows)) throw new ProviderError('duffel', 'bad_response', 'Duffel seat map cabin has no rows');
  return {
    cabinClass,
    deck: cabin.deck ?? 0,
    aisles: cabin.aisles >= 2 ? 2 : 1,
    wings: cabin.wings ? { firstRowIndex: cabin.wings.first_row_index, lastRowIndex: cabin.wings.last_row_index } : null,
    rows: cabin.rows.map((row) => ({ sections: (row.sections ?? []).map((section) => ({ elements: (section.elements ?? []).map(mapElement) })) })),
  };
}

export function mapSeatMap(map: DuffelSeatMap): SeatMap {
  if (!map || typeof map.id !== 'string' || !Array.isArray(map.cabins)) throw new ProviderError('duffel', 'bad_response', 'Duffel seat map is malformed');
  return { id: map.id, segmentId: map.segment_id, sliceId: map.slice_id, cabins: map.cabins.map(mapCabin) };
}
