import type { CarBookingRecord, CarBookingStore, NewCarBooking } from '../../../tools/cars/car-store.js';
import type { NewStayBooking, StayBookingRecord, StayBookingStore } from '../../../tools/hotels/stay-store.js';
import type { MemoryOutbox } from './outbox.js';

// Car rentals and hotel stays share one shape: created in `creating`, one booking per
// quote (and per card payment for cars), settled once, events written with the change.

interface Row {
  id: string;
  quoteId: string;
  providerBookingId: string | null;
  paymentIntentId: string | null;
  status: string;
  createdAt: string;
}

function goodsTable<R extends Row, P extends Partial<R>>(outbox: MemoryOutbox, what: string) {
  const rows: R[] = [];
  const copy = (r: R | undefined): R | null => (r ? structuredClone(r) : null);
  const must = (id: string): R => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw new Error(`${what} ${id} not found`);
    return row;
  };
  return {
    rows,
    copy,
    get: async (id: string) => copy(rows.find((r) => r.id === id || (r.providerBookingId !== null && r.providerBookingId === id))),
    byQuote: async (quoteId: string) => copy(rows.find((r) => r.quoteId === quoteId)),
    update: async (id: string, patch: P, events?: Parameters<MemoryOutbox['write']>[0]) => {
      const row = must(id);
      Object.assign(row, structuredClone(patch));
      outbox.write(events);
      return structuredClone(row);
    },
    settle: async (id: string, patch: P, events?: Parameters<MemoryOutbox['write']>[0]) => {
      const row = must(id);
      if (row.status !== 'creating') return null;
      Object.assign(row, structuredClone(patch));
      outbox.write(events);
      return structuredClone(row);
    },
    unsettled: async (createdBefore: Date, limit: number) =>
      rows
        .filter((r) => r.status === 'creating' && Date.parse(r.createdAt) < createdBefore.getTime())
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
        .slice(0, limit)
        .map((r) => structuredClone(r)),
  };
}

export function memoryCarBookings(outbox: MemoryOutbox, clock: () => Date): CarBookingStore & { rows: CarBookingRecord[] } {
  const t = goodsTable<CarBookingRecord, Parameters<CarBookingStore['update']>[1]>(outbox, 'car booking');
  return {
    rows: t.rows,
    async create(record: NewCarBooking) {
      const existing = t.rows.find((r) => r.quoteId === record.quoteId || (record.paymentIntentId !== null && r.paymentIntentId === record.paymentIntentId));
      if (existing) return { ok: false, existing: structuredClone(existing) };
      t.rows.push({ ...structuredClone(record), providerBookingId: null, status: 'creating', failureReason: null, reference: null, refundMinor: null, booking: null, cancelledAt: null, createdAt: clock().toISOString() });
      return { ok: true };
    },
    get: t.get,
    byQuote: t.byQuote,
    async byPayment(paymentIntentId) {
      return t.copy(t.rows.find((r) => r.paymentIntentId === paymentIntentId));
    },
    update: t.update,
    settle: t.settle,
    unsettled: t.unsettled,
  };
}

export function memoryStayBookings(outbox: MemoryOutbox, clock: () => Date): StayBookingStore & { rows: StayBookingRecord[] } {
  const t = goodsTable<StayBookingRecord, Parameters<StayBookingStore['update']>[1]>(outbox, 'stay booking');
  return {
    rows: t.rows,
    async create(record: NewStayBooking) {
      const existing = t.rows.find((r) => r.quoteId === record.quoteId);
      if (existing) return { ok: false, existing: structuredClone(existing) };
      t.rows.push({ ...structuredClone(record), providerBookingId: null, status: 'creating', failureReason: null, reference: null, refundMinor: null, booking: null, cancelledAt: null, createdAt: clock().toISOString() });
      return { ok: true };
    },
    get: t.get,
    byQuote: t.byQuote,
    update: t.update,
    settle: t.settle,
    unsettled: t.unsettled,
  };
}
