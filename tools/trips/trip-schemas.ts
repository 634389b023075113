import { z } from 'zod';
import { knownCurrency } from '../_kit/fx-rates.js';

// The trip request bodies (spec: CreateTripRequest, AddTravelerRequest,
// AddActivityRequest, AddExpenseRequest, UpdateStatusRequest, SetBudgetRequest,
// GenerateShareLinkRequest) and the fields every trip route shares.

export const TRIP_ROLES = ['owner', 'editor', 'viewer'] as const;
export const TRIP_STATUSES = ['planning', 'booked', 'in_progress', 'completed', 'cancelled'] as const;
export const EXPENSE_CATEGORIES = ['lodging', 'food', 'transport', 'activities', 'shopping', 'fees', 'other'] as const;
export const SPLIT_METHODS = ['equal', 'exact', 'shares', 'percent'] as const;

export const currencyField = z.string().trim().regex(/^[A-Za-z]{3}$/, 'Use an ISO 4217 code such as USD')
  .transform((s) => s.toUpperCase())
  .refine(knownCurrency, 'No reference exchange rate for this currency');
export const isoDate = z.iso.date('Use a date as YYYY-MM-DD');
export const isoDateTime = z.iso.datetime({ offset: true, message: 'Use an ISO 8601 date-time such as 2026-12-01T18:00:00Z' });
/** PostgreSQL text cannot hold NUL, so it is refused here (422) rather than failing in the database. */
export const safeText = (max: number) => z.string().trim().min(1).max(max).refine((v) => !v.includes('\u0000'), 'NUL characters are not allowed');
const text = safeText;
/** Largest minor-unit amount a column holds (PostgreSQL integer). */
export const MAX_MINOR = 2_147_483_647;
/** Amounts in major units, e.g. 12.34; positive and bounded so minor units stay exact integers. */
export const positiveAmount = z.number().positive().max(10_000_000);
export const memberId = safeText(100);

export const tripIdField = safeText(100).describe('The trip id (trp_...).');
/** Acting user for the service back end (internal key); named so it never clashes with a member's user_id. */
export const actingUserField = safeText(200).optional()
  .describe('Only for the service back end (internal key): the user the call acts for. Others omit it.');

export const CreateTripRequest = z.object({
  name: text(200).describe('Trip name, e.g. "Lisbon with friends".'),
  destination: text(200).describe('Where to, free text or a place code.'),
  start_date: isoDate.optional().describe('First day (YYYY-MM-DD).'),
  end_date: isoDate.optional().describe('Last day (YYYY-MM-DD), on or after start_date.'),
  currency: currencyField.default('USD').describe('Trip currency (ISO 4217): expenses are converted into it. Default USD.'),
  display_name: text(100).optional().describe('How the creator appears to the group (default "Organizer").'),
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  if (b.start_date && b.end_date && b.end_date < b.start_date) ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'end_date is before start_date' });
});

export const AddTravelerRequest = z.object({
  trip_id: tripIdField,
  user_id: safeText(200).optional().describe('Add a registered user by id. Omit to add a named guest.'),
  name: text(100).optional().describe('Display name; required for a guest.'),
  email: z.email().max(320).optional().describe('Contact email; shown to members only, never through a share link.'),
  role: z.enum(TRIP_ROLES).default('editor').describe('owner: everything incl. members; editor: writes; viewer: reads and votes. Default editor.'),
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  if (!b.user_id && !b.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'A guest needs a name (or give user_id)' });
});

export const ActivityFields = {
  title: text(200),
  starts_at: isoDateTime.describe('Start, ISO 8601 date-time.'),
  ends_at: isoDateTime.optional(),
  place: text(300).optional(),
  cost: z.number().nonnegative().max(10_000_000).optional().describe('Cost in major units of `currency`.'),
  currency: currencyField.optional().describe('Currency of cost; default the trip currency.'),
  link: z.url({ protocol: /^https?$/, message: 'Use an http(s) URL' }).max(2000).optional(),
  booking_id: text(100).optional().describe('The booking this belongs to, if any (private: not shown through share links).'),
};

export const AddActivityRequest = z.object({
  trip_id: tripIdField,
  ...ActivityFields,
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  if (b.ends_at && Date.parse(b.ends_at) < Date.parse(b.starts_at)) ctx.addIssue({ code: 'custom', path: ['ends_at'], message: 'ends_at is before starts_at' });
});

export const SplitRequest = z.object({
  method: z.enum(SPLIT_METHODS).default('equal'),
  among: z.array(memberId).min(1).max(100).optional().describe('Member ids sharing the cost; default every member.'),
  amounts: z.record(memberId, z.number().nonnegative().max(10_000_000)).optional()
    .describe('exact: member id → amount in the expense currency (major units); must sum to the amount.'),
  shares: z.record(memberId, z.number().positive().max(1_000_000)).optional().describe('shares: member id → weight, e.g. 2 and 1.'),
  percents: z.record(memberId, z.number().nonnegative().max(100)).optional().describe('percent: member id → percent; must sum to 100.'),
}).superRefine((s, ctx) => {
  const need = { exact: 'amounts', shares: 'shares', percent: 'percents' } as const;
  if (s.method !== 'equal' && s[need[s.method]] === undefined) ctx.addIssue({ code: 'custom', path: [need[s.method]], message: `method ${s.method} needs ${need[s.method]}` });
});
export type SplitRequest = z.output<typeof SplitRequest>;

export const ExpenseFields = {
  paid_by: memberId.describe('Member id of who paid.'),
  description: text(300),
  amount: positiveAmount.describe('Amount paid, major units of `currency`.'),
  currency: currencyField.optional().describe('Currency paid in; default the trip currency. Converted at the reference rate, which is stored and shown.'),
  category: z.enum(EXPENSE_CATEGORIES).default('other'),
  split: SplitRequest.default({ method: 'equal' }).describe('How the cost is shared. Default: equally among every member.'),
  spent_on: isoDate.optional(),
};

export const AddExpenseRequest = z.object({
  trip_id: tripIdField,
  ...ExpenseFields,
  acting_user_id: actingUserField,
});
export type AddExpenseInput = z.output<typeof AddExpenseRequest>;

export const UpdateStatusRequest = z.object({
  trip_id: tripIdField,
  status: z.enum(TRIP_STATUSES),
  acting_user_id: actingUserField,
});

export const SetBudgetRequest = z.object({
  trip_id: tripIdField,
  total: z.number().positive().max(100_000_000).describe('Total budget, major units of the trip currency.'),
  categories: z.partialRecord(z.enum(EXPENSE_CATEGORIES), z.number().nonnegative().max(100_000_000)).default({})
    .describe('Per-category budgets (trip currency); together they may not exceed total.'),
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  const sum = Object.values(b.categories).reduce((a: number, v) => a + (v ?? 0), 0);
  if (sum > b.total + 1e-9) ctx.addIssue({ code: 'custom', path: ['categories'], message: `Category budgets add up to ${sum}, more than the total ${b.total}` });
});

export const GenerateShareLinkRequest = z.object({
  trip_id: tripIdField,
  expires_in_days: z.number().int().min(1).max(365).optional().describe('The link stops working this many days from now (1-365). Omit for a link that works until revoked.'),
  acting_user_id: actingUserField,
});

export const TripRef = z.object({ trip_id: tripIdField, acting_user_id: actingUserField });

/** The MCP arguments of the read tools that name one trip, and their mapping to TripRef. */
export const TripRefMcp = {
  input: z.object({ tripId: z.string().describe('The trip id (trp_...).') }),
  toInput: (a: Record<string, unknown>) => ({ trip_id: String(a.tripId) }),
};
