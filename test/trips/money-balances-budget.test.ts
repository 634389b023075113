import { describe, expect, it } from 'vitest';
import { mulberry32 } from '../../adapters/sandbox/simulators/seeded.js';
import { budgetStatus, memberBalances, settleUp, splitAmount, type SplitSpec } from '../../tools/trips/money/index.js';

// memberBalances (who owes whom, net) and budgetStatus (spent against budget).

describe('memberBalances', () => {
  it('credits the payer and debits each share', () => {
    const members = ['ana', 'ben', 'cy'];
    const dinner = { paidBy: 'ana', tripAmountMinor: 9000, shares: splitAmount(9000, { method: 'equal' }, members) };
    const taxi = { paidBy: 'ben', tripAmountMinor: 1001, shares: splitAmount(1001, { method: 'exact', amounts: { ana: 500, ben: 501 } }, members) };
    const balances = memberBalances([dinner, taxi], members);
    expect([...balances]).toEqual([
      ['ana', 9000 - 3000 - 500],
      ['ben', 1001 - 3000 - 501],
      ['cy', -3000],
    ]);
    expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
  });

  it('lists every member, in order, even with no expenses', () => {
    expect([...memberBalances([], ['b', 'a'])]).toEqual([['b', 0], ['a', 0]]);
  });

  it('keeps someone no longer in the member list so the books still balance', () => {
    const balances = memberBalances([{ paidBy: 'gone', tripAmountMinor: 100, shares: [{ memberId: 'a', minor: 100 }] }], ['a']);
    expect([...balances]).toEqual([['a', -100], ['gone', 100]]);
  });

  it('refuses an expense whose shares do not add up to its amount', () => {
    expect(() => memberBalances([{ paidBy: 'a', tripAmountMinor: 100, shares: [{ memberId: 'a', minor: 99 }] }], ['a'])).toThrow(RangeError);
  });

  it('always sums to zero and settles cleanly on random trips (seeded)', () => {
    const rnd = mulberry32(777);
    const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
    for (let trip = 0; trip < 200; trip++) {
      const members = Array.from({ length: int(2, 8) }, (_, i) => `u${i}`);
      const expenses = Array.from({ length: int(0, 25) }, () => {
        const among = members.filter(() => rnd() < 0.7);
        if (among.length === 0) among.push(members[0]!);
        const amount = int(1, 200_000);
        const split: SplitSpec = rnd() < 0.5 ? { method: 'equal' } : { method: 'shares', shares: Object.fromEntries(among.map((m) => [m, int(1, 4)])) };
        return { paidBy: members[int(0, members.length - 1)]!, tripAmountMinor: amount, shares: splitAmount(amount, split, among) };
      });
      const balances = memberBalances(expenses, members);
      expect([...balances.values()].reduce((a, b) => a + b, 0)).toBe(0);
      const left = new Map(balances);
      const transfers = settleUp(balances);
      expect(transfers.length).toBeLessThanOrEqual(members.length - 1);
      for (const t of transfers) {
        left.set(t.from, left.get(t.from)! + t.minor);
        left.set(t.to, left.get(t.to)! - t.minor);
      }
      expect([...left.values()].every((v) => v === 0)).toBe(true);
    }
  });
});

describe('budgetStatus', () => {
  const budget = { totalMinor: 300_000, categories: { lodging: 150_000, food: 60_000, transport: 40_000 } };

  it('reports spent, remaining and percentage per category and overall', () => {
    const status = budgetStatus(budget, [
      { category: 'food', minor: 20_000 },
      { category: 'lodging', minor: 120_000 },
      { category: 'food', minor: 25_000 },
    ]);
    expect(status.total).toEqual({ budget_minor: 300_000, spent_minor: 165_000, remaining_minor: 135_000, pct_used: 55 });
    expect(status.categories).toEqual([
      { category: 'lodging', budget_minor: 150_000, spent_minor: 120_000, remaining_minor: 30_000, pct_used: 80 },
      { category: 'food', budget_minor: 60_000, spent_minor: 45_000, remaining_minor: 15_000, pct_used: 75 },
      { category: 'transport', budget_minor: 40_000, spent_minor: 0, remaining_minor: 40_000, pct_used: 0 },
    ]);
  });

  it('rounds percentages to one decimal', () => {
    const pct = (spent: number, of: number): number | null =>
      budgetStatus({ totalMinor: of, categories: { x: of } }, [{ category: 'x', minor: spent }]).categories[0]!.pct_used;
    expect(pct(1, 3)).toBe(33.3);
    expect(pct(2, 3)).toBe(66.7);
    expect(pct(1, 8)).toBe(12.5);
    expect(pct(1, 1_000_000)).toBe(0);
    expect(pct(999, 1000)).toBe(99.9);
    expect(pct(9996, 10_000)).toBe(100);
  });

  it('goes negative when over budget', () => {
    const status = budgetStatus(budget, [{ category: 'transport', minor: 50_000 }]);
    expect(status.categories.find((c) => c.category === 'transport')).toMatchObject({ remaining_minor: -10_000, pct_used: 125 });
  });

  it('shows spending without a budget line with null budget, after the budgeted ones, alphabetically', () => {
    const status = budgetStatus(budget, [
      { category: 'tours', minor: 9_000 },
      { category: 'gifts', minor: 1_000 },
      { category: 'tours', minor: 1_000 },
    ]);
    expect(status.categories.map((c) => c.category)).toEqual(['lodging', 'food', 'transport', 'gifts', 'tours']);
    expect(status.categories[4]).toEqual({ category: 'tours', budget_minor: null, spent_minor: 10_000, remaining_minor: null, pct_used: null });
    // Unbudgeted spending still counts against the total.
    expect(status.total.spent_minor).toBe(11_000);
  });

  it('reads a zero budget as 0 % until something is spent, then 100 %', () => {
    expect(budgetStatus({ totalMinor: 0, categories: {} }, []).total).toEqual({ budget_minor: 0, spent_minor: 0, remaining_minor: 0, pct_used: 0 });
    expect(budgetStatus({ totalMinor: 0, categories: { x: 0 } }, [{ category: 'x', minor: 5 }]).categories[0]).toMatchObject({ remaining_minor: -5, pct_used: 100 });
  });

  it('does not mistake inherited object keys for budget lines', () => {
    const status = budgetStatus({ totalMinor: 100, categories: {} }, [{ category: 'toString', minor: 10 }]);
    expect(status.categories).toEqual([{ category: 'toString', budget_minor: null, spent_minor: 10, remaining_minor: null, pct_used: null }]);
  });
});
