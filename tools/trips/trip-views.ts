import { z } from 'zod';
import { fromMinor } from '../_kit/money.js';
import { atOffset } from './local-time.js';
import { spendingOnly } from './settlement-kind.js';
import { EXPENSE_CATEGORIES, TRIP_ROLES, TRIP_STATUSES } from './trip-schemas.js';
import type { ActivityRecord, ExpenseRecord, MemberRecord, ShareLinkRecord, TripRecord, TripRole } from './trip-store.js';

// What members see of a trip. Amounts are major units of the stated currency.

export const major = (minor: number, currency: string): number => fromMinor(minor, currency).amount;

export const TripSummaryView = z.object({
  id: z.string(),
  name: z.string(),
  destination: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  currency: z.string(),
  status: z.enum(TRIP_STATUSES),
  role: z.enum(TRIP_ROLES).describe("The caller's role on this trip."),
  created_at: z.string(),
});

export const MemberView = z.object({
  id: z.string().describe('Member id (tm_...): use it for paid_by, split.among and votes.'),
  user_id: z.string().nullable().describe('The registered user, or null for a named guest.'),
  display_name: z.string(),
  email: z.string().nullable(),
  role: z.enum(TRIP_ROLES),
});

export const ActivityView = z.object({
  id: z.string(),
  title: z.string(),
  starts_at: z.string().nullable().describe('ISO 8601 in the UTC offset it was given in (local time at the place).'),
  ends_at: z.string().nullable(),
  place: z.string().nullable(),
  cost: z.number().nullable(),
  currency: z.string().nullable(),
  link: z.string().nullable(),
  booking_id: z.string().nullable(),
  created_at: z.string(),
});

export const ExpenseTotalsView = z.object({
  count: z.number().int().describe('Expenses recorded (settle-up payments are not expenses).'),
  total: z.number().describe('Sum of expenses in the trip currency.'),
  by_category: z.array(z.object({ category: z.enum(EXPENSE_CATEGORIES).or(z.string()), total: z.number() })),
});

export const ShareLinkView = z.object({
  id: z.string(),
  created_at: z.string(),
  revoked_at: z.string().nullable(),
  expires_at: z.string().nullable().describe('When the link stops working; null: until revoked.'),
  active: z.boolean().describe('Not revoked and not expired.'),
});

export const memberView = (m: MemberRecord): z.input<typeof MemberView> => ({ id: m.id, user_id: m.userId, display_name: m.displayName, email: m.email, role: m.role });

export const summaryView = (t: TripRecord, role: TripRole): z.input<typeof TripSummaryView> => ({
  id: t.id, name: t.name, destination: t.destination, start_date: t.startDate, end_date: t.endDate, currency: t.currency, status: t.status, role, created_at: t.createdAt,
});

export const activityView = (a: ActivityRecord): z.input<typeof ActivityView> => ({
  id: a.id, title: a.title, starts_at: a.startsAt && atOffset(a.startsAt, a.startsAtOffset), ends_at: a.endsAt && atOffset(a.endsAt, a.endsAtOffset), place: a.place,
  cost: a.costMinor === null || a.currency === null ? null : major(a.costMinor, a.currency), currency: a.currency, link: a.link, booking_id: a.bookingId, created_at: a.createdAt,
});

export function expenseTotals(expenses: readonly ExpenseRecord[], currency: string): z.input<typeof ExpenseTotalsView> {
  const byCategory = new Map<string, number>();
  let total = 0;
  const spending = spendingOnly(expenses);
  for (const e of spending) {
    total += e.tripAmountMinor;
    byCategory.set(e.category, (byCategory.get(e.category) ?? 0) + e.tripAmountMinor);
  }
  return {
    count: spending.length,
    total: major(total, currency),
    by_category: [...byCategory].sort(([a], [b]) => a.localeCompare(b)).map(([category, minor]) => ({ category, total: major(minor, currency) })),
  };
}

export const shareLinkView = (s: ShareLinkRecord, now: Date): z.input<typeof ShareLinkView> => ({
  id: s.id, created_at: s.createdAt, revoked_at: s.revokedAt, expires_at: s.expiresAt,
  active: s.revokedAt === null && (s.expiresAt === null || Date.parse(s.expiresAt) > now.getTime()),
});
