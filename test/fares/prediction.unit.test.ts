import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { localDate } from '../../tools/flights/search-input.js';
import { addDays, daysBetween, weekdayOf } from '../../tools/_kit/calendar-dates.js';
import type { PriceObservationInput } from '../../tools/fares/history-store.js';
import type { Calibration } from '../../tools/fares/prediction/backtest.js';
import { calibrate } from '../../tools/fares/prediction/calibration.js';
import { predict } from '../../tools/fares/prediction/model.js';
import { daysOutFactor, weekdayFactor } from '../../tools/fares/prediction/priors.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpFailing, mcpOk } from '../helpers/mcp-in-process.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';

// The buy/wait prediction over REST and MCP (in process) with a route history seeded
// into the fare store, plus the calibration rules: confidence is always a figure the
// backtest measured, read from calibration.json.

const CALIBRATION = JSON.parse(readFileSync('tools/fares/prediction/calibration.json', 'utf8')) as Calibration;

interface PredictionOut {
  recommendation: string; confidence: number; reason: string; days_to_departure: number; percentile: number | null; samples: number;
  history: string; market: { cheapest_now: number; price_ratio: number } | null;
  evidence: string; confidence_basis: string; confidence_samples: number; model_version: string;
  trend: { pct_per_week: number | null; points: number }; seasonality: { month: number; weekday: number; peak_month: boolean };
}

const ctx = testContext({ principal: ANONYMOUS });
const api = restClient(ctx);
const mcpCtx = ctx.as(testUser('prediction-mcp', 'pro'));
let today: string;
const SEEDED_DAYS = 60;

/** A typical JFK-LHR economy history: about USD 500 once days out and weekday are taken out, ±4 %. */
function seededHistory(): PriceObservationInput[] {
  const rows: PriceObservationInput[] = [];
  const now = ctx.clock().getTime();
  for (let k = SEEDED_DAYS; k >= 1; k--) {
    const observedAt = new Date(now - k * 86_400_000);
    const day = observedAt.toISOString().slice(0, 10);
    for (const ahead of [30, 60, 90, 120]) {
      const departureDate = addDays(today, ahead);
      const daysOut = daysBetween(day, departureDate);
      const wiggle = 1 + 0.04 * Math.sin(k * 1.7 + ahead);
      const price = 500 * daysOutFactor(daysOut) * weekdayFactor(weekdayOf(departureDate)) * wiggle;
      rows.push({ searchId: `seed_${k}_${ahead}`, origin: 'JFK', destination: 'LHR', departureDate, returnDate: null, cabin: 'economy', source: 'duffel', priceMinor: Math.round(price * 100), currency: 'USD', observedAt: observedAt.toISOString() });
    }
  }
  return rows;
}

beforeAll(async () => {
  today = localDate('JFK', ctx.clock());
  await ctx.services.fares.record(seededHistory());
});

async function prediction(body: Record<string, unknown>, status = 200): Promise<PredictionOut> {
  return bodyOf<PredictionOut>(await api.post('/api/flights/prediction', body), status);
}

const bucketAccuracy = (rec: string, evidence: string) => CALIBRATION.buckets[`${rec}|${evidence}`]?.accuracy;

describe('POST /api/flights/prediction', () => {
  it('says buy for a clearly low price, naming the percentile, the sample and the days out', async () => {
    const out = await prediction({ origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 45), current_price: 250 });
    expect(out.recommendation).toBe('buy');
    expect(out.samples).toBe(SEEDED_DAYS * 4);
    expect(out.percentile).toBeLessThan(5);
    expect(out.days_to_departure).toBe(45);
    expect(out.confidence).toBe(bucketAccuracy('buy', out.evidence));
    expect(out.confidence_basis).toBe('bucket');
    expect(out.reason).toContain('USD 250');
    expect(out.reason).toContain(`${SEEDED_DAYS * 4} daily lows`);
    expect(out.reason).toMatch(/below every one of|percentile/);
    expect(out.reason).toContain('45 days out');
    expect(out.reason).toContain(`${Math.round(out.confidence * 100)} %`);
  });

  it('says wait for a clearly high price far out, using this date\'s own trend too', async () => {
    const out = await prediction({ origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 120), current_price: 1_000, cabin_class: 'economy', currency: 'usd' });
    expect(out.recommendation).toBe('wait');
    expect(out.percentile).toBeGreaterThan(95);
    expect(out.trend.points).toBeGreaterThanOrEqual(3);
    expect(out.trend.pct_per_week).not.toBeNull();
    expect(out.confidence).toBe(bucketAccuracy('wait', out.evidence));
    expect(out.reason).toMatch(/fall about \d+ %/);
    expect(out.reason).toContain('USD 1000');
  });

  it('makes no call without history, says why, and judges the price against what is on sale now', async () => {
    // Issue 23: JFK-LHR at $99 and at $3,000 both got "wait, 0.949" from days out alone.
    const cheap = await prediction({ origin: 'BOS', destination: 'DUB', departure_date: addDays(today, 150), current_price: 99 });
    expect(cheap).toMatchObject({ recommendation: 'neutral', percentile: null, samples: 0, history: 'none', evidence: 'prior' });
    expect(cheap.confidence).toBe(bucketAccuracy('neutral', 'prior'));
    expect(cheap.confidence).toBeLessThan(0.5);
    expect(cheap.reason).toContain('Too little price history for BOS-DUB economy');
    expect(cheap.reason).toContain('no buy or wait call');
    expect(cheap.reason).toContain('lean towards waiting');
    expect(cheap.market!.cheapest_now).toBeGreaterThan(99);
    expect(cheap.market!.price_ratio).toBeLessThan(0.85);
    expect(cheap.reason).toMatch(/below the cheapest fare on sale now \(USD [\d.]+\): a bargain if it is real/);

    const dear = await prediction({ origin: 'BOS', destination: 'DUB', departure_date: addDays(today, 150), current_price: 3000 });
    expect(dear.recommendation).toBe('neutral');
    expect(dear.market!.cheapest_now).toBe(cheap.market!.cheapest_now);
    expect(dear.market!.price_ratio).toBeGreaterThan(2);
    expect(dear.reason).toContain('cheaper tickets are on sale today');

    const near = await prediction({ origin: 'BOS', destination: 'DUB', departure_date: addDays(today, 5), current_price: 400 });
    expect(near.recommendation).toBe('neutral');
    expect(near.reason).toContain('5 days out, fares usually only rise');
    expect(near.reason).toContain('lean towards buying');
    // The same history in another cabin or currency is not this route's history.
    const otherCabin = await prediction({ origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 45), current_price: 250, cabin_class: 'business' });
    expect(otherCabin.samples).toBe(0);
    expect(otherCabin.recommendation).toBe('neutral');
  });

  it('rejects bad input with 422', async () => {
    const base = { origin: 'JFK', destination: 'LHR', departure_date: addDays(today, 45), current_price: 250 };
    for (const [patch, field] of [
      [{ current_price: -5 }, 'current_price'], [{ current_price: 'cheap' }, 'current_price'], [{ departure_date: addDays(today, -3) }, 'departure_date'],
      [{ destination: 'JFK' }, 'destination'], [{ cabin_class: 'deck' }, 'cabin_class'], [{ extra: 1 }, 'extra'],
    ] as [Record<string, unknown>, string][]) {
      const res = await api.post('/api/flights/prediction', { ...base, ...patch });
      expect(res.status, JSON.stringify(patch)).toBe(422);
      expect(JSON.stringify(res.body)).toContain(field);
    }
    const missing = await api.post('/api/flights/prediction', { origin: 'JFK', destination: 'LHR' });
    expect(missing.status).toBe(422);
  });
});

describe('MCP get_prediction', () => {
  it('answers {recommendation, confidence, reason} in camelCase, the same as REST', async () => {
    const args = { origin: 'JFK', destination: 'LHR', departureDate: addDays(today, 45), currentPrice: 250 };
    const out = await mcpOk<{ recommendation: string; confidence: number; reason: string; daysToDeparture: number }>(mcpCtx, 'get_prediction', args);
    const rest = await prediction({ origin: 'JFK', destination: 'LHR', departure_date: args.departureDate, current_price: 250 });
    expect(out.recommendation).toBe('buy');
    expect(out.confidence).toBe(rest.confidence);
    expect(out.reason).toBe(rest.reason);
    expect(out.daysToDeparture).toBe(45);
    expect(await mcpFailing(mcpCtx, 'get_prediction', { ...args, currentPrice: 0 })).toMatch(/currentPrice/);
  });
});

describe('calibrated confidence', () => {
  const scored = predict({ departureDate: '2027-03-10', today: '2026-11-21', priceMinor: 40_000, history: [] });

  it('uses the measured accuracy of the answer\'s bucket', () => {
    const c = calibrate(scored, CALIBRATION);
    expect(c.basis).toBe('bucket');
    expect(c.confidence).toBe(CALIBRATION.buckets[`${scored.recommendation}|${scored.evidence}`]!.accuracy);
  });

  it('falls back to the recommendation overall, then to neutral with a measured figure, never an invented one', () => {
    const thin: Calibration = { ...CALIBRATION, buckets: { [`${scored.recommendation}|${scored.evidence}`]: { recommendation: scored.recommendation, evidence: scored.evidence, samples: 3, correct: 3, accuracy: 1 } } };
    const overall = calibrate(scored, thin);
    expect(overall).toMatchObject({ recommendation: scored.recommendation, basis: 'recommendation', confidence: CALIBRATION.overall[scored.recommendation]!.accuracy });
    const unmeasured = calibrate(scored, { ...thin, overall: { neutral: CALIBRATION.overall.neutral! } });
    expect(unmeasured).toMatchObject({ recommendation: 'neutral', confidence: CALIBRATION.overall.neutral!.accuracy });
    const nothing = calibrate(scored, { ...thin, overall: {} });
    expect(nothing).toMatchObject({ recommendation: 'neutral', basis: 'base-rate', confidence: CALIBRATION.baseRate });
  });
});
