import { Prisma } from '../../prisma/generated/client.js';
import type { ExpenseRecord, ExpenseShare, MemberRecord, NewExpense, TripRecords } from '../../tools/trips/trip-store.js';
import { readJson, writeJson } from './json-column.js';
import { expenseShares, tripRole } from './trip-columns.js';

// The trip records that run under the trip's row lock (members and money), on any
// Prisma client: the app's, or a transaction's inside TripStore.locked.

type Db = Prisma.TransactionClient;

export const iso = (d: Date) => d.toISOString();
export const dayOrNull = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);
export const dayToDate = (s: string | null) => (s ? new Date(`${s}T00:00:00Z`) : null);
export const byCreated = { createdAt: 'asc' as const };

export function isUniqueViolation(err: unknown): boolean {
  return err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002';
}

type MemberRow = { id: string; tripId: string; userId: string | null; displayName: string; email: string | null; role: string; createdAt: Date; removedAt: Date | null };
export const toMember = (r: MemberRow): MemberRecord => ({
  id: r.id, tripId: r.tripId, userId: r.userId, displayName: r.displayName, email: r.email, role: readJson(tripRole, r.role, 'trip_members.role'), createdAt: iso(r.createdAt),
  removedAt: r.removedAt ? iso(r.removedAt) : null,
});

type ExpenseRow = { id: string; tripId: string; paidByMemberId: string; description: string; category: string; amountMinor: number; currency: string; fxRate: number; tripAmountMinor: number; splitMethod: string; shares: Prisma.JsonValue; spentOn: Date | null; createdBy: string; createdAt: Date };
function toExpense(r: ExpenseRow): ExpenseRecord {
  const json = readJson(expenseShares, r.shares, 'trip_expenses.shares');
  const shares: ExpenseShare[] = json.parts.map((p) => ({ memberId: p.member_id, minor: p.minor }));
  return {
    id: r.id, tripId: r.tripId, paidByMemberId: r.paidByMemberId, description: r.description, category: r.category, amountMinor: r.amountMinor,
    currency: r.currency, fxRate: r.fxRate, tripAmountMinor: r.tripAmountMinor, splitMethod: r.splitMethod, shares, requested: json.requested,
    spentOn: dayOrNull(r.spentOn), createdBy: r.createdBy, createdAt: iso(r.createdAt),
  };
}

/** The columns an expense's content fills (everything but id, trip, author and creation time). */
function expenseContent(e: NewExpense) {
  const shares = { parts: e.shares.map((s) => ({ member_id: s.memberId, minor: s.minor })), requested: e.requested };
  return {
    paidByMemberId: e.paidByMemberId, description: e.description, category: e.category, amountMinor: e.amountMinor, currency: e.currency,
    fxRate: e.fxRate, tripAmountMinor: e.tripAmountMinor, splitMethod: e.splitMethod, shares: writeJson(expenseShares, shares), spentOn: dayToDate(e.spentOn),
  };
}

export function tripRecordsOn(db: Db): TripRecords {
  return {
    async members(tripId) {
      return (await db.tripMember.findMany({ where: { tripId, removedAt: null }, orderBy: [byCreated, { id: 'asc' }] })).map(toMember);
    },

    async everyone(tripId) {
      return (await db.tripMember.findMany({ where: { tripId }, orderBy: [byCreated, { id: 'asc' }] })).map(toMember);
    },

    async addMember(m) {
      const fields = { displayName: m.displayName, email: m.email, role: m.role };
      if (m.userId !== null) {
        // A user who left comes back on their old row, so their past expenses stay theirs.
        const back = await db.tripMember.updateMany({ where: { tripId: m.tripId, userId: m.userId, removedAt: { not: null } }, data: { ...fields, removedAt: null } });
        if (back.count > 0) {
          const row = await db.tripMember.findUnique({ where: { tripId_userId: { tripId: m.tripId, userId: m.userId } } });
          if (row) return { ok: true, member: toMember(row) };
        }
      }
      try {
        return { ok: true, member: toMember(await db.tripMember.create({ data: { id: m.id, tripId: m.tripId, userId: m.userId, ...fields } })) };
      } catch (err) {
        if (isUniqueViolation(err)) return { ok: false };
        throw err;
      }
    },

    async changeMember(tripId, memberId, change) {
      const moved = await db.tripMember.updateMany({ where: { id: memberId, tripId, removedAt: null }, data: change });
      if (moved.count === 0) return null;
      const row = await db.tripMember.findUnique({ where: { id: memberId } });
      return row ? toMember(row) : null;
    },

    async removeMember(tripId, memberId, at) {
      return (await db.tripMember.updateMany({ where: { id: memberId, tripId, removedAt: null }, data: { removedAt: at } })).count > 0;
    },

    async expenses(tripId) {
      return (await db.tripExpense.findMany({ where: { tripId }, orderBy: [byCreated, { id: 'asc' }] })).map(toExpense);
    },

    async addExpense(e) {
      return toExpense(await db.tripExpense.create({ data: { id: e.id, tripId: e.tripId, createdBy: e.createdBy, ...expenseContent(e) } }));
    },

    async replaceExpense(e) {
      const moved = await db.tripExpense.updateMany({ where: { id: e.id, tripId: e.tripId }, data: expenseContent(e) });
      if (moved.count === 0) return null;
      const row = await db.tripExpense.findUnique({ where: { id: e.id } });
      return row ? toExpense(row) : null;
    },

    async deleteExpense(tripId, expenseId) {
      return (await db.tripExpense.deleteMany({ where: { id: expenseId, tripId } })).count > 0;
    },
  };
}
