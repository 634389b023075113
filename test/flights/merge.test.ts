import { describe, expect, it } from 'vitest';
import type { AwardOffer, CashOffer, FlightSlice } from '../../tools/_kit/providers.js';
import { FlightBoard } from '../../tools/flights/merge.js';

// The merge rules on hand-made offers: one result per flight, every price and
// award option on it, the cheapest price in the search currency first.

const NOW = Date.parse('2026-12-01T12:00:00Z');

function slice(flights: [string, string, string, string, string][]): FlightSlice {
  return {
    origin: flights[0]![2],
    destination: flights.at(-1)![3],
    durationMinutes: 420 * flights.length,
    segments: flights.map(([carrier, number, origin, destination, departingAt]) => ({
      marketingCarrier: carrier, flightNumber: number, origin, destination, departingAt, arrivingAt: departingAt, durationMinutes: 420,
    })),
  };
}

const BA117 = slice([['BA', '117', 'JFK', 'LHR', '2026-12-20T18:25:00']]);
const VS4 = slice([['VS', '4', 'JFK', 'LHR', '2026-12-20T19:30:00']]);

function cash(provider: 'duffel' | 'serpapi', slices: FlightSlice[], amount: number, extra: Partial<CashOffer> = {}): CashOffer {
  return {
    provider, providerOfferId: `${provider}-${amount}`, bookable: provider === 'duffel', total: { amount, currency: 'USD' }, cabin: 'economy',
    fareBrand: null, slices, owner: slices[0]!.segments[0]!.marketingCarrier, expiresAt: null, observedAt: new Date(NOW - 5_000).toISOString(), ...extra,
  };
}

function award(program: string, slices: FlightSlice[], miles: number): AwardOffer {
  return {
    provider: 'seats_aero', program, cabin: 'economy', miles, taxes: { amount: 5.6, currency: 'USD' }, seatsRemaining: 4, origin: 'JFK', destination: 'LHR',
    date: '2026-12-20', direct: true, airlines: ['BA'], slices, availabilityId: `${program}-${miles}`, observedAt: new Date(NOW - 600_000).toISOString(),
  };
}

describe('FlightBoard', () => {
  it('puts the same flight from two providers into one result with both prices', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 0 }, () => NOW);
    const first = board.addCash([cash('duffel', [BA117], 640, { fareBrand: 'Standard' }), cash('duffel', [BA117], 590, { fareBrand: 'Basic' }), cash('duffel', [VS4], 610)]);
    expect(first).toHaveLength(2);
    const again = board.addCash([cash('serpapi', [BA117], 575)]);
    expect(again).toHaveLength(1);
    expect(again[0]!.id).toBe(first.find((r) => r.carrier === 'BA')!.id);
    // The headline is the offer the result books, not Google's cheaper reference beside it.
    expect(again[0]).toMatchObject({
      price: 590, currency: 'USD', fx_rate: null, checkout_total: { amount: 590, currency: 'USD' },
      sources: ['duffel', 'serpapi'], bookable: true, offer_id: 'duffel:duffel-590', fare_brand: 'Basic',
    });
    expect(again[0]!.prices.map((p) => p.amount)).toEqual([575, 590, 640]);
    expect(board.results().map((r) => r.carrier)).toEqual(['BA', 'VS']);
  });

  it('attaches awards to the flight they are on, whichever arrives first', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 0 }, () => NOW);
    const awardOnly = board.addAwards([award('aadvantage', [BA117], 30_000), award('alaska', [BA117], 22_500)]);
    expect(awardOnly).toHaveLength(1);
    expect(awardOnly[0]).toMatchObject({ price: null, bookable: false, sources: ['seats_aero'] });
    expect(awardOnly[0]!.awards.map((a) => a.program)).toEqual(['alaska', 'aadvantage']);
    const merged = board.addCash([cash('duffel', [BA117], 600)]);
    expect(merged[0]!.id).toBe(awardOnly[0]!.id);
    expect(merged[0]).toMatchObject({ price: 600, sources: ['duffel', 'seats_aero'] });
    expect(merged[0]!.awards).toHaveLength(2);
    expect(merged[0]!.data_age_s).toBe(600);
  });

  it('places one-way awards on the matching direction of a round trip', () => {
    const back = slice([['BA', '112', 'LHR', 'JFK', '2026-12-27T08:10:00']]);
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 0 }, () => NOW);
    board.addCash([cash('duffel', [BA117, back], 1_100)]);
    const updated = board.addAwards([award('aeroplan', [back], 35_000)]);
    const roundTrip = updated.find((r) => r.slices.length === 2)!;
    expect(roundTrip.route).toBe('JFK-LHR-JFK');
    expect(roundTrip.awards).toEqual([expect.objectContaining({ program: 'aeroplan', direction: 'return' })]);
  });

  it('converts an offer priced in another currency and keeps the exact charge beside it', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'EUR', markupPct: 0 }, () => NOW);
    const [r] = board.addCash([cash('duffel', [BA117], 500), cash('serpapi', [BA117], 420, { total: { amount: 420, currency: 'EUR' } })]);
    // 500 USD at 1/1.16 = 0.862069 EUR per USD.
    expect(r).toMatchObject({ price: 431.03, currency: 'EUR', fx_rate: 0.862069, checkout_total: { amount: 500, currency: 'USD' }, offer_id: 'duffel:duffel-500' });
    expect(r!.prices.map((p) => [p.source, p.amount, p.currency])).toEqual([['serpapi', 420, 'EUR'], ['duffel', 500, 'USD']]);
  });

  it('orders prices by their value in the asked currency, not by the bare number', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'JPY', markupPct: 0 }, () => NOW);
    const [r] = board.addCash([cash('duffel', [BA117], 327.78), cash('serpapi', [BA117], 47_000, { total: { amount: 47_000, currency: 'JPY' } })]);
    // 327.78 USD at 176/1.16 = 151.724138 JPY per USD, rounded to whole yen.
    expect(r).toMatchObject({ price: 49_732, currency: 'JPY', checkout_total: { amount: 327.78, currency: 'USD' } });
    expect(r!.prices.map((p) => p.source)).toEqual(['serpapi', 'duffel']);
  });

  it('adds the booking markup to the headline, as checkout does, and leaves the provider prices as quoted', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 2 }, () => NOW);
    const [r] = board.addCash([cash('duffel', [BA117], 590.35)]);
    // 2% of 59035 cents is 1180.7, rounded to 1181.
    expect(r).toMatchObject({ price: 602.16, checkout_total: { amount: 602.16, currency: 'USD' } });
    expect(r!.prices[0]!.amount).toBe(590.35);
  });

  it('marks a flight only Google Flights has as not bookable, with its reference price', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 5 }, () => NOW);
    const [r] = board.addCash([cash('serpapi', [VS4], 575)]);
    expect(r).toMatchObject({ price: 575, currency: 'USD', bookable: false, offer_id: null, checkout_total: null, fx_rate: null });
  });

  it('never trims away the offer a result books, however many cheaper references there are', () => {
    const board = new FlightBoard({ origin: 'JFK', destination: 'LHR', cabin: 'economy', currency: 'USD', markupPct: 0 }, () => NOW);
    const references = Array.from({ length: 9 }, (_, i) => cash('serpapi', [BA117], 400 + i));
    const [r] = board.addCash([...references, cash('duffel', [BA117], 700)]);
    expect(r!.prices).toHaveLength(8);
    expect(r).toMatchObject({ bookable: true, offer_id: 'duffel:duffel-700', price: 700 });
    expect(r!.prices.at(-1)).toMatchObject({ source: 'duffel', amount: 700 });
  });
});
