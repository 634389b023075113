import type { Prisma } from '../../prisma/generated/client.js';
import type {
  ActivityChange, ActivityRecord, BudgetRecord, PollRecord, ShareLinkRecord, TripRecord, TripStore, VoteRecord,
} from '../../tools/trips/trip-store.js';
import type { PrismaClient } from './app-database.js';
import { readJson, writeJson } from './json-column.js';
import { budgetCategories, pollOptions, tripRole, tripStatus } from './trip-columns.js';
import { byCreated, dayOrNull, dayToDate, iso, toMember, tripRecordsOn } from './trip-records.js';

// The TripStore on PostgreSQL / PGlite through Prisma. Rows become plain records
// here; nothing ORM-shaped leaves this file.

const isoOrNull = (d: Date | null) => (d ? d.toISOString() : null);

type TripRow = { id: string; ownerId: string; name: string; destination: string; startDate: Date | null; endDate: Date | null; currency: string; status: string; createdAt: Date; updatedAt: Date };
const toTrip = (r: TripRow): TripRecord => ({
  id: r.id, ownerId: r.ownerId, name: r.name, destination: r.destination, startDate: dayOrNull(r.startDate), endDate: dayOrNull(r.endDate),
  currency: r.currency, status: readJson(tripStatus, r.status, 'trips.status'), createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt),
});

type ActivityRow = { id: string; tripId: string; title: string; startsAt: Date | null; endsAt: Date | null; startsAtOffset: number | null; endsAtOffset: number | null; place: string | null; costMinor: number | null; currency: string | null; link: string | null; bookingId: string | null; createdBy: string; createdAt: Date };
const toActivity = (r: ActivityRow): ActivityRecord => ({ ...r, startsAt: isoOrNull(r.startsAt), endsAt: isoOrNull(r.endsAt), createdAt: iso(r.createdAt) });

type ShareRow = { id: string; tripId: string; createdBy: string; createdAt: Date; revokedAt: Date | null; expiresAt: Date | null };
const toShare = (r: ShareRow): ShareLinkRecord => ({ id: r.id, tripId: r.tripId, createdBy: r.createdBy, createdAt: iso(r.createdAt), revokedAt: isoOrNull(r.revokedAt), expiresAt: isoOrNull(r.expiresAt) });

type PollRow = { id: string; tripId: string; question: string; options: Prisma.JsonValue; closesAt: Date | null; createdBy: string; createdAt: Date };
const toPoll = (r: PollRow): PollRecord => ({
  id: r.id, tripId: r.tripId, question: r.question, options: readJson(pollOptions, r.options, 'trip_polls.options'), closesAt: isoOrNull(r.closesAt), createdBy: r.createdBy, createdAt: iso(r.createdAt),
});

const SHARE_SELECT = { id: true, tripId: true, createdBy: true, createdAt: true, revokedAt: true, expiresAt: true } as const;

/** Date columns for an activity change: undefined leaves a time as it is, null clears it. */
const activityTimes = (a: ActivityChange) => ({
  ...(a.startsAt !== undefined ? { startsAt: a.startsAt ? new Date(a.startsAt) : null } : {}),
  ...(a.endsAt !== undefined ? { endsAt: a.endsAt ? new Date(a.endsAt) : null } : {}),
});

export function createTripStore(prisma: PrismaClient): TripStore {
  return {
    ...tripRecordsOn(prisma),

    async locked(tripId, work) {
      return prisma.$transaction(async (tx) => {
        await tx.$queryRaw`SELECT id FROM trips WHERE id = ${tripId} FOR UPDATE`;
        return work(tripRecordsOn(tx));
      });
    },

    async createTrip(trip, owner) {
      const [row] = await prisma.$transaction([
        prisma.trip.create({ data: { id: trip.id, ownerId: trip.ownerId, name: trip.name, destination: trip.destination, startDate: dayToDate(trip.startDate), endDate: dayToDate(trip.endDate), currency: trip.currency } }),
        prisma.tripMember.create({ data: { id: owner.id, tripId: owner.tripId, userId: owner.userId, displayName: owner.displayName, email: owner.email, role: owner.role } }),
      ]);
      return toTrip(row);
    },

    async listForUser(userId) {
      const rows = await prisma.tripMember.findMany({ where: { userId, removedAt: null }, include: { trip: true } });
      return rows
        .map((m) => ({ ...toTrip(m.trip), role: readJson(tripRole, m.role, 'trip_members.role') }))
        .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : a.id.localeCompare(b.id)));
    },

    async getTrip(tripId) {
      const row = await prisma.trip.findUnique({ where: { id: tripId } });
      return row ? toTrip(row) : null;
    },

    async memberFor(tripId, userId) {
      const row = await prisma.tripMember.findUnique({ where: { tripId_userId: { tripId, userId } } });
      return row && !row.removedAt ? toMember(row) : null;
    },

    async activities(tripId) {
      return (await prisma.tripActivity.findMany({ where: { tripId }, orderBy: [{ startsAt: 'asc' }, byCreated, { id: 'asc' }] })).map(toActivity);
    },

    async addActivity(a) {
      const row = await prisma.tripActivity.create({
        data: { ...a, startsAt: a.startsAt ? new Date(a.startsAt) : null, endsAt: a.endsAt ? new Date(a.endsAt) : null },
      });
      return toActivity(row);
    },

    async changeActivity(tripId, activityId, change) {
      const moved = await prisma.tripActivity.updateMany({ where: { id: activityId, tripId }, data: { ...change, ...activityTimes(change) } });
      if (moved.count === 0) return null;
      const row = await prisma.tripActivity.findUnique({ where: { id: activityId } });
      return row ? toActivity(row) : null;
    },

    async deleteActivity(tripId, activityId) {
      return (await prisma.tripActivity.deleteMany({ where: { id: activityId, tripId } })).count > 0;
    },

    async setStatus(tripId, from, to) {
      const moved = await prisma.trip.updateMany({ where: { id: tripId, status: from }, data: { status: to } });
      if (moved.count === 0) return null;
      const row = await prisma.trip.findUnique({ where: { id: tripId } });
      return row ? toTrip(row) : null;
    },

    async budget(tripId) {
      const row = await prisma.tripBudget.findUnique({ where: { tripId } });
      return row ? { totalMinor: row.totalMinor, categories: readJson(budgetCategories, row.categories, 'trip_budgets.categories'), updatedAt: iso(row.updatedAt) } : null;
    },

    async setBudget(tripId, totalMinor, categories): Promise<BudgetRecord> {
      const json = writeJson(budgetCategories, categories);
      const row = await prisma.tripBudget.upsert({ where: { tripId }, create: { tripId, totalMinor, categories: json }, update: { totalMinor, categories: json } });
      return { totalMinor: row.totalMinor, categories: readJson(budgetCategories, row.categories, 'trip_budgets.categories'), updatedAt: iso(row.updatedAt) };
    },

    async createShareLink(link) {
      return toShare(await prisma.tripShareLink.create({ data: link, select: SHARE_SELECT }));
    },

    async shareLinks(tripId) {
      return (await prisma.tripShareLink.findMany({ where: { tripId }, orderBy: [byCreated, { id: 'asc' }], select: SHARE_SELECT })).map(toShare);
    },

    async revokeShareLink(tripId, linkId, at) {
      await prisma.tripShareLink.updateMany({ where: { id: linkId, tripId, revokedAt: null }, data: { revokedAt: at } });
      const row = await prisma.tripShareLink.findFirst({ where: { id: linkId, tripId }, select: SHARE_SELECT });
      return row ? toShare(row) : null;
    },

    async tripIdForToken(tokenHash, now) {
      const row = await prisma.tripShareLink.findUnique({ where: { tokenHash }, select: { tripId: true, revokedAt: true, expiresAt: true } });
      return row && !row.revokedAt && (!row.expiresAt || row.expiresAt > now) ? row.tripId : null;
    },

    async polls(tripId) {
      return (await prisma.tripPoll.findMany({ where: { tripId }, orderBy: [byCreated, { id: 'asc' }] })).map(toPoll);
    },

    async createPoll(p) {
      const row = await prisma.tripPoll.create({
        data: { id: p.id, tripId: p.tripId, question: p.question, options: writeJson(pollOptions, p.options), closesAt: p.closesAt ? new Date(p.closesAt) : null, createdBy: p.createdBy },
      });
      return toPoll(row);
    },

    async votes(tripId): Promise<VoteRecord[]> {
      const rows = await prisma.tripVote.findMany({ where: { poll: { tripId } }, select: { pollId: true, memberId: true, optionId: true } });
      return rows;
    },

    async castVote(v) {
      // ON CONFLICT on the (poll_id, member_id) unique key: concurrent votes of one member leave one row.
      await prisma.$executeRaw`
        INSERT INTO trip_votes (id, poll_id, member_id, option_id, created_at, updated_at)
        VALUES (${v.id}, ${v.pollId}, ${v.memberId}, ${v.optionId}, now(), now())
        ON CONFLICT (poll_id, member_id) DO UPDATE SET option_id = EXCLUDED.option_id, updated_at = now()`;
    },
  };
}
