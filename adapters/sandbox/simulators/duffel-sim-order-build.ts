import type { DuffelOffer, DuffelOrder, DuffelOrderPassenger, DuffelOrderService, DuffelOrderSlice, DuffelPaymentInput } from '../../providers/duffel/wire.js';
import { cents, money } from './duffel-sim-input.js';
import type { SliceFare } from './duffel-sim-offers.js';
import type { FareCents, StoredOrder } from './duffel-sim-order-model.js';
import type { ResolvedService } from './duffel-sim-order-services.js';
import { avalanche, hash32 } from './seeded.js';

// Builds an order from its offer, keeps its totals in step with its slices and
// services, issues its tickets, and renders it as Duffel shows it at a moment.

const PNR_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** IATA airline accounting prefixes, the first 3 digits of a ticket number (others get 3 seeded digits). */
const TICKET_PREFIX: Readonly<Record<string, string>> = {
  AA: '001', DL: '006', AC: '014', UA: '016', AF: '057', KL: '074', IB: '075', QF: '081', AY: '105', BA: '125', JL: '131',
  QR: '157', CX: '160', EK: '176', NH: '205', LH: '220', TK: '235', EY: '607', SQ: '618', LX: '724', VS: '932',
};

/** Six letters and digits, like an airline's PNR. */
export function bookingReference(seed: string, orderId: string): string {
  let out = '';
  for (let i = 0; i < 6; i++) out += PNR_ALPHABET[avalanche(hash32(seed, 'pnr', orderId, i)) % PNR_ALPHABET.length];
  return out;
}

function ticketNumber(seed: string, owner: string, orderId: string, passengerId: string, round: number): string {
  const prefix = TICKET_PREFIX[owner] ?? String(100 + (hash32(seed, 'airline-prefix', owner) % 900));
  const serial = String(hash32(seed, 'ticket', orderId, passengerId, round) % 10_000_000_000).padStart(10, '0');
  return prefix + serial;
}

/** Fares per slice in cents; the last slice absorbs rounding so they add up to the offer's amounts exactly. */
export function sliceFaresCents(sliceIds: readonly string[], fares: readonly SliceFare[], offer: DuffelOffer): Record<string, FareCents> {
  const out: Record<string, FareCents> = {};
  let base = 0;
  let tax = 0;
  sliceIds.forEach((id, i) => {
    const last = i === sliceIds.length - 1;
    const fare = fares[i] ?? { base: 0, tax: 0 };
    const b = last ? cents(offer.base_amount ?? offer.total_amount) - base : Math.round(fare.base * 100);
    const t = last ? cents(offer.tax_amount ?? '0') - tax : Math.round(fare.tax * 100);
    base += b;
    tax += t;
    out[id] = { base: b, tax: t };
  });
  return out;
}

/** Rewrites the order's amounts from its slice fares and services. */
export function syncTotals(stored: StoredOrder): void {
  const fares = Object.values(stored.sliceFares);
  const base = fares.reduce((s, f) => s + f.base, 0);
  const tax = fares.reduce((s, f) => s + f.tax, 0);
  stored.order.base_amount = money(base);
  stored.order.tax_amount = money(tax);
  stored.order.total_amount = money(base + tax + stored.servicesCents);
}

/** Tickets for every passenger, shown from `atMs`; the ones they replace disappear at the same moment. */
export function issueTickets(seed: string, stored: StoredOrder, atMs: number): void {
  stored.ticketRound++;
  for (const t of stored.tickets) t.voidedAtMs ??= atMs;
  const owner = stored.order.owner.iata_code ?? '';
  for (const p of stored.order.passengers) {
    stored.tickets.push({
      type: 'electronic_ticket',
      unique_identifier: ticketNumber(seed, owner, stored.order.id, p.id, stored.ticketRound),
      passenger_ids: [p.id],
      issuedAtMs: atMs,
      voidedAtMs: null,
    });
  }
}

/** Seats bought with the order show on the segment passengers, as Duffel does. */
function seatSlices(offer: DuffelOffer, lines: readonly DuffelOrderService[]): DuffelOrderSlice[] {
  const seats = new Map<string, { designator: string; name: string | null; disclosures: string[] }>();
  for (const line of lines) {
    if (line.type !== 'seat' || !line.metadata) continue;
    const m = line.metadata as { designator: string; name: string | null; disclosures: string[] };
    seats.set(`${line.segment_ids[0]}|${line.passenger_ids[0]}`, m);
  }
  return offer.slices.map((slice) => ({
    ...slice,
    segments: slice.segments.map((seg) => ({
      ...seg,
      passengers: seg.passengers.map((p) => {
        const seat = seats.get(`${seg.id}|${p.passenger_id}`);
        return seat ? { ...p, seat } : p;
      }),
    })),
  }));
}

export interface NewOrder {
  id: string;
  seed: string;
  offer: DuffelOffer;
  type: 'instant' | 'hold';
  passengers: DuffelOrderPassenger[];
  services: ResolvedService[];
  lines: DuffelOrderService[];
  paymentType: DuffelPaymentInput['type'] | null;
  metadata: Record<string, string> | null;
  sliceFares: Record<string, FareCents>;
  now: Date;
  visibleFromMs: number;
  /** Tickets of a paid order appear this long after it becomes visible. */
  ticketingDelayMs: number;
}

export function buildStoredOrder(n: NewOrder): StoredOrder {
  const created = n.now.toISOString();
  const paid = n.type === 'instant';
  // A hold keeps the deadlines its offer stated: they are what the caller was shown when choosing to hold.
  const terms = n.offer.payment_requirements;
  const order: DuffelOrder = {
    id: n.id,
    booking_reference: bookingReference(n.seed, n.id),
    type: n.type,
    live_mode: false,
    created_at: created,
    synced_at: created,
    cancelled_at: null,
    cancellation: null,
    total_amount: n.offer.total_amount,
    total_currency: n.offer.total_currency,
    base_amount: n.offer.base_amount,
    base_currency: n.offer.base_currency,
    tax_amount: n.offer.tax_amount,
    tax_currency: n.offer.tax_currency,
    owner: n.offer.owner,
    slices: seatSlices(n.offer, n.lines),
    passengers: n.passengers,
    services: n.lines,
    conditions: n.offer.conditions,
    payment_status: paid
      ? { awaiting_payment: false, payment_required_by: null, price_guarantee_expires_at: null, paid_at: created }
      : {
          awaiting_payment: true,
          payment_required_by: terms?.payment_required_by ?? null,
          price_guarantee_expires_at: terms?.price_guarantee_expires_at ?? null,
          paid_at: null,
        },
    documents: [],
    airline_initiated_changes: [],
    available_actions: [],
    metadata: n.metadata,
  };
  const bagsBought: Record<string, number> = {};
  for (const s of n.services) if (s.entry.kind === 'baggage') bagsBought[s.entry.id] = s.quantity;
  const stored: StoredOrder = {
    order,
    offerId: n.offer.id,
    visibleFromMs: n.visibleFromMs,
    paymentType: n.paymentType,
    tickets: [],
    ticketRound: 0,
    sliceFares: n.sliceFares,
    servicesCents: n.services.reduce((sum, s) => sum + s.entry.unitCents * s.quantity, 0),
    bagCatalog: n.offer.available_services ?? [],
    bagsBought,
    purchases: 1,
    version: 1,
  };
  syncTotals(stored);
  if (paid) issueTickets(n.seed, stored, n.visibleFromMs + n.ticketingDelayMs);
  return stored;
}

export function isPaid(stored: StoredOrder): boolean {
  return !stored.order.payment_status.awaiting_payment;
}

export function holdExpired(stored: StoredOrder, now: Date): boolean {
  const by = stored.order.payment_status.payment_required_by;
  return !isPaid(stored) && by !== null && now.getTime() > Date.parse(by);
}

function actionsAt(stored: StoredOrder, now: Date): DuffelOrder['available_actions'] {
  if (stored.order.cancelled_at || holdExpired(stored, now)) return [];
  const changeable = isPaid(stored) && stored.order.conditions.change_before_departure?.allowed === true;
  return changeable ? ['cancel', 'change', 'update'] : ['cancel', 'update'];
}

/** The order as Duffel would show it at `now`: tickets once issued, the actions still open. */
export function renderOrder(stored: StoredOrder, now: Date): DuffelOrder {
  const t = now.getTime();
  return {
    ...stored.order,
    documents: stored.tickets
      .filter((d) => d.issuedAtMs <= t && (d.voidedAtMs === null || d.voidedAtMs > t))
      .map((d) => ({ type: d.type, unique_identifier: d.unique_identifier, passenger_ids: d.passenger_ids })),
    available_actions: actionsAt(stored, now),
  };
}
