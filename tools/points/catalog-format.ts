// How the catalog routes write ratios, dates and decimals.

const near = (a: number, b: number): boolean => Math.abs(a - b) < 1e-9;
const hasOneDecimal = (x: number): boolean => near(x * 10, Math.round(x * 10));
const trim = (x: number): string => String(Math.round(x * 10) / 10);

/**
 * A transfer ratio as programmes print it, points sent : points received:
 * 1 → "1:1", 2 → "1:2", 1.5 → "1:1.5", ⅓ → "3:1", 0.4 → "2.5:1", 0.75 → "4:3", 0.8 → "5:4".
 */
export function ratioText(ratio: number): string {
  if (!(ratio > 0) || !Number.isFinite(ratio)) return String(ratio);
  if (ratio >= 1 && hasOneDecimal(ratio)) return `1:${trim(ratio)}`;
  if (ratio < 1 && hasOneDecimal(1 / ratio)) return `${trim(1 / ratio)}:1`;
  for (let sent = 1; sent <= 1000; sent++) {
    const received = sent * ratio;
    if (near(received, Math.round(received))) return `${sent}:${Math.round(received)}`;
  }
  return `1:${round(ratio, 4)}`;
}

export function round(x: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(x * f) / f;
}

const DAY_MS = 86_400_000;

/** Whole days from `today` to the inclusive end date: 0 on the last day. */
export function daysLeft(today: string, end: string): number {
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);
}
