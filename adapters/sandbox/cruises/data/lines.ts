import type { CruiseLineInfo } from '../model.js';

// The cruise lines of the built-in inventory, their market tier and how their fares
// sit against the tier's reference fares (data/fares.ts).
//
// As of: 2025-06-30.
// Sources: the lines' own websites and fleet pages; tiers as the trade press
// (Cruise Critic, Seatrade Cruise News) groups them. Fare factors are a model,
// calibrated by hand on typical published 7-night lead-in fares in 2024–2025:
// MSC and Carnival lead the mass market on price, Royal Caribbean and NCL sell
// above them, Disney sells at about twice the premium lines, Viking's ocean ships
// have no inside or ocean-view cabins.

const ALL = ['interior', 'oceanview', 'balcony', 'suite'] as const;

export const LINES = {
  royal_caribbean: { name: 'Royal Caribbean International', tier: 'mass_market', fareFactor: 1.1, cabins: ALL },
  carnival: { name: 'Carnival Cruise Line', tier: 'mass_market', fareFactor: 0.9, cabins: ALL },
  norwegian: { name: 'Norwegian Cruise Line', tier: 'mass_market', fareFactor: 1.05, cabins: ALL },
  msc: { name: 'MSC Cruises', tier: 'mass_market', fareFactor: 0.85, cabins: ALL },
  celebrity: { name: 'Celebrity Cruises', tier: 'premium', fareFactor: 1.05, cabins: ALL },
  princess: { name: 'Princess Cruises', tier: 'premium', fareFactor: 0.95, cabins: ALL },
  holland_america: { name: 'Holland America Line', tier: 'premium', fareFactor: 1.0, cabins: ALL },
  disney: { name: 'Disney Cruise Line', tier: 'premium', fareFactor: 1.7, cabins: ALL },
  virgin: { name: 'Virgin Voyages', tier: 'premium', fareFactor: 1.1, cabins: ALL },
  cunard: { name: 'Cunard', tier: 'premium', fareFactor: 1.15, cabins: ALL },
  viking: { name: 'Viking', tier: 'luxury', fareFactor: 1.0, cabins: ['balcony', 'suite'] },
} as const satisfies Record<string, CruiseLineInfo>;

export type LineId = keyof typeof LINES;
