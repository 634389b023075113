import { randomBytes } from 'node:crypto';
import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { crossRate } from '../_kit/fx-rates.js';
import { minorDigits, toMinor } from '../_kit/money.js';
import { SplitError, splitAmount, type SplitSpec } from './money/index.js';
import type { TripAccess } from './trip-access.js';
import { MAX_MINOR, type AddExpenseInput, type SplitRequest } from './trip-schemas.js';
import type { ExpenseRecord, ExpenseShare, MemberRecord } from './trip-store.js';

// Turns an expense request into stored shares: converts to the trip currency at
// the stated reference rate, splits among the chosen members in trip minor units,
// and reports any split problem as a 422 on the field at fault.

const invalid = (loc: (string | number)[], msg: string) =>
  new ToolError('VALIDATION_FAILED', msg, { issues: [{ loc: ['body', ...loc], msg, type: 'value_error' }] });

/** The paid amount in trip minor units at `rate` (trip units per one unit of the paid currency). */
function toTripMinor(amountMinor: number, from: string, to: string, rate: number): number {
  return Math.round(amountMinor * rate * 10 ** (minorDigits(to) - minorDigits(from)));
}

function mapRecord(record: Readonly<Record<string, number>> | undefined, fn: (v: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, fn(v)]));
}

/** Splits in trip minor units. Exact amounts are given in the paid currency: split there first, then carried over proportionally. */
function splitShares(split: SplitRequest, among: string[], amountMinor: number, tripMinor: number, currency: string): ExpenseShare[] {
  let spec: SplitSpec;
  if (split.method === 'exact') {
    const parts = splitAmount(amountMinor, { method: 'exact', amounts: mapRecord(split.amounts, (v) => toMinor({ amount: v, currency })) }, among);
    const weights = Object.fromEntries(parts.filter((p) => p.minor > 0).map((p) => [p.memberId, p.minor]));
    spec = { method: 'shares', shares: weights };
  } else if (split.method === 'shares') spec = { method: 'shares', shares: split.shares ?? {} };
  else if (split.method === 'percent') spec = { method: 'percent', percents: split.percents ?? {} };
  else spec = { method: 'equal' };
  return splitAmount(tripMinor, spec, among);
}

export async function recordExpense(ctx: ToolContext, access: TripAccess, members: readonly MemberRecord[], input: AddExpenseInput): Promise<ExpenseRecord> {
  const { trip } = access;
  const ids = new Set(members.map((m) => m.id));
  if (!ids.has(input.paid_by)) throw invalid(['paid_by'], `${input.paid_by} is not a member of this trip`);
  const among = input.split.among ?? members.map((m) => m.id);
  const stranger = among.find((id) => !ids.has(id));
  if (stranger !== undefined) throw invalid(['split', 'among'], `${stranger} is not a member of this trip`);

  const currency = input.currency ?? trip.currency;
  const amountMinor = toMinor({ amount: input.amount, currency });
  if (amountMinor <= 0) throw invalid(['amount'], `The amount is less than one minor unit of ${currency}`);
  const rate = currency === trip.currency ? 1 : crossRate(currency, trip.currency);
  const tripAmountMinor = toTripMinor(amountMinor, currency, trip.currency, rate);
  if (tripAmountMinor <= 0) throw invalid(['amount'], `The amount is less than one minor unit of ${trip.currency} after conversion`);
  if (amountMinor > MAX_MINOR || tripAmountMinor > MAX_MINOR) throw invalid(['amount'], 'The amount is too large');

  let shares: ExpenseShare[];
  try {
    shares = splitShares(input.split, among, amountMinor, tripAmountMinor, currency);
  } catch (err) {
    if (err instanceof SplitError) throw invalid(err.field === 'amount' ? ['amount'] : ['split', err.field], err.message);
    throw err;
  }
  const requested: Record<string, unknown> = { method: input.split.method, among };
  if (input.split.amounts) requested.amounts = input.split.amounts;
  if (input.split.shares) requested.shares = input.split.shares;
  if (input.split.percents) requested.percents = input.split.percents;

  return ctx.services.trips.addExpense({
    id: `tx_${randomBytes(12).toString('hex')}`,
    tripId: trip.id,
    paidByMemberId: input.paid_by,
    description: input.description,
    category: input.category,
    amountMinor,
    currency,
    fxRate: rate,
    tripAmountMinor,
    splitMethod: input.split.method,
    shares,
    requested,
    spentOn: input.spent_on ?? null,
    createdBy: access.me.id,
  });
}
