import type {
  ActivityRecord, BudgetRecord, ExpenseRecord, MemberRecord, PollRecord, ShareLinkRecord, TripRecord, TripRecords, TripRole, TripStore, VoteRecord,
} from '../../../tools/trips/trip-store.js';

const byCreated = <T extends { createdAt: string; id: string }>(a: T, b: T) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id);
const copy = <T>(v: T): T => structuredClone(v);

/**
 * Group trips in memory. `locked` runs one piece of work per trip at a time, like
 * the row lock, so the member-and-money rules cannot be raced; a user is a current
 * member once, and a vote is one row per (poll, member).
 */
export function memoryTrips(clock: () => Date): TripStore {
  const trips: TripRecord[] = [];
  const members: MemberRecord[] = [];
  const activities: ActivityRecord[] = [];
  const expenses: ExpenseRecord[] = [];
  const budgets = new Map<string, BudgetRecord>();
  const links: (ShareLinkRecord & { tokenHash: string })[] = [];
  const polls: PollRecord[] = [];
  const votes: (VoteRecord & { id: string })[] = [];
  const locks = new Map<string, Promise<unknown>>();
  const now = () => clock().toISOString();
  const current = (tripId: string) => members.filter((m) => m.tripId === tripId && m.removedAt === null).sort(byCreated);
  const shareView = ({ tokenHash: _t, ...l }: (typeof links)[number]): ShareLinkRecord => copy(l);

  const records: TripRecords = {
    async members(tripId) {
      return copy(current(tripId));
    },
    async everyone(tripId) {
      return copy(members.filter((m) => m.tripId === tripId).sort(byCreated));
    },
    async addMember(m) {
      const held = m.userId === null ? undefined : members.find((x) => x.tripId === m.tripId && x.userId === m.userId);
      if (held && held.removedAt === null) return { ok: false };
      if (held) {
        Object.assign(held, { role: m.role, displayName: m.displayName, email: m.email, removedAt: null });
        return { ok: true, member: copy(held) };
      }
      const row: MemberRecord = { ...copy(m), createdAt: now(), removedAt: null };
      members.push(row);
      return { ok: true, member: copy(row) };
    },
    async changeMember(tripId, memberId, change) {
      const m = members.find((x) => x.tripId === tripId && x.id === memberId && x.removedAt === null);
      if (!m) return null;
      for (const [k, v] of Object.entries(change)) if (v !== undefined) Object.assign(m, { [k]: v });
      return copy(m);
    },
    async removeMember(tripId, memberId, at) {
      const m = members.find((x) => x.tripId === tripId && x.id === memberId && x.removedAt === null);
      if (!m) return false;
      m.removedAt = at.toISOString();
      return true;
    },
    async expenses(tripId) {
      return copy(expenses.filter((e) => e.tripId === tripId).sort(byCreated));
    },
    async addExpense(e) {
      const row: ExpenseRecord = { ...copy(e), createdAt: now() };
      expenses.push(row);
      return copy(row);
    },
    async replaceExpense(e) {
      const held = expenses.find((x) => x.tripId === e.tripId && x.id === e.id);
      if (!held) return null;
      Object.assign(held, copy(e), { id: held.id, tripId: held.tripId, createdBy: held.createdBy, createdAt: held.createdAt });
      return copy(held);
    },
    async deleteExpense(tripId, expenseId) {
      const i = expenses.findIndex((x) => x.tripId === tripId && x.id === expenseId);
      if (i < 0) return false;
      expenses.splice(i, 1);
      return true;
    },
  };

  return {
    ...records,
    locked(tripId, work) {
      const run = (locks.get(tripId) ?? Promise.resolve()).then(() => work(records));
      locks.set(tripId, run.catch(() => undefined));
      return run;
    },
    async createTrip(trip, owner) {
      const at = now();
      const row: TripRecord = { ...copy(trip), status: 'planning', createdAt: at, updatedAt: at };
      trips.push(row);
      members.push({ ...copy(owner), createdAt: at, removedAt: null });
      return copy(row);
    },
    async listForUser(userId) {
      return members
        .filter((m) => m.userId === userId && m.removedAt === null)
        .flatMap((m) => trips.filter((t) => t.id === m.tripId).map((t) => ({ ...copy(t), role: m.role as TripRole })))
        .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
    },
    async getTrip(tripId) {
      const t = trips.find((x) => x.id === tripId);
      return t ? copy(t) : null;
    },
    async memberFor(tripId, userId) {
      const m = current(tripId).find((x) => x.userId === userId);
      return m ? copy(m) : null;
    },
    async activities(tripId) {
      return copy(activities.filter((a) => a.tripId === tripId).sort(byCreated));
    },
    async addActivity(a) {
      const row: ActivityRecord = { ...copy(a), createdAt: now() };
      activities.push(row);
      return copy(row);
    },
    async changeActivity(tripId, activityId, change) {
      const a = activities.find((x) => x.tripId === tripId && x.id === activityId);
      if (!a) return null;
      for (const [k, v] of Object.entries(change)) if (v !== undefined) Object.assign(a, { [k]: v });
      return copy(a);
    },
    async deleteActivity(tripId, activityId) {
      const i = activities.findIndex((x) => x.tripId === tripId && x.id === activityId);
      if (i < 0) return false;
      activities.splice(i, 1);
      return true;
    },
    async setStatus(tripId, from, to) {
      const t = trips.find((x) => x.id === tripId && x.status === from);
      if (!t) return null;
      Object.assign(t, { status: to, updatedAt: now() });
      return copy(t);
    },
    async budget(tripId) {
      const b = budgets.get(tripId);
      return b ? copy(b) : null;
    },
    async setBudget(tripId, totalMinor, categories) {
      const b: BudgetRecord = { totalMinor, categories: copy(categories), updatedAt: now() };
      budgets.set(tripId, b);
      return copy(b);
    },
    async createShareLink(l) {
      if (links.some((x) => x.tokenHash === l.tokenHash)) throw new Error('share link token hash exists');
      const row = { id: l.id, tripId: l.tripId, tokenHash: l.tokenHash, createdBy: l.createdBy, createdAt: now(), revokedAt: null, expiresAt: l.expiresAt?.toISOString() ?? null };
      links.push(row);
      return shareView(row);
    },
    async shareLinks(tripId) {
      return links.filter((l) => l.tripId === tripId).sort(byCreated).map(shareView);
    },
    async revokeShareLink(tripId, linkId, at) {
      const l = links.find((x) => x.tripId === tripId && x.id === linkId);
      if (!l) return null;
      l.revokedAt ??= at.toISOString();
      return shareView(l);
    },
    async tripIdForToken(tokenHash, at) {
      const l = links.find((x) => x.tokenHash === tokenHash);
      return l && !l.revokedAt && (!l.expiresAt || Date.parse(l.expiresAt) > at.getTime()) ? l.tripId : null;
    },
    async polls(tripId) {
      return copy(polls.filter((p) => p.tripId === tripId).sort(byCreated));
    },
    async createPoll(p) {
      const row: PollRecord = { ...copy(p), createdAt: now() };
      polls.push(row);
      return copy(row);
    },
    async votes(tripId) {
      const ids = new Set(polls.filter((p) => p.tripId === tripId).map((p) => p.id));
      return votes.filter((v) => ids.has(v.pollId)).map(({ pollId, memberId, optionId }) => ({ pollId, memberId, optionId }));
    },
    async castVote(v) {
      const held = votes.find((x) => x.pollId === v.pollId && x.memberId === v.memberId);
      if (held) held.optionId = v.optionId;
      else votes.push({ ...v });
    },
  };
}
