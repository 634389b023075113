import type { ToolContext } from '../../_kit/context.js';
import type { CashOffer, Money, OfferService, SeatMap } from '../../_kit/providers.js';

// The extras of an order moved onto a twin offer. Service ids belong to one offer
// (Duffel ase_... and seat service ids are per offer request), so each bag or seat
// is found again on the twin by what it is: the same kind of service for the same
// passenger slot and flight legs at the same price, a seat by its designator. When
// any one has no exact equal the move fails and the caller keeps the original error.

type Slot = (id: string) => string | undefined;
export interface ServiceLine {
  id: string;
  quantity: number;
}

/** Offer segment id -> the twin's, leg by leg in travel order (the twin flies the same legs). */
function segmentMap(offer: CashOffer, twin: CashOffer): Map<string, string> {
  const ids = (o: CashOffer) => o.slices.flatMap((s) => s.segments.map((g) => g.providerSegmentId ?? ''));
  const to = ids(twin);
  return new Map(ids(offer).flatMap((id, i) => (id && to[i] ? [[id, to[i]] as [string, string]] : [])));
}

const sameMoney = (a: Money, b: Money) => a.amount === b.amount && a.currency === b.currency;
const sameSet = (a: readonly (string | undefined)[], b: readonly string[]) => a.length === b.length && a.every((x) => x !== undefined && b.includes(x));

function twinService(svc: OfferService, twin: CashOffer, quantity: number, slot: Slot, segment: Map<string, string>): string | null {
  const passengers = svc.passengerIds.map(slot);
  const segments = svc.segmentIds.map((id) => segment.get(id));
  const match = (twin.availableServices ?? []).find(
    (t) =>
      t.type === svc.type &&
      t.baggage?.kind === svc.baggage?.kind &&
      sameMoney(t.price, svc.price) &&
      t.maxQuantity >= quantity &&
      sameSet(passengers, t.passengerIds) &&
      sameSet(segments, t.segmentIds),
  );
  return match?.id ?? null;
}

interface SeatFound {
  segmentId: string;
  designator: string;
  passengerId: string;
  serviceId: string;
  price: Money;
  available: boolean;
}

function seats(maps: readonly SeatMap[]): SeatFound[] {
  const out: SeatFound[] = [];
  for (const map of maps) {
    for (const cabin of map.cabins) {
      for (const row of cabin.rows) {
        for (const section of row.sections) {
          for (const el of section.elements) {
            if (!el.designator) continue;
            for (const s of el.services ?? []) out.push({ segmentId: map.segmentId, designator: el.designator, passengerId: s.passengerId, serviceId: s.serviceId, price: s.price, available: el.available !== false });
          }
        }
      }
    }
  }
  return out;
}

/** The request's services as the twin's own ids, or null when one of them has no exact equal there. */
export async function servicesOnTwin(ctx: ToolContext, offer: CashOffer, twin: CashOffer, lines: readonly ServiceLine[], slot: Slot): Promise<ServiceLine[] | null> {
  if (lines.length === 0) return [];
  const segment = segmentMap(offer, twin);
  let seatPair: { from: SeatFound[]; to: SeatFound[] } | null = null;
  const seatMaps = async () => {
    seatPair ??= {
      from: seats(await ctx.services.providers.flights.getSeatMaps(offer.providerOfferId, ctx.signal)),
      to: seats(await ctx.services.providers.flights.getSeatMaps(twin.providerOfferId, ctx.signal)),
    };
    return seatPair;
  };
  const out: ServiceLine[] = [];
  for (const line of lines) {
    const svc = offer.availableServices?.find((s) => s.id === line.id);
    if (svc) {
      const id = twinService(svc, twin, line.quantity, slot, segment);
      if (!id) return null;
      out.push({ id, quantity: line.quantity });
      continue;
    }
    // Not an offer service: a seat from the seat map.
    const { from, to } = await seatMaps();
    const seat = from.find((s) => s.serviceId === line.id);
    const same = seat && to.find((s) => s.available && s.designator === seat.designator && s.segmentId === segment.get(seat.segmentId) && s.passengerId === slot(seat.passengerId) && sameMoney(s.price, seat.price));
    if (!same) return null;
    out.push({ id: same.serviceId, quantity: line.quantity });
  }
  return out;
}
