import type { AwardOffer } from '../_kit/providers.js';
import type { Program } from '../points/data/types.js';
import { DEFAULT_MAX_HOPS, bestPaths, pointsToSend, sourceSend, type TransferGraph, type TransferPath } from '../points/graph/transfer-graph.js';
import { chartCandidates, liveCandidates, type AwardCandidate, type RouteFacts } from './award-candidates.js';
import { toUsd } from './fx-usd.js';
import { ageSeconds, describePath, type PricingContext, type Sent } from './redemption-path.js';
import type { RedemptionPathOut, ShortPathOut } from './router-answer.js';
import type { RouterCatalog } from './router-catalog.js';
import { recommendation } from './recommendation.js';

// The router's pure computation, everything after the award provider call: which
// awards are worth booking and how the caller's balances can pay for each. The
// tool and the benchmark both call this.

export interface RankOptions {
  catalog: RouterCatalog;
  route: RouteFacts;
  passengers: number;
  /** Transfer paths searched per source and programme; the cheapest and any faster one are kept. */
  k: number;
  maxHops?: number;
  /** Currency of the cash price (and of the taxes in the answer). */
  currency: string;
  now: Date;
  /** False when the award provider failed: every programme then gets its chart price. */
  providerAnswered: boolean;
}

export interface RankedRedemptions {
  paths: RedemptionPathOut[];
  short_by: ShortPathOut[];
  recommendation: string;
  award_data_age_seconds: number | null;
  unknown_award_programs: string[];
}

/** Live before unconfirmed, then value, then held miles, fewer hops and faster transfers on ties. */
function compare(a: RedemptionPathOut, b: RedemptionPathOut): number {
  return (a.availability === 'live' ? 0 : 1) - (b.availability === 'live' ? 0 : 1)
    || b.effective_cpp - a.effective_cpp
    || Number(b.uses_existing_balance) - Number(a.uses_existing_balance)
    || a.transfers.length - b.transfers.length
    || a.transfer_hours - b.transfer_hours;
}

interface Ledger {
  covered: RedemptionPathOut[];
  short: ShortPathOut[];
}

/** A path and what its source must send; the per-hop detail is worked out only for paths that are described. */
interface Routed {
  path: TransferPath;
  send: number;
}

/**
 * Of one source's k best paths, those worth showing: the cheapest, then only
 * alternatives that arrive faster than everything cheaper (a dearer and slower
 * path, such as the same 1:1 transfer through an extra hop, helps nobody).
 */
function paretoFront(routes: Routed[]): Routed[] {
  routes.sort((a, b) => a.send - b.send || a.path.typicalHours - b.path.typicalHours || a.path.steps.length - b.path.steps.length);
  const kept: Routed[] = [];
  let fastest = Infinity;
  for (const r of routes) {
    if (r.path.typicalHours >= fastest) continue;
    kept.push(r);
    fastest = r.path.typicalHours;
  }
  return kept;
}

/** The plan of one kept route, with its per-hop amounts. */
function transferOf(route: Routed, shortfall: number): { path: TransferPath; sent: Sent } {
  return { path: route.path, sent: pointsToSend(route.path, shortfall) };
}

/**
 * Every sensible way the balances can pay for one award. The cheapest way they
 * fall short goes to the short list, only when it would beat what they can pay
 * for: topping up is worth knowing then, noise otherwise.
 */
function planAward(graph: TransferGraph, c: AwardCandidate, sources: readonly [string, number][], balances: Readonly<Record<string, number>>, opts: RankOptions, ctx: PricingContext, out: Ledger): void {
  const target = c.program.id;
  const needed = c.milesPerPassenger * opts.passengers;
  const held = balances[target] ?? 0;
  if (held >= needed) {
    // Miles already in the programme are spent before any transfer is considered.
    out.covered.push(describePath({ candidate: c, source: c.program, heldUsed: needed, transfer: null }, ctx));
    return;
  }
  const shortfall = needed - held;
  let cheapestCovered = Infinity;
  const shorts: { source: Program; balance: number; route: Routed }[] = [];
  for (const [sourceId, balance] of sources) {
    if (sourceId === target) continue;
    const source = opts.catalog.program(sourceId);
    if (!source) continue;
    const covered: Routed[] = [];
    let bestShort: Routed | null = null;
    for (const path of bestPaths(graph, sourceId, target, { k: opts.k, maxHops: opts.maxHops ?? DEFAULT_MAX_HOPS })) {
      const send = sourceSend(path, shortfall);
      if (send <= balance) covered.push({ path, send });
      else if (!bestShort || send < bestShort.send) bestShort = { path, send };
    }
    for (const route of paretoFront(covered)) {
      out.covered.push(describePath({ candidate: c, source, heldUsed: held, transfer: transferOf(route, shortfall) }, ctx));
      cheapestCovered = Math.min(cheapestCovered, route.send);
    }
    if (covered.length === 0 && bestShort) shorts.push({ source, balance, route: bestShort });
  }
  // One short entry per award: the cheapest way the wallet falls short of.
  const nearest = shorts.reduce<(typeof shorts)[number] | null>((best, s) => (!best || s.route.send < best.route.send ? s : best), null);
  if (nearest && nearest.route.send < cheapestCovered) {
    out.short.push({ ...describePath({ candidate: c, source: nearest.source, heldUsed: held, transfer: transferOf(nearest.route, shortfall) }, ctx), balance: nearest.balance, short_by: nearest.route.send - nearest.balance });
  }
  if (cheapestCovered === Infinity && held > 0) {
    out.short.push({ ...describePath({ candidate: c, source: c.program, heldUsed: held, transfer: null }, ctx), balance: held, short_by: shortfall });
  }
}

export function rankRedemptions(graph: TransferGraph, awards: readonly AwardOffer[], balances: Readonly<Record<string, number>>, cashPrice: number, opts: RankOptions): RankedRedemptions {
  const nowMs = opts.now.getTime();
  const live = liveCandidates(awards, opts.catalog, opts.route, opts.passengers);
  const liveIds = new Set(live.candidates.map((c) => c.program.id));
  const candidates = [...live.candidates, ...chartCandidates(opts.catalog, opts.route, liveIds, opts.providerAnswered)];
  const ctx: PricingContext = {
    cashPrice,
    cashUsd: toUsd(cashPrice, opts.currency),
    currency: opts.currency,
    passengers: opts.passengers,
    nowMs,
    nameOf: (id) => opts.catalog.program(id)?.name ?? id,
  };
  const sources = Object.entries(balances).filter(([, n]) => n > 0);
  const ledger: Ledger = { covered: [], short: [] };
  for (const c of candidates) planAward(graph, c, sources, balances, opts, ctx, ledger);
  ledger.covered.sort(compare);
  ledger.short.sort(compare);

  const ages = live.candidates.map((c) => ageSeconds(c.observedMs, nowMs)).filter((a): a is number => a !== null);
  return {
    paths: ledger.covered,
    short_by: ledger.short,
    recommendation: recommendation(ledger.covered, ledger.short, candidates.length, cashPrice, opts.currency),
    award_data_age_seconds: ages.length > 0 ? Math.max(...ages) : null,
    unknown_award_programs: live.unknownSources,
  };
}
