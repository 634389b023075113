// Group trips as plain records. Implemented with Prisma in adapters/db/trip-store.ts.
// Money is integer minor units; dates are YYYY-MM-DD; timestamps ISO strings.

export type TripRole = 'owner' | 'editor' | 'viewer';
export type TripStatus = 'planning' | 'booked' | 'in_progress' | 'completed' | 'cancelled';

export interface TripRecord {
  id: string;
  ownerId: string;
  name: string;
  destination: string;
  startDate: string | null;
  endDate: string | null;
  currency: string;
  status: TripStatus;
  createdAt: string;
  updatedAt: string;
}

export interface MemberRecord {
  id: string;
  tripId: string;
  /** Null for a named guest. */
  userId: string | null;
  displayName: string;
  email: string | null;
  role: TripRole;
  createdAt: string;
  /** When the member left or was removed; removed members are kept so past expenses still name them. */
  removedAt: string | null;
}

export interface ActivityRecord {
  id: string;
  tripId: string;
  title: string;
  /** ISO 8601 in UTC. */
  startsAt: string | null;
  endsAt: string | null;
  /** The UTC offset (minutes east) each time was given in, so it reads back in local time. */
  startsAtOffset: number | null;
  endsAtOffset: number | null;
  place: string | null;
  costMinor: number | null;
  currency: string | null;
  link: string | null;
  bookingId: string | null;
  createdBy: string;
  createdAt: string;
}

export interface ExpenseShare {
  memberId: string;
  minor: number;
}

export interface ExpenseRecord {
  id: string;
  tripId: string;
  paidByMemberId: string;
  description: string;
  category: string;
  /** In `currency`. */
  amountMinor: number;
  currency: string;
  /** Trip currency units per one unit of `currency`. */
  fxRate: number;
  tripAmountMinor: number;
  splitMethod: string;
  /** Each member's share in trip minor units, summing to tripAmountMinor. */
  shares: ExpenseShare[];
  /** The split as it was asked for (method, among, amounts/shares/percents). */
  requested: Record<string, unknown>;
  spentOn: string | null;
  createdBy: string;
  createdAt: string;
}

export interface BudgetRecord {
  totalMinor: number;
  categories: Record<string, number>;
  updatedAt: string;
}

export interface ShareLinkRecord {
  id: string;
  tripId: string;
  createdBy: string;
  createdAt: string;
  revokedAt: string | null;
  /** Null: works until revoked. */
  expiresAt: string | null;
}

export interface PollOption {
  id: string;
  label: string;
}

export interface PollRecord {
  id: string;
  tripId: string;
  question: string;
  options: PollOption[];
  closesAt: string | null;
  createdBy: string;
  createdAt: string;
}

export interface VoteRecord {
  pollId: string;
  memberId: string;
  optionId: string;
}

export type NewTrip = Omit<TripRecord, 'status' | 'createdAt' | 'updatedAt'>;
export type NewMember = Omit<MemberRecord, 'createdAt' | 'removedAt'>;
export interface MemberChange { role?: TripRole; displayName?: string; email?: string | null }
export type NewActivity = Omit<ActivityRecord, 'createdAt'>;
export type NewExpense = Omit<ExpenseRecord, 'createdAt'>;
export type NewPoll = Omit<PollRecord, 'createdAt'>;

/**
 * The records whose rules span members and money (the last owner stays, a member
 * leaves only with a zero balance, an expense names current members). Every change
 * to them runs inside `TripStore.locked`, which holds the trip's row lock, so those
 * rules cannot be raced.
 */
export interface TripRecords {
  /** Current members, oldest first (removed ones left out). */
  members(tripId: string): Promise<MemberRecord[]>;
  /** Every member the trip ever had, removed ones included (to name them on past expenses). */
  everyone(tripId: string): Promise<MemberRecord[]>;
  /** False when that user is already a current member; a removed user is brought back with the new role and name. */
  addMember(member: NewMember): Promise<{ ok: true; member: MemberRecord } | { ok: false }>;
  /** Null when the trip has no such current member. */
  changeMember(tripId: string, memberId: string, change: MemberChange): Promise<MemberRecord | null>;
  /** False when the trip has no such current member. */
  removeMember(tripId: string, memberId: string, at: Date): Promise<boolean>;
  /** Expenses and settlement payments, oldest first. */
  expenses(tripId: string): Promise<ExpenseRecord[]>;
  addExpense(expense: NewExpense): Promise<ExpenseRecord>;
  /** Replaces an expense's content (its id, trip, author and creation time stay); null when the trip has no such expense. */
  replaceExpense(expense: NewExpense): Promise<ExpenseRecord | null>;
  /** False when the trip has no such expense. */
  deleteExpense(tripId: string, expenseId: string): Promise<boolean>;
}

export type ActivityChange = Partial<Omit<ActivityRecord, 'id' | 'tripId' | 'createdBy' | 'createdAt'>>;

export interface TripStore extends TripRecords {
  /** Runs `work` holding the trip's row lock (SELECT … FOR UPDATE), in one transaction. */
  locked<T>(tripId: string, work: (records: TripRecords) => Promise<T>): Promise<T>;
  /** Creates the trip and its owner member in one transaction. */
  createTrip(trip: NewTrip, owner: NewMember): Promise<TripRecord>;
  /** Trips the user is a current member of, newest first. */
  listForUser(userId: string): Promise<(TripRecord & { role: TripRole })[]>;
  getTrip(tripId: string): Promise<TripRecord | null>;
  /** The user's current membership of the trip, or null. */
  memberFor(tripId: string, userId: string): Promise<MemberRecord | null>;
  activities(tripId: string): Promise<ActivityRecord[]>;
  addActivity(activity: NewActivity): Promise<ActivityRecord>;
  /** Null when the trip has no such activity. */
  changeActivity(tripId: string, activityId: string, change: ActivityChange): Promise<ActivityRecord | null>;
  /** False when the trip has no such activity. */
  deleteActivity(tripId: string, activityId: string): Promise<boolean>;
  /** Compare-and-set: moves the trip only if it is still in `from`; returns the trip after, or null when it moved meanwhile. */
  setStatus(tripId: string, from: TripStatus, to: TripStatus): Promise<TripRecord | null>;
  budget(tripId: string): Promise<BudgetRecord | null>;
  setBudget(tripId: string, totalMinor: number, categories: Record<string, number>): Promise<BudgetRecord>;
  createShareLink(link: { id: string; tripId: string; tokenHash: string; createdBy: string; expiresAt: Date | null }): Promise<ShareLinkRecord>;
  shareLinks(tripId: string): Promise<ShareLinkRecord[]>;
  /** Marks the link revoked (keeps the first revocation time); null when the trip has no such link. */
  revokeShareLink(tripId: string, linkId: string, at: Date): Promise<ShareLinkRecord | null>;
  /** The trip id of a live link (not revoked, not expired at `now`) with this token hash. */
  tripIdForToken(tokenHash: string, now: Date): Promise<string | null>;
  polls(tripId: string): Promise<PollRecord[]>;
  createPoll(poll: NewPoll): Promise<PollRecord>;
  votes(tripId: string): Promise<VoteRecord[]>;
  /** Casts or changes the member's vote: one row per (poll, member), an upsert on the unique key. */
  castVote(vote: VoteRecord & { id: string }): Promise<void>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    trips: TripStore;
  }
}
