import type { PaymentRecord, PaymentState, PaymentStore } from '../../../tools/payments/payment-store.js';
import type { MemoryOutbox } from './outbox.js';

/**
 * The payments ledger: every state change a compare-and-set on the state, like the
 * conditional UPDATEs in production; refunds counted once per refund id.
 */
export function memoryPayments(outbox: MemoryOutbox, clock: () => Date): PaymentStore & { rows: PaymentRecord[] } {
  const rows: PaymentRecord[] = [];
  const refunds = new Map<string, { paymentId: string; amountMinor: number }>();
  const find = (id: string) => rows.find((r) => r.id === id);
  const move = (id: string, from: readonly PaymentState[], to: PaymentState, at = clock()): boolean => {
    const row = find(id);
    if (!row || !from.includes(row.state)) return false;
    row.state = to;
    row.updatedAt = at.toISOString();
    return true;
  };
  const copy = (r: PaymentRecord | undefined) => (r ? structuredClone(r) : null);
  return {
    rows,
    async open(p) {
      const held = find(p.id);
      if (held) return structuredClone(held);
      const at = clock().toISOString();
      const { state = 'open', ...rest } = p;
      const row: PaymentRecord = { ...rest, state, goods: null, refundedMinor: 0, createdAt: at, updatedAt: at };
      rows.push(row);
      return structuredClone(row);
    },
    async get(id) {
      return copy(find(id));
    },
    async claim(id, goods) {
      if (move(id, ['open'], 'claimed')) {
        find(id)!.goods = { ...goods };
        return { ok: true };
      }
      const current = copy(find(id));
      const sameGoods = current?.goods?.kind === goods.kind && current.goods.id === goods.id && (current.state === 'claimed' || current.state === 'attached');
      return sameGoods ? { ok: true } : { ok: false, current };
    },
    async attach(id) {
      move(id, ['claimed'], 'attached');
    },
    async unclaim(id, goods) {
      const row = find(id);
      if (row?.goods?.kind !== goods.kind || row.goods.id !== goods.id) return;
      if (move(id, ['claimed'], 'open')) row.goods = null;
    },
    async startRefund(id, from, at) {
      return move(id, from, 'refunding', at);
    },
    async markVoid(id, from = ['open']) {
      return move(id, from, 'void');
    },
    async abandonRefund(id, backTo) {
      move(id, ['refunding'], backTo);
    },
    async recordRefund(id, refund, state, event) {
      const row = find(id);
      if (!row) throw new Error(`payment ${id} not found`);
      if (!refunds.has(refund.id)) refunds.set(refund.id, { paymentId: id, amountMinor: refund.amountMinor });
      row.refundedMinor = [...refunds.values()].filter((r) => r.paymentId === id).reduce((a, r) => a + r.amountMinor, 0);
      row.state = state;
      row.updatedAt = clock().toISOString();
      outbox.write([{ type: 'payment.refunded', aggregateId: id, dedupeKey: event.dedupeKey, userId: event.userId, payload: event.payload }]);
      return structuredClone(row);
    },
    async stale(states, olderThan, limit) {
      return rows
        .filter((r) => states.includes(r.state) && Date.parse(r.updatedAt) < olderThan.getTime())
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))
        .slice(0, limit)
        .map((r) => structuredClone(r));
    },
    async ofGoods(goods) {
      return rows.filter((r) => r.goods?.kind === goods.kind && r.goods.id === goods.id).map((r) => structuredClone(r));
    },
  };
}
