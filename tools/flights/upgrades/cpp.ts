import type { CabinClass } from '../../_kit/providers.js';
import { UPGRADE_PROGRAMS, type UpgradeProgram } from './programs.js';

// The points upgrades that apply to a flight, and what each point is worth:
// cpp = (cash difference − co-pay) / points × 100, in US cents.

export interface PointsUpgrade {
  program: string;
  programName: string;
  unit: string;
  fromCabin: CabinClass;
  toCabin: CabinClass;
  points: number;
  copayUsd: number;
  /** Cash price difference between the cabins, USD; null when unknown. */
  cashDifferenceUsd: number | null;
  cpp: number | null;
  eligibility: string;
  statusOnly: boolean;
}

/** (cash difference − co-pay) / points × 100, to 2 decimals; null when it cannot be worked out. */
export function centsPerPoint(cashDifferenceUsd: number | null, copayUsd: number, points: number): number | null {
  if (cashDifferenceUsd === null || points <= 0) return null;
  return Math.round(((cashDifferenceUsd - copayUsd) / points) * 100 * 100) / 100;
}

/** Points that can be earned or bought first, best cpp first; status-only currencies after them. */
export function byValue(a: PointsUpgrade, b: PointsUpgrade): number {
  return Number(a.statusOnly) - Number(b.statusOnly) || (b.cpp ?? -Infinity) - (a.cpp ?? -Infinity);
}

export interface UpgradeMatch {
  upgrades: PointsUpgrade[];
  /** Why programmes did not apply, in words. */
  notes: string[];
}

export function pointsUpgrades(opts: { carriers: readonly string[]; fromCabin: CabinClass; toCabin: CabinClass; miles: number; cashDifferenceUsd: number | null }): UpgradeMatch {
  const upgrades: PointsUpgrade[] = [];
  const notes: string[] = [];
  const { carriers, fromCabin, toCabin, miles } = opts;
  const forCarrier = UPGRADE_PROGRAMS.items.filter((p: UpgradeProgram) => carriers.length > 0 && carriers.every((c) => p.carriers.includes(c)));
  if (!forCarrier.length) notes.push(`No programme in the dataset upgrades ${[...new Set(carriers)].join('/')} flights with points.`);
  for (const p of forCarrier as readonly UpgradeProgram[]) {
    if (!p.from.includes(fromCabin) || p.to !== toCabin) continue;
    if (!p.bands) {
      notes.push(`${p.name}: ${p.eligibility}`);
      continue;
    }
    const band = p.bands.find((b) => miles <= b.maxMiles)!;
    upgrades.push({
      program: p.id, programName: p.name, unit: p.unit, fromCabin, toCabin, points: band.points, copayUsd: band.copayUsd,
      cashDifferenceUsd: opts.cashDifferenceUsd, cpp: centsPerPoint(opts.cashDifferenceUsd, band.copayUsd, band.points), eligibility: p.eligibility, statusOnly: p.statusOnly ?? false,
    });
  }
  return { upgrades: upgrades.sort(byValue), notes };
}
