import type { AwardCabin, AwardPrice, Program, Region } from '../points/data/types.js';

// What the router needs from the programme and award-price datasets, indexed once:
// programmes by id and by seats.aero source slug, and each programme's award
// prices (for chart options and its hold policy). Built from plain arrays so unit
// tests and the benchmark can pass fixtures.

export interface HoldPolicy {
  possible: boolean;
  /** How long a hold lasts; null when the programme does not say. */
  hours: number | null;
}

export interface RouterCatalog {
  program(id: string): Program | undefined;
  /** The programme seats.aero reports under `source` (its `seatsAeroSource`, or its id). */
  programForSource(source: string): Program | undefined;
  /** Whether the award provider reports this programme, so its silence means no saver space. */
  trackedByAwardProvider(programId: string): boolean;
  /** Chart (or dynamic-low) price for the route, either direction, inside the distance band when the chart has one. */
  chartPrice(programId: string, from: Region, to: Region, distanceMiles: number, cabin: AwardCabin): AwardPrice | undefined;
  /** Whether an award can be held before transferring: the route's entry first, else any entry of the programme; null when unknown. */
  holdPolicy(programId: string, from: Region | undefined, to: Region | undefined): HoldPolicy | null;
  /** Programmes that have award prices, in dataset order. */
  readonly chartedPrograms: readonly string[];
}

function sameRoute(p: AwardPrice, from: Region | undefined, to: Region | undefined): boolean {
  return (p.fromRegion === from && p.toRegion === to) || (p.fromRegion === to && p.toRegion === from);
}

export function buildRouterCatalog(programs: readonly Program[], awardPrices: readonly AwardPrice[]): RouterCatalog {
  const byId = new Map(programs.map((p) => [p.id, p]));
  const bySource = new Map<string, Program>();
  // An explicit seatsAeroSource wins over an id that happens to match another slug.
  for (const p of programs) if (!bySource.has(p.id)) bySource.set(p.id, p);
  for (const p of programs) if (p.seatsAeroSource) bySource.set(p.seatsAeroSource, p);
  const tracked = new Set(programs.filter((p) => p.seatsAeroSource !== undefined).map((p) => p.id));

  const pricesOf = new Map<string, AwardPrice[]>();
  for (const price of awardPrices) {
    const list = pricesOf.get(price.program) ?? [];
    list.push(price);
    pricesOf.set(price.program, list);
  }

  return {
    program: (id) => byId.get(id),
    programForSource: (source) => bySource.get(source),
    trackedByAwardProvider: (id) => tracked.has(id),
    chartPrice(programId, from, to, distanceMiles, cabin) {
      return pricesOf.get(programId)?.find((p) =>
        sameRoute(p, from, to)
        && p.miles[cabin] !== undefined
        && (!p.distanceBand || (distanceMiles >= p.distanceBand.min && distanceMiles <= p.distanceBand.max)));
    },
    holdPolicy(programId, from, to) {
      const prices = pricesOf.get(programId) ?? [];
      const entry = prices.find((p) => p.hold && sameRoute(p, from, to)) ?? prices.find((p) => p.hold);
      return entry?.hold ? { possible: entry.hold.possible, hours: entry.hold.hours } : null;
    },
    chartedPrograms: [...pricesOf.keys()],
  };
}
