import type { AwardOffer, CabinClass, FlightSlice } from '../_kit/providers.js';
import type { Program, Region } from '../points/data/types.js';
import { moneyToUsd } from './fx-usd.js';
import type { HoldPolicy, RouterCatalog } from './router-catalog.js';

// The awards worth routing points to: one per programme. Live ones come from the
// award provider (the cheapest with enough seats); chart ones fill in programmes
// it did not report, clearly unconfirmed.

export interface RouteFacts {
  origin: string;
  destination: string;
  cabin: CabinClass;
  /** Undefined when an airport's country has no region (the chart cannot be read then). */
  fromRegion: Region | undefined;
  toRegion: Region | undefined;
  distanceMiles: number;
}

export interface AwardCandidate {
  program: Program;
  availability: 'live' | 'unconfirmed';
  milesPerPassenger: number;
  taxesUsdPerPassenger: number;
  seats: number | null;
  airlines: string[];
  direct: boolean | null;
  /** "VS4 JFK-LHR 2026-12-31T19:00" per segment, when the provider gave flights. */
  flights: string[];
  /** When the provider last saw the space (epoch ms); null for chart prices or an unreadable time. */
  observedMs: number | null;
  hold: HoldPolicy | null;
  /** Unconfirmed dynamic prices: the usual high, so the caller knows the spread. */
  milesHigh: number | null;
  /** The programme sells round trips only: the miles and taxes are the whole round trip's. */
  roundTripOnly: boolean;
}

function flightLabels(slices: readonly FlightSlice[]): string[] {
  return slices.flatMap((s) => s.segments.map((g) => `${g.marketingCarrier}${g.flightNumber} ${g.origin}-${g.destination} ${g.departingAt.slice(0, 16)}`));
}

function observedMs(iso: string): number | null {
  const t = Date.parse(iso);
  return Number.isFinite(t) ? t : null;
}

/** Cheaper miles first, then lower taxes, then nonstop. */
function better(a: AwardCandidate, b: AwardCandidate): boolean {
  if (a.milesPerPassenger !== b.milesPerPassenger) return a.milesPerPassenger < b.milesPerPassenger;
  if (a.taxesUsdPerPassenger !== b.taxesUsdPerPassenger) return a.taxesUsdPerPassenger < b.taxesUsdPerPassenger;
  return a.direct === true && b.direct !== true;
}

export interface LiveCandidates {
  candidates: AwardCandidate[];
  /** seats.aero sources with space that map to no programme we know. */
  unknownSources: string[];
}

/** The best live award per programme in the asked cabin, with seats for the whole party. */
export function liveCandidates(awards: readonly AwardOffer[], catalog: RouterCatalog, route: RouteFacts, passengers: number): LiveCandidates {
  const best = new Map<string, AwardCandidate>();
  const unknown = new Set<string>();
  for (const a of awards) {
    if (a.cabin !== route.cabin || a.miles <= 0) continue;
    if (a.seatsRemaining !== null && a.seatsRemaining < passengers) continue;
    const program = catalog.programForSource(a.program);
    if (!program) {
      unknown.add(a.program);
      continue;
    }
    const candidate: AwardCandidate = {
      program,
      availability: 'live',
      milesPerPassenger: a.miles,
      taxesUsdPerPassenger: moneyToUsd(a.taxes),
      seats: a.seatsRemaining,
      airlines: a.airlines,
      direct: a.direct,
      flights: flightLabels(a.slices),
      observedMs: observedMs(a.observedAt),
      hold: catalog.holdPolicy(program.id, route.fromRegion, route.toRegion),
      milesHigh: null,
      // The award provider prices a one-way seat as it finds it; the chart rule applies to chart prices.
      roundTripOnly: false,
    };
    const current = best.get(program.id);
    if (!current || better(candidate, current)) best.set(program.id, candidate);
  }
  return { candidates: [...best.values()], unknownSources: [...unknown].sort() };
}

/**
 * Chart prices for programmes without live space. When the provider answered, a
 * programme it tracks and did not report has no saver space that day, so only
 * untracked programmes get a chart option; when it failed, every charted one does.
 */
export function chartCandidates(catalog: RouterCatalog, route: RouteFacts, live: ReadonlySet<string>, providerAnswered: boolean): AwardCandidate[] {
  const { fromRegion, toRegion } = route;
  if (!fromRegion || !toRegion) return [];
  const out: AwardCandidate[] = [];
  for (const id of catalog.chartedPrograms) {
    if (live.has(id) || (providerAnswered && catalog.trackedByAwardProvider(id))) continue;
    const program = catalog.program(id);
    const price = catalog.chartPrice(id, fromRegion, toRegion, route.distanceMiles, route.cabin);
    const miles = price?.miles[route.cabin];
    if (!program || !price || !miles) continue;
    // A one-way traveller on a round-trip-only chart pays for both halves.
    const halves = price.roundTripOnly ? 2 : 1;
    out.push({
      program,
      availability: 'unconfirmed',
      milesPerPassenger: miles * halves,
      taxesUsdPerPassenger: (price.typicalTaxesUsd[route.cabin] ?? 0) * halves,
      seats: null,
      airlines: program.airlines ?? [],
      direct: null,
      flights: [],
      observedMs: null,
      hold: price.hold ? { possible: price.hold.possible, hours: price.hold.hours } : catalog.holdPolicy(id, fromRegion, toRegion),
      milesHigh: price.pricing === 'dynamic' ? price.milesHigh?.[route.cabin] ?? null : null,
      roundTripOnly: price.roundTripOnly === true,
    });
  }
  return out;
}
