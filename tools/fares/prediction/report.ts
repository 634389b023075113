import { fromMinor } from '../../_kit/money.js';
import type { BacktestResult, Savings } from './backtest.js';

// The backtest's printed report: accuracy per recommendation and per evidence
// bucket (whose accuracy is the confidence the live tool states), then the money
// the model's policy saved against buying at the first look.

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
const money = (minor: number, currency: string) => `${currency} ${fromMinor(minor, currency).amount.toLocaleString('en-US', { maximumFractionDigits: 2 })}`;

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}

function savingsLines(currency: string, s: Savings): string[] {
  const saved = s.firstLookTotalMinor - s.policyTotalMinor;
  const possible = s.firstLookTotalMinor - s.bestPossibleTotalMinor;
  return [
    `${currency}: ${s.series} trips. Always buy at first look: ${money(s.firstLookTotalMinor, currency)}; following the model: ${money(s.policyTotalMinor, currency)}.`,
    `  Saved ${money(saved, currency)} (${pct(s.firstLookTotalMinor ? saved / s.firstLookTotalMinor : 0)}), ${money(Math.round(saved / Math.max(1, s.series)), currency)} per trip; ` +
      `a perfect oracle would have saved ${money(possible, currency)} (${pct(s.firstLookTotalMinor ? possible / s.firstLookTotalMinor : 0)}).`,
    `  Paid less than first look on ${s.better} trips, more on ${s.worse}.`,
  ];
}

export function formatReport(result: BacktestResult): string {
  const c = result.calibration;
  const overall = Object.entries(c.overall).map(([rec, t]) => [rec, String(t.samples), String(t.correct), pct(t.accuracy)]);
  const buckets = Object.values(c.buckets).map((b) => [`${b.recommendation} / ${b.evidence}`, String(b.samples), pct(b.accuracy), b.samples >= c.minSamples ? pct(b.accuracy) : 'too few: falls back']);
  return [
    `Fare prediction backtest — model ${c.modelVersion}`,
    `History: ${c.source.file} (${c.source.rows} observations, ${c.source.series} price series)`,
    `A "buy" is right when no later price is more than ${pct(c.threshold)} lower; a "wait" is right when one is; a "neutral" is right when the best later price stays within ±${pct(c.threshold)}.`,
    '',
    'Directional accuracy by recommendation',
    table(['recommendation', 'answers', 'right', 'accuracy'], overall),
    '',
    `By evidence bucket (the live confidence is the bucket's measured accuracy; buckets under ${c.minSamples} answers fall back to the recommendation's overall accuracy)`,
    table(['bucket', 'answers', 'accuracy', 'stated confidence'], buckets),
    '',
    `Base rate (price stayed within ±${pct(c.threshold)} after a look): ${pct(c.baseRate)}`,
    '',
    'Money: wait while the model says wait, buy at its first buy/neutral or at the last look',
    ...Object.entries(result.savingsByCurrency).flatMap(([cur, s]) => savingsLines(cur, s)),
  ].join('\n');
}
