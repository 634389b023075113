import type { Tier } from '../../tools/_kit/principal.js';

/** Per-key request limits of each plan. Documented in the README; change both together. */
export const TIER_LIMITS: Record<Tier, { perMinute: number; perDay: number }> = {
  free: { perMinute: 60, perDay: 1_000 },
  pro: { perMinute: 600, perDay: 50_000 },
  business: { perMinute: 3_000, perDay: 500_000 },
};
