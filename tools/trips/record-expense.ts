import { randomBytes } from 'node:crypto';
import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { crossRate } from '../_kit/fx-rates.js';
import { fromMinor, minorDigits, toMinor } from '../_kit/money.js';
import { SplitError, splitAmount, type SplitSpec } from './money/index.js';
import type { TripAccess } from './trip-access.js';
import { MAX_MINOR, type AddExpenseInput, type SplitRequest } from './trip-schemas.js';
import type { ExpenseRecord, ExpenseShare, MemberRecord, NewExpense, TripRecord } from './trip-store.js';

// Turns an expense request into stored shares: converts to the trip currency at
// the stated reference rate, splits among the chosen members in trip minor units,
// and reports any split problem as a 422 on the field at fault, in the units the
// caller used. Adding runs under the trip lock, so the members it names are current.

export type ExpenseFields = Omit<AddExpenseInput, 'trip_id' | 'acting_user_id'>;
type ExpenseContent = Omit<NewExpense, 'id' | 'tripId' | 'createdBy'>;

export const expenseInvalid = (loc: (string | number)[], msg: string) =>
  new ToolError('VALIDATION_FAILED', msg, { issues: [{ loc: ['body', ...loc], msg, type: 'value_error' }] });

/** The paid amount in trip minor units at `rate` (trip units per one unit of the paid currency). */
export function toTripMinor(amountMinor: number, from: string, to: string, rate: number): number {
  return Math.round(amountMinor * rate * 10 ** (minorDigits(to) - minorDigits(from)));
}

function mapRecord(record: Readonly<Record<string, number>> | undefined, fn: (v: number) => number): Record<string, number> {
  return Object.fromEntries(Object.entries(record ?? {}).map(([k, v]) => [k, fn(v)]));
}

const money = (minor: number, currency: string) => `${fromMinor(minor, currency).amount} ${currency}`;

/** Splits in trip minor units. Exact amounts are given in the paid currency: split there first, then carried over proportionally. */
function splitShares(split: SplitRequest, among: string[], amountMinor: number, tripMinor: number, currency: string): ExpenseShare[] {
  let spec: SplitSpec;
  if (split.method === 'exact') {
    const amounts = mapRecord(split.amounts, (v) => toMinor({ amount: v, currency }));
    const sum = Object.values(amounts).reduce((a, b) => a + b, 0);
    if (sum !== amountMinor) throw new SplitError(`exact amounts add up to ${money(sum, currency)}, not the amount ${money(amountMinor, currency)}`, 'amounts');
    const parts = splitAmount(amountMinor, { method: 'exact', amounts }, among);
    const weights = Object.fromEntries(parts.filter((p) => p.minor > 0).map((p) => [p.memberId, p.minor]));
    spec = { method: 'shares', shares: weights };
  } else if (split.method === 'shares') spec = { method: 'shares', shares: split.shares ?? {} };
  else if (split.method === 'percent') spec = { method: 'percent', percents: split.percents ?? {} };
  else spec = { method: 'equal' };
  return splitAmount(tripMinor, spec, among);
}

/**
 * The stored content of an expense. `allowed`: member ids it may name (the current
 * members; on an edit also those the expense already named); `everyone`: the default
 * split when none is given.
 */
export function priceExpense(trip: TripRecord, allowed: ReadonlySet<string>, everyone: readonly string[], input: ExpenseFields): ExpenseContent {
  if (!allowed.has(input.paid_by)) throw expenseInvalid(['paid_by'], `${input.paid_by} is not a member of this trip`);
  const among = input.split.among ?? [...everyone];
  const stranger = among.find((id) => !allowed.has(id));
  if (stranger !== undefined) throw expenseInvalid(['split', 'among'], `${stranger} is not a member of this trip`);

  const currency = input.currency ?? trip.currency;
  const amountMinor = toMinor({ amount: input.amount, currency });
  if (amountMinor <= 0) throw expenseInvalid(['amount'], `The amount is less than one minor unit of ${currency}`);
  const rate = currency === trip.currency ? 1 : crossRate(currency, trip.currency);
  const tripAmountMinor = toTripMinor(amountMinor, currency, trip.currency, rate);
  if (tripAmountMinor <= 0) throw expenseInvalid(['amount'], `The amount is less than one minor unit of ${trip.currency} after conversion`);
  if (amountMinor > MAX_MINOR || tripAmountMinor > MAX_MINOR) throw expenseInvalid(['amount'], 'The amount is too large');

  let shares: ExpenseShare[];
  try {
    shares = splitShares(input.split, among, amountMinor, tripAmountMinor, currency);
  } catch (err) {
    if (err instanceof SplitError) throw expenseInvalid(err.field === 'amount' ? ['amount'] : ['split', err.field], err.message);
    throw err;
  }
  const requested: Record<string, unknown> = { method: input.split.method, among };
  if (input.split.amounts) requested.amounts = input.split.amounts;
  if (input.split.shares) requested.shares = input.split.shares;
  if (input.split.percents) requested.percents = input.split.percents;

  return {
    paidByMemberId: input.paid_by, description: input.description, category: input.category, amountMinor, currency, fxRate: rate, tripAmountMinor,
    splitMethod: input.split.method, shares, requested, spentOn: input.spent_on ?? null,
  };
}

export const newExpenseId = () => `tx_${randomBytes(12).toString('hex')}`;

/** Adds the expense under the trip lock; answers it with every member the trip ever had (to name them). */
export async function recordExpense(ctx: ToolContext, access: TripAccess, input: ExpenseFields): Promise<{ expense: ExpenseRecord; members: MemberRecord[] }> {
  const { trip } = access;
  return ctx.services.trips.locked(trip.id, async (records) => {
    const current = (await records.members(trip.id)).map((m) => m.id);
    const content = priceExpense(trip, new Set(current), current, input);
    const expense = await records.addExpense({ id: newExpenseId(), tripId: trip.id, createdBy: access.me.id, ...content });
    return { expense, members: await records.everyone(trip.id) };
  });
}
