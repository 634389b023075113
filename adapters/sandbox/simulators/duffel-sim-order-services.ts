import type { DuffelAvailableService, DuffelOffer, DuffelOrderService, DuffelSeatElement } from '../../providers/duffel/wire.js';
import { simId } from './duffel-sim-ids.js';
import { cents } from './duffel-sim-input.js';
import { invalid } from './duffel-sim-order-errors.js';
import { buildSeatMaps } from './duffel-sim-seats.js';

// The extras an order can buy: the offer's baggage services and, at booking, the
// seats of its seat maps (a seat service id names one seat for one passenger on
// one flight). Picks are checked the way an airline would: known ids, quantities
// within limits, one seat per passenger and flight, no seat sold twice.

export interface CatalogEntry {
  id: string;
  kind: 'baggage' | 'seat';
  unitCents: number;
  currency: string;
  maxQuantity: number;
  passengerIds: string[];
  segmentIds: string[];
  metadata: Record<string, unknown> | null;
}

export interface ResolvedService {
  entry: CatalogEntry;
  quantity: number;
}

export function bagEntry(s: DuffelAvailableService): CatalogEntry {
  return {
    id: s.id,
    kind: 'baggage',
    unitCents: cents(s.total_amount),
    currency: s.total_currency,
    maxQuantity: s.maximum_quantity,
    passengerIds: s.passenger_ids,
    segmentIds: s.segment_ids,
    metadata: s.metadata ? { ...s.metadata } : null,
  };
}

function seatEntries(seed: string, offer: DuffelOffer, searchedAt: Date): CatalogEntry[] {
  const out: CatalogEntry[] = [];
  for (const map of buildSeatMaps(seed, offer, searchedAt)) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const el of section.elements) {
            if (el.type !== 'seat') continue;
            const seat = el as DuffelSeatElement;
            for (const svc of seat.available_services) {
              out.push({
                id: svc.id,
                kind: 'seat',
                unitCents: cents(svc.total_amount),
                currency: svc.total_currency,
                maxQuantity: 1,
                passengerIds: [svc.passenger_id],
                segmentIds: [map.segment_id],
                metadata: { designator: seat.designator, name: seat.name ?? null, disclosures: [...seat.disclosures] },
              });
            }
          }
        }
      }
    }
  }
  return out;
}

/** Everything the offer sells; seat maps are only drawn when a pick is not a bag. */
export function offerCatalog(seed: string, offer: DuffelOffer, searchedAt: Date, picks: readonly { id: string }[]): Map<string, CatalogEntry> {
  const catalog = new Map((offer.available_services ?? []).map((s) => [s.id, bagEntry(s)] as const));
  if (picks.some((p) => !catalog.has(p.id))) for (const e of seatEntries(seed, offer, searchedAt)) catalog.set(e.id, e);
  return catalog;
}

/** Checks picks against a catalog; `remaining` lowers a bag's limit by what was bought before. */
export function resolveServices(
  catalog: ReadonlyMap<string, CatalogEntry>,
  picks: readonly { id: string; quantity: number }[],
  field: string,
  remaining: (entry: CatalogEntry) => number = (e) => e.maxQuantity,
): ResolvedService[] {
  const byId = new Map<string, ResolvedService>();
  const seatTaken = new Set<string>();
  const seatOfPassenger = new Set<string>();
  picks.forEach((pick, i) => {
    const pointer = `/${field}/${i}`;
    const entry = catalog.get(pick.id);
    if (!entry) throw invalid('id', `${pointer}/id`, `service ${pick.id} is not available for this ${field === 'services' ? 'offer' : 'order'}`);
    const quantity = (byId.get(pick.id)?.quantity ?? 0) + pick.quantity;
    if (quantity > remaining(entry)) throw invalid('quantity', `${pointer}/quantity`, `no more than ${remaining(entry)} of service ${pick.id} can be bought`);
    if (entry.kind === 'seat') {
      const designator = String(entry.metadata?.designator ?? '');
      const seatKey = `${entry.segmentIds[0]}|${designator}`;
      const paxKey = `${entry.segmentIds[0]}|${entry.passengerIds[0]}`;
      if (seatTaken.has(seatKey)) throw invalid('id', `${pointer}/id`, `seat ${designator} is chosen twice on the same flight`);
      if (seatOfPassenger.has(paxKey)) throw invalid('id', `${pointer}/id`, 'a passenger can have one seat per flight');
      seatTaken.add(seatKey);
      seatOfPassenger.add(paxKey);
    }
    byId.set(pick.id, { entry, quantity });
  });
  return [...byId.values()];
}

export const servicesCents = (services: readonly ResolvedService[]): number => services.reduce((sum, s) => sum + s.entry.unitCents * s.quantity, 0);

/** Order service lines for a purchase; `purchase` keeps ids distinct when the same bag is bought again later. */
export function serviceLines(seed: string, orderId: string, services: readonly ResolvedService[], purchase: number): DuffelOrderService[] {
  return services.map(({ entry, quantity }) => ({
    id: simId('ser', seed, orderId, entry.id, purchase),
    type: entry.kind,
    quantity,
    passenger_ids: [...entry.passengerIds],
    segment_ids: [...entry.segmentIds],
    total_amount: ((entry.unitCents * quantity) / 100).toFixed(2),
    total_currency: entry.currency,
    metadata: entry.metadata,
  }));
}
