import type { CabinClass } from '../../_kit/providers.js';

// Loyalty programmes that upgrade a paid ticket one cabin up with points, and
// roughly what it costs by flight distance. Some charge a cash co-pay on top.
//
// APPROXIMATE: figures are rounded from memory of the programmes' published
// upgrade pages and common summaries; eligibility depends on fare class and
// upgrade space, and programmes change these often. Verify before relying on them.

export interface UpgradeBand {
  /** Great-circle miles of the flight, up to and including. */
  maxMiles: number;
  points: number;
  /** Cash co-pay in US dollars, per direction. */
  copayUsd: number;
}

export interface UpgradeProgram {
  id: string;
  name: string;
  /** Marketing carriers whose flights it upgrades. */
  carriers: readonly string[];
  from: readonly CabinClass[];
  to: CabinClass;
  unit: string;
  /** null when the programme prices upgrades dynamically (no fixed figure). */
  bands: readonly UpgradeBand[] | null;
  eligibility: string;
  /** Earned with elite status and never sold: its cpp is not comparable with miles. */
  statusOnly?: boolean;
}

const ANY = Number.MAX_SAFE_INTEGER;

export const UPGRADE_PROGRAMS = {
  asOf: '2026-11-01',
  sources: [
    'United MileagePlus upgrade pages (miles + co-pay, PlusPoints)',
    'American AAdvantage upgrade pages (miles + co-pay)',
    'Delta SkyMiles upgrade pages (Upgrade with Miles)',
    'British Airways Executive Club (upgrade using Avios)',
    'Miles & More upgrade award pages',
    'Air Canada Aeroplan eUpgrade pages',
  ],
  note: 'APPROXIMATE: typical published figures by distance; real costs depend on fare class, route and upgrade space.',
  items: [
    {
      id: 'united_mileageplus', name: 'United MileagePlus (miles + co-pay)', carriers: ['UA'], from: ['economy', 'premium_economy'], to: 'business', unit: 'miles',
      bands: [{ maxMiles: 3_000, points: 15_000, copayUsd: 75 }, { maxMiles: 7_000, points: 30_000, copayUsd: 600 }, { maxMiles: ANY, points: 40_000, copayUsd: 800 }],
      eligibility: 'Most fares except Basic Economy; the co-pay is lower on full fares. Needs upgrade space (R class).',
    },
    {
      id: 'united_plus_points', name: 'United PlusPoints', carriers: ['UA'], from: ['economy', 'premium_economy'], to: 'business', unit: 'PlusPoints',
      bands: [{ maxMiles: 3_000, points: 20, copayUsd: 0 }, { maxMiles: ANY, points: 80, copayUsd: 0 }],
      eligibility: 'Premier members only; PlusPoints are earned with status and cannot be bought, so their cpp is not comparable with miles.', statusOnly: true,
    },
    {
      id: 'american_aadvantage', name: 'American AAdvantage (miles + co-pay)', carriers: ['AA'], from: ['economy', 'premium_economy'], to: 'business', unit: 'miles',
      bands: [{ maxMiles: 3_000, points: 15_000, copayUsd: 75 }, { maxMiles: ANY, points: 25_000, copayUsd: 350 }],
      eligibility: 'Paid fares above Basic Economy; discounted economy fares pay the higher co-pay. Needs upgrade space (C class).',
    },
    {
      id: 'delta_skymiles', name: 'Delta SkyMiles (Upgrade with Miles)', carriers: ['DL'], from: ['economy', 'premium_economy'], to: 'business', unit: 'miles',
      bands: null,
      eligibility: 'Delta prices miles upgrades dynamically in My Trips; there is no fixed figure to quote.',
    },
    {
      id: 'ba_avios_pe', name: 'British Airways Avios upgrade', carriers: ['BA'], from: ['economy'], to: 'premium_economy', unit: 'Avios',
      bands: [{ maxMiles: 3_000, points: 10_000, copayUsd: 0 }, { maxMiles: 4_000, points: 12_750, copayUsd: 0 }, { maxMiles: 5_500, points: 17_000, copayUsd: 0 }, { maxMiles: ANY, points: 25_500, copayUsd: 0 }],
      eligibility: 'Most cash fares except the lowest economy ones; costs the Avios difference between the two cabins’ reward prices.',
    },
    {
      id: 'ba_avios_business', name: 'British Airways Avios upgrade', carriers: ['BA'], from: ['economy', 'premium_economy'], to: 'business', unit: 'Avios',
      bands: [{ maxMiles: 650, points: 4_500, copayUsd: 0 }, { maxMiles: 1_150, points: 6_750, copayUsd: 0 }, { maxMiles: 2_000, points: 9_000, copayUsd: 0 }, { maxMiles: 4_000, points: 27_000, copayUsd: 0 }, { maxMiles: ANY, points: 40_000, copayUsd: 0 }],
      eligibility: 'Most cash fares except the lowest economy ones; costs the Avios difference between the two cabins’ reward prices.',
    },
    {
      id: 'miles_and_more', name: 'Miles & More upgrade award', carriers: ['LH', 'LX', 'OS', 'SN'], from: ['economy', 'premium_economy'], to: 'business', unit: 'miles',
      bands: [{ maxMiles: 2_000, points: 15_000, copayUsd: 0 }, { maxMiles: ANY, points: 50_000, copayUsd: 0 }],
      eligibility: 'Only upgradeable booking classes (not the cheapest economy fares); needs upgrade space.',
    },
    {
      id: 'aeroplan_eupgrade', name: 'Air Canada Aeroplan eUpgrade', carriers: ['AC'], from: ['economy', 'premium_economy'], to: 'business', unit: 'eUpgrade credits',
      bands: [{ maxMiles: 1_000, points: 2, copayUsd: 0 }, { maxMiles: 3_000, points: 4, copayUsd: 0 }, { maxMiles: ANY, points: 15, copayUsd: 0 }],
      eligibility: 'Aeroplan Elite members; credits are earned with status, not bought. Standard fares and up.', statusOnly: true,
    },
  ],
} as const satisfies { asOf: string; sources: readonly string[]; note: string; items: readonly UpgradeProgram[] };
