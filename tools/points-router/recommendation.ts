import { formatCount, formatMoney } from './path-text.js';
import type { RedemptionPathOut, ShortPathOut } from './router-answer.js';

// The one sentence a points expert would say about the ranked paths.

export function recommendation(paths: readonly RedemptionPathOut[], short: readonly ShortPathOut[], candidates: number, cashPrice: number, currency: string): string {
  const top = paths[0];
  if (!top) {
    if (candidates === 0) return 'No award space or chart price found for this flight and cabin: pay cash, or try nearby dates.';
    const nearest = [...short].sort((a, b) => a.short_by / a.points_spent - b.short_by / b.points_spent)[0];
    if (!nearest) return 'None of your balances can reach a programme that books this flight: pay cash.';
    return `None of your balances covers an award on this flight. Closest: ${nearest.program_name} via ${nearest.source_name}, short by ${formatCount(nearest.short_by)} points (${nearest.effective_cpp.toFixed(2)} ¢/point if you had them).`;
  }
  if (top.verdict === 'poor') {
    return `Pay cash (${formatMoney(cashPrice, currency)}) and keep your points: the best redemption gives ${top.effective_cpp.toFixed(2)} ¢/point, below the ${top.reference_cpp.toFixed(2)} ¢ a ${top.source_name} point is usually worth.`;
  }
  const caveat = top.availability === 'unconfirmed' ? 'No live award space was seen, so this is a chart price to verify first. ' : '';
  return `${caveat}${top.summary}`;
}
