import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../tools/points/data/programs.js';
import type { Program } from '../../tools/points/data/types.js';
import { buyOrPayCash, pointsReceived, pointsToBuy } from '../../tools/points/value-buy.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from '../kit/test-context.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';

// points.buy_calculator: the purchase arithmetic, then POST /api/points/buy-calculator
// against the programme dataset, called in process by an anonymous caller.

describe('purchase arithmetic', () => {
  it('buys whole blocks of 1,000 before the bonus, enough to cover the award', () => {
    expect(pointsToBuy(60_000, 0)).toBe(60_000);
    expect(pointsToBuy(60_000, 50)).toBe(40_000);
    expect(pointsToBuy(70_000, 50)).toBe(47_000); // 46,666.7 rounded up
    expect(pointsReceived(47_000, 50)).toBe(70_500);
    expect(pointsToBuy(100_000, 30)).toBe(77_000);
    expect(pointsReceived(77_000, 30)).toBe(100_100);
    expect(pointsToBuy(1, 0)).toBe(1000);
    expect(pointsToBuy(60_001, 0)).toBe(61_000);
  });

  it('compares the points bought plus taxes with the cash price', () => {
    const r = buyOrPayCash({ pointsNeeded: 70_000, cashPrice: 3000, taxes: 100, bonusPercent: 50, priceCentsPerPoint: 3.5, maxPerYear: 150_000 });
    expect(r).toMatchObject({ points_to_buy: 47_000, points_received: 70_500, cost_of_buying: 1645, award_cost: 1745, savings: 1255, verdict: 'buy', exceeds_yearly_cap: false });
    expect(r.effective_cpp).toBe(2.33); // 164,500 cents / 70,500 points
    expect(r.redemption_cpp).toBe(4.14); // (3000 − 100) / 70,000
    expect(r.reason).toContain('$1255.00');
  });

  it('says pay cash when buying costs more, or when it needs more than the yearly limit', () => {
    const dear = buyOrPayCash({ pointsNeeded: 60_000, cashPrice: 500, taxes: 50, bonusPercent: 0, priceCentsPerPoint: 3, maxPerYear: null });
    expect(dear).toMatchObject({ cost_of_buying: 1800, award_cost: 1850, savings: -1350, verdict: 'pay_cash' });
    const capped = buyOrPayCash({ pointsNeeded: 200_000, cashPrice: 20_000, taxes: 0, bonusPercent: 0, priceCentsPerPoint: 2, maxPerYear: 150_000 });
    expect(capped.savings).toBe(16_000);
    expect(capped).toMatchObject({ verdict: 'pay_cash', exceeds_yearly_cap: true });
    expect(capped.reason).toContain('150,000');
  });
});

interface BuyOut {
  program: string;
  points_to_buy: number;
  points_received: number;
  cost_of_buying: number;
  award_cost: number;
  savings: number;
  verdict: string;
  price_cents_per_point: number;
  price_source: string;
  effective_cpp: number;
  exceeds_yearly_cap: boolean;
}

const api = restClient(testContext({ principal: ANONYMOUS }));

const sellers = PROGRAMS.items.filter((p): p is Program & { purchase: NonNullable<Program['purchase']> } => p.purchase !== undefined);
const seller = sellers[0];
const nonSeller = PROGRAMS.items.find((p) => p.purchase === undefined);

async function calc(body: Record<string, unknown>): Promise<BuyOut> {
  return bodyOf<BuyOut>(await api.post('/api/points/buy-calculator', body));
}

describe('POST /api/points/buy-calculator', () => {
  it('uses the dataset price and says buy when the cash fare is far dearer', async () => {
    if (!seller) throw new Error('the dataset has no programme that sells points');
    const price = seller.purchase.centsPerPoint;
    const out = await calc({ program: seller.name, points_needed: 50_000, cash_price: 50_000 * price, taxes: 20, bonus_percent: 100 });
    expect(out.program).toBe(seller.id);
    expect(out.price_source).toBe('dataset');
    expect(out.price_cents_per_point).toBe(price);
    expect(out.points_to_buy).toBe(25_000);
    expect(out.points_received).toBe(50_000);
    expect(out.cost_of_buying).toBeCloseTo((25_000 * price) / 100, 2);
    expect(out.award_cost).toBeCloseTo(out.cost_of_buying + 20, 2);
    expect(out.verdict).toBe('buy');
  });

  it('takes a price override and says pay cash when buying costs more', async () => {
    if (!seller) throw new Error('the dataset has no programme that sells points');
    const out = await calc({ program: seller.id, points_needed: 30_000, cash_price: 200, price_cents_per_point: 2.5 });
    expect(out).toMatchObject({ price_source: 'override', price_cents_per_point: 2.5, points_to_buy: 30_000, cost_of_buying: 750, award_cost: 750, savings: -550, verdict: 'pay_cash', effective_cpp: 2.5 });
  });

  it('answers 422 listing the programmes that sell points for an unknown programme', async () => {
    const res = await api.post('/api/points/buy-calculator', { program: 'Nowhere Air Club', points_needed: 10_000, cash_price: 300 });
    expect(res.status).toBe(422);
    const body = res.body as { code: string; detail: string; details: { programs_selling_points: string[] } };
    expect(body.code).toBe('UNPROCESSABLE');
    expect(body.details.programs_selling_points.sort()).toEqual(sellers.map((p) => p.id).sort());
    expect(body.detail).toContain('Nowhere Air Club');
  });

  it('answers 422 for a programme that does not sell points', async () => {
    if (!nonSeller) throw new Error('every programme sells points?');
    const res = await api.post('/api/points/buy-calculator', { program: nonSeller.id, points_needed: 10_000, cash_price: 300 });
    expect(res.status).toBe(422);
    const body = res.body as { detail: string; details: { programs_selling_points: string[] } };
    expect(body.detail).toContain('does not sell points');
    expect(body.details.programs_selling_points).not.toContain(nonSeller.id);
  });

  it.each([
    ['a negative cash price', { program: 'aeroplan', points_needed: 10_000, cash_price: -5 }, 'cash_price'],
    ['no points', { program: 'aeroplan', points_needed: 0, cash_price: 100 }, 'points_needed'],
    ['a negative bonus', { program: 'aeroplan', points_needed: 10_000, cash_price: 100, bonus_percent: -10 }, 'bonus_percent'],
    ['no programme', { points_needed: 10_000, cash_price: 100 }, 'program'],
  ])('answers 422 for %s', async (_what, body, field) => {
    const res = await api.post('/api/points/buy-calculator', body);
    expect(res.status).toBe(422);
    const { detail } = res.body as { detail: { loc: (string | number)[] }[] };
    expect(detail.some((d) => d.loc.includes(field))).toBe(true);
  });
});
