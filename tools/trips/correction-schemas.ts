import { z } from 'zod';
import {
  actingUserField, currencyField, EXPENSE_CATEGORIES, isoDate, isoDateTime, memberId, positiveAmount, safeText, SplitRequest, TRIP_ROLES, tripIdField,
} from './trip-schemas.js';

// Request bodies of the routes that correct a trip's records: PATCH and DELETE for
// expenses and activities, member role changes and removal, settle-up payments.
// In a PATCH a field left out keeps its value and null clears an optional one.

const recordId = (what: string) => safeText(100).describe(what);

export const ExpenseRef = z.object({ trip_id: tripIdField, expense_id: recordId('The expense id (tx_...).'), acting_user_id: actingUserField });

export const UpdateExpenseRequest = ExpenseRef.extend({
  paid_by: memberId.optional().describe('Member id of who paid.'),
  description: safeText(300).optional(),
  amount: positiveAmount.optional().describe('Amount paid, major units of `currency`. With an exact split, send the new split too.'),
  currency: currencyField.optional().describe('Currency paid in; converted to the trip currency at the reference rate.'),
  category: z.enum(EXPENSE_CATEGORIES).optional(),
  split: SplitRequest.optional().describe('Replaces the whole split (method, among and its amounts, shares or percents).'),
  spent_on: isoDate.nullable().optional().describe('YYYY-MM-DD, or null to clear.'),
});

export const ActivityRef = z.object({ trip_id: tripIdField, activity_id: recordId('The activity id (ta_...).'), acting_user_id: actingUserField });

export const UpdateActivityRequest = ActivityRef.extend({
  title: safeText(200).optional(),
  starts_at: isoDateTime.optional().describe('Start, ISO 8601 date-time with its UTC offset.'),
  ends_at: isoDateTime.nullable().optional().describe('End, or null to clear.'),
  place: safeText(300).nullable().optional(),
  cost: z.number().nonnegative().max(10_000_000).nullable().optional().describe('Cost in major units of `currency`, or null to clear.'),
  currency: currencyField.optional().describe('Currency of the cost; default the trip currency.'),
  link: z.url({ protocol: /^https?$/, message: 'Use an http(s) URL' }).max(2000).nullable().optional(),
  booking_id: safeText(100).nullable().optional().describe('The booking this belongs to (private: never shown through share links), or null.'),
});

export const MemberRef = z.object({ trip_id: tripIdField, member_id: recordId('The member id (tm_...).'), acting_user_id: actingUserField });

export const UpdateMemberRequest = MemberRef.extend({
  role: z.enum(TRIP_ROLES).optional().describe('owner, editor or viewer. Owners only; the last owner cannot step down.'),
  name: safeText(100).optional().describe('Display name. Owners, or the member themself.'),
  email: z.email().max(320).nullable().optional().describe('Contact email, or null to clear. Owners, or the member themself.'),
});

export const RecordPaymentRequest = z.object({
  trip_id: tripIdField,
  from: memberId.describe('Member id of who paid the money back.'),
  to: memberId.describe('Member id of who received it.'),
  amount: positiveAmount.describe('Amount paid, major units of `currency`.'),
  currency: currencyField.optional().describe('Currency paid in; default the trip currency. Converted at the reference rate.'),
  note: safeText(300).optional().describe('Free text, e.g. "Bank transfer". Default "Settle-up payment".'),
  paid_on: isoDate.optional().describe('YYYY-MM-DD.'),
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  if (b.from === b.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'A payment goes from one member to another' });
});

export const PaymentRef = z.object({ trip_id: tripIdField, settlement_id: recordId('The payment id (tx_...).'), acting_user_id: actingUserField });
