import type { Prisma } from '../../prisma/generated/client.js';
import type { PaymentRecord, PaymentState, PaymentStore } from '../../tools/payments/payment-store.js';
import type { PrismaClient } from './app-database.js';
import { writeEvents } from './booking-store.js';
import { goodsKind, paymentOpenedBy, paymentPurpose } from './column-schemas.js';
import { readJson } from './json-column.js';

// The payments ledger on Prisma. Every state change is one conditional UPDATE
// (compare-and-set on the state), so claims and refunds cannot interleave on
// either database; refunds are rows keyed by the processor's refund id, so the
// refunded total is their sum and a replay adds nothing.

type PaymentRow = Prisma.PaymentGetPayload<object>;

/** Ids we mint and providers send are plain tokens; anything else cannot name a row (and PostgreSQL refuses NUL bytes). */
const PLAIN_ID = /^[A-Za-z0-9_:.-]{1,200}$/;

function toRecord(row: PaymentRow): PaymentRecord {
  return {
    id: row.id,
    payerUserId: row.payerUserId,
    payerSecretHash: row.payerSecretHash,
    openedBy: readJson(paymentOpenedBy, row.openedBy, 'payments.opened_by'),
    purpose: readJson(paymentPurpose, row.purpose, 'payments.purpose'),
    subject: row.subject,
    amountMinor: row.amountMinor,
    currency: row.currency,
    state: row.state,
    goods: row.goodsKind && row.goodsId ? { kind: readJson(goodsKind, row.goodsKind, 'payments.goods_kind'), id: row.goodsId } : null,
    refundedMinor: row.refundedMinor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function createPaymentStore(prisma: PrismaClient): PaymentStore {
  const get = async (id: string): Promise<PaymentRecord | null> => {
    if (!PLAIN_ID.test(id)) return null;
    const row = await prisma.payment.findUnique({ where: { id } });
    return row ? toRecord(row) : null;
  };
  const move = async (id: string, from: readonly PaymentState[], data: Prisma.PaymentUpdateManyMutationInput): Promise<boolean> => {
    if (!PLAIN_ID.test(id)) return false;
    const { count } = await prisma.payment.updateMany({ where: { id, state: { in: [...from] } }, data });
    return count === 1;
  };

  return {
    async open(p) {
      const row = await prisma.payment.upsert({ where: { id: p.id }, create: { ...p }, update: {} });
      return toRecord(row);
    },

    get,

    async claim(id, goods) {
      if (await move(id, ['open'], { state: 'claimed', goodsKind: goods.kind, goodsId: goods.id })) return { ok: true };
      const current = await get(id);
      const sameGoods = current?.goods?.kind === goods.kind && current.goods.id === goods.id && (current.state === 'claimed' || current.state === 'attached');
      return sameGoods ? { ok: true } : { ok: false, current };
    },

    async attach(id) {
      await move(id, ['claimed'], { state: 'attached' });
    },

    async unclaim(id, goods) {
      if (!PLAIN_ID.test(id)) return;
      await prisma.payment.updateMany({ where: { id, state: 'claimed', goodsKind: goods.kind, goodsId: goods.id }, data: { state: 'open', goodsKind: null, goodsId: null } });
    },

    startRefund: (id, from, at) => move(id, from, { state: 'refunding', updatedAt: at }),

    markVoid: (id, from = ['open']) => move(id, from, { state: 'void' }),

    async abandonRefund(id, backTo) {
      await move(id, ['refunding'], { state: backTo });
    },

    async recordRefund(id, refund, state, event) {
      const row = await prisma.$transaction(async (tx) => {
        await tx.paymentRefund.createMany({ data: [{ id: refund.id, paymentId: id, amountMinor: refund.amountMinor, currency: refund.currency, reason: refund.reason }], skipDuplicates: true });
        const sum = await tx.paymentRefund.aggregate({ where: { paymentId: id }, _sum: { amountMinor: true } });
        const updated = await tx.payment.update({ where: { id }, data: { refundedMinor: sum._sum.amountMinor ?? 0, state } });
        await writeEvents(tx, [{ type: 'payment.refunded', aggregateId: id, dedupeKey: event.dedupeKey, userId: event.userId, payload: event.payload }]);
        return updated;
      });
      return toRecord(row);
    },

    async stale(states, olderThan, limit) {
      const rows = await prisma.payment.findMany({ where: { state: { in: [...states] }, updatedAt: { lt: olderThan } }, orderBy: { updatedAt: 'asc' }, take: limit });
      return rows.map(toRecord);
    },

    async ofGoods(goods) {
      if (!PLAIN_ID.test(goods.id)) return [];
      const rows = await prisma.payment.findMany({ where: { goodsKind: goods.kind, goodsId: goods.id }, orderBy: { createdAt: 'asc' } });
      return rows.map(toRecord);
    },
  };
}
