import type { AwardOffer } from '../../tools/_kit/providers.js';

// The benchmark's yardstick: the same awards, valued the naive way (miles
// booked directly, no balances, no transfer search), in the same loop shape.

const TAXES_PER_USD: Readonly<Record<string, number>> = { CAD: 1.38 };

export function naiveValues(awards: readonly AwardOffer[], cashUsd: number): { program: string; cpp: number }[] {
  const out: { program: string; cpp: number }[] = [];
  for (const a of awards) {
    const taxes = a.taxes.amount / (TAXES_PER_USD[a.taxes.currency] ?? 1);
    out.push({ program: a.program, cpp: Math.round(((cashUsd - taxes) / a.miles) * 10_000) / 100 });
  }
  return out.sort((x, y) => y.cpp - x.cpp);
}
