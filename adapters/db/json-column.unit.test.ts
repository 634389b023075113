import { describe, expect, it } from 'vitest';
import { isToolError, toToolError } from '../../tools/_kit/errors.js';
import { bookingCancellation, bookingChannel, bookingPassengers, carBookingSnapshot, flightOrderSnapshot } from './column-schemas.js';
import { readJson, writeJson } from './json-column.js';
import { budgetCategories, expenseShares, pollOptions } from './trip-columns.js';

// Stored JSON is parsed at the store boundary: a value off its schema (a hand edit,
// an old shape) must come out as the INTERNAL error of the tools' vocabulary, with
// nothing of zod's report in what a client sees.

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (err) {
    return err;
  }
  throw new Error('expected a throw');
}

describe('readJson', () => {
  it('returns the parsed value of a well-formed column', () => {
    const passengers = [{ slotId: 'pas_1', givenName: 'Ada', familyName: 'Lovelace', type: 'adult' }];
    expect(readJson(bookingPassengers, passengers, 'bookings.passengers')).toEqual(passengers);
    expect(readJson(bookingChannel, 'mcp', 'bookings.channel')).toBe('mcp');
  });

  it('turns a corrupt stored value into INTERNAL, keeping the column and issues only on the cause', () => {
    const err = thrown(() => readJson(bookingPassengers, [{ slotId: 7, givenName: 'Ada' }], 'bookings.passengers'));
    expect(isToolError(err)).toBe(true);
    const tool = toToolError(err);
    expect(tool.code).toBe('INTERNAL');
    expect(tool.status).toBe(500);
    expect(tool.message).not.toMatch(/slotId|bookings|expected/i);
    expect(tool.issues).toBeUndefined();
    expect(tool.details).toBeUndefined();
    expect(tool.cause).toBeInstanceOf(Error);
    expect(String(tool.cause)).toMatch(/bookings\.passengers.*slotId/s);
  });

  it('rejects an unknown value in a free-text enum column', () => {
    expect(toToolError(thrown(() => readJson(bookingChannel, 'fax', 'bookings.channel'))).code).toBe('INTERNAL');
  });

  it('reads a null snapshot as null and a snapshot missing its identity as INTERNAL', () => {
    expect(readJson(flightOrderSnapshot.nullable(), null, 'bookings.snapshot')).toBeNull();
    expect(toToolError(thrown(() => readJson(flightOrderSnapshot.nullable(), { bookingReference: 'RZPVDN' }, 'bookings.snapshot'))).code).toBe('INTERNAL');
    expect(toToolError(thrown(() => readJson(carBookingSnapshot, 'ok', 'car_bookings.snapshot'))).code).toBe('INTERNAL');
  });

  it('checks money inside a cancellation', () => {
    const cancellation = {
      id: 'ore_1', refundTo: 'card', refundFromAirline: { amount: 10, currency: 'GBP' }, refundedToCustomer: { amount: 10, currency: 'GBP' }, airlineCredits: [], confirmedAt: '2026-01-01T00:00:00Z',
    };
    expect(readJson(bookingCancellation, cancellation, 'bookings.cancellation')).toEqual(cancellation);
    const bad = { ...cancellation, refundedToCustomer: { amount: '10', currency: 'GBP' } };
    expect(toToolError(thrown(() => readJson(bookingCancellation, bad, 'bookings.cancellation'))).code).toBe('INTERNAL');
  });

  it('reads the trip columns written before a value existed with their defaults', () => {
    expect(readJson(expenseShares, null, 'trip_expenses.shares')).toEqual({ parts: [], requested: {} });
    expect(readJson(pollOptions, null, 'trip_polls.options')).toEqual([]);
    expect(readJson(budgetCategories, null, 'trip_budgets.categories')).toEqual({});
    expect(toToolError(thrown(() => readJson(budgetCategories, { food: 'lots' }, 'trip_budgets.categories'))).code).toBe('INTERNAL');
  });
});

describe('writeJson', () => {
  it('passes the value through unchanged for Prisma', () => {
    const shares = { parts: [{ member_id: 'm1', minor: 500 }], requested: { method: 'equal' } };
    expect(writeJson(expenseShares, shares)).toBe(shares);
  });
});
