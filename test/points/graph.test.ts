import { describe, expect, it } from 'vitest';
import type { Program, ProgramKind, TransferBonus, TransferEdge } from '../../tools/points/data/types.js';
import { activeBonuses, bestPaths, buildTransferGraph, pathsTo, pointsToSend, type TransferPath } from '../../tools/points/graph/transfer-graph.js';
// The simulators' seeded generator keeps the random graphs the same on every run.
import { mulberry32 } from '../../adapters/sandbox/simulators/seeded.js';

// The transfer graph on small hand-made datasets whose right answers are known:
// bonus-adjusted ranking, multi-hop paths, Yen's k-best against brute force,
// loops, bonus dates, and the amounts to send at each hop.

const program = (id: string, kind: ProgramKind): Program => ({ id, name: id, kind, referenceCpp: 1 });
const edge = (from: string, to: string, ratio: number, extra: Partial<TransferEdge> = {}): TransferEdge => ({
  from, to, ratio, minimum: 1000, increment: 1000, transferTime: 'instant', typicalHours: 0, ...extra,
});
const bonus = (from: string, to: string, percent: number, start: string, end: string): TransferBonus => ({ from, to, percent, start, end });

const PROGRAMS: Program[] = [
  program('amex_mr', 'bank'), program('chase_ur', 'bank'), program('bilt', 'bank'),
  program('marriott_bonvoy', 'hotel'), program('hilton_honors', 'hotel'),
  program('united_mileageplus', 'airline'), program('virgin_atlantic', 'airline'),
  program('alaska_mileage_plan', 'airline'), program('hawaiian', 'airline'),
];
const MARRIOTT_BLOCK = { per: 60_000, bonus: 5_000 };
const EDGES: TransferEdge[] = [
  edge('amex_mr', 'virgin_atlantic', 1),
  edge('chase_ur', 'virgin_atlantic', 1, { increment: 100 }),
  edge('chase_ur', 'united_mileageplus', 1, { increment: 100 }),
  edge('chase_ur', 'marriott_bonvoy', 1),
  edge('amex_mr', 'marriott_bonvoy', 1),
  edge('amex_mr', 'hilton_honors', 2),
  edge('marriott_bonvoy', 'united_mileageplus', 1 / 3, { minimum: 3000, increment: 3000, transferTime: 'days', typicalHours: 48, blockBonus: MARRIOTT_BLOCK }),
  edge('marriott_bonvoy', 'virgin_atlantic', 1 / 3, { minimum: 3000, increment: 3000, transferTime: 'days', typicalHours: 48, blockBonus: MARRIOTT_BLOCK }),
  edge('hilton_honors', 'virgin_atlantic', 0.1, { minimum: 10_000, increment: 10_000, transferTime: 'days', typicalHours: 72 }),
  edge('bilt', 'alaska_mileage_plan', 1),
  edge('bilt', 'hawaiian', 1, { transferTime: 'hours', typicalHours: 2 }),
  // Alaska and Hawaiian miles move 1:1 both ways: a loop of ratio 1.
  edge('hawaiian', 'alaska_mileage_plan', 1, { minimum: 1, increment: 1 }),
  edge('alaska_mileage_plan', 'hawaiian', 1, { minimum: 1, increment: 1 }),
];
const BONUSES: TransferBonus[] = [
  bonus('amex_mr', 'virgin_atlantic', 30, '2026-11-01', '2026-11-30'),
  bonus('bilt', 'hawaiian', 30, '2026-11-15', '2026-11-21'),
  bonus('chase_ur', 'virgin_atlantic', 40, '2026-10-01', '2026-10-31'), // over before the test day
  bonus('chase_ur', 'united_mileageplus', 25, '2026-12-01', '2026-12-10'), // not started yet
];
const DAY = new Date('2026-11-21T12:00:00Z');
const graph = buildTransferGraph(PROGRAMS, EDGES, BONUSES, DAY);

const route = (p: TransferPath) => [p.source, ...p.steps.map((s) => s.to)].join('>');

describe('bonus-adjusted ranking', () => {
  it('ranks a bank with an active +30 % bonus above one transferring at the same ratio without it', () => {
    const paths = pathsTo(graph, 'virgin_atlantic');
    expect(paths[0]?.source).toBe('amex_mr');
    expect(paths[0]?.effectiveRatio).toBeCloseTo(1.3, 12);
    expect(paths[0]?.bonuses).toEqual([{ from: 'amex_mr', to: 'virgin_atlantic', percent: 30, end: '2026-11-30' }]);
    expect(paths[1]?.source).toBe('chase_ur');
    expect(paths[1]?.effectiveRatio).toBe(1);
  });

  it('prefers the two-hop path through a +30 % bonus over the direct 1:1 transfer, and the direct one once the bonus is over', () => {
    const during = bestPaths(graph, 'bilt', 'alaska_mileage_plan', { k: 2 });
    expect(during.map(route)).toEqual(['bilt>hawaiian>alaska_mileage_plan', 'bilt>alaska_mileage_plan']);
    expect(during[0]?.effectiveRatio).toBeCloseTo(1.3, 12);
    expect(during[0]?.steps[0]?.bonusPercent).toBe(30);
    expect(during[0]?.typicalHours).toBe(2);

    const after = buildTransferGraph(PROGRAMS, EDGES, BONUSES, new Date('2026-11-22T00:00:00Z'));
    const best = bestPaths(after, 'bilt', 'alaska_mileage_plan', { k: 2 });
    // Equal ratios: the path with fewer transfers wins.
    expect(best.map(route)).toEqual(['bilt>alaska_mileage_plan', 'bilt>hawaiian>alaska_mileage_plan']);
    expect(best[0]?.bonuses).toEqual([]);
  });
});

describe('multi-hop paths', () => {
  it('finds bank→hotel→airline and ranks it by the product of its ratios, block bonus included', () => {
    const paths = bestPaths(graph, 'chase_ur', 'united_mileageplus', { k: 5 });
    expect(paths.map(route)).toEqual(['chase_ur>united_mileageplus', 'chase_ur>marriott_bonvoy>united_mileageplus']);
    // 1:1 to Marriott, then 3:1 plus 5,000 per 60,000: 25,000 miles per 60,000 points.
    expect(paths[1]?.effectiveRatio).toBeCloseTo(25_000 / 60_000, 12);
    expect(paths[1]?.typicalHours).toBe(48);
    expect(paths[1]?.steps.map((s) => s.transferTime)).toEqual(['instant', 'days']);
  });

  it('lists every source currency that reaches the target, best ratio first, fewer hops first on ties', () => {
    const paths = pathsTo(graph, 'united_mileageplus');
    expect(paths.map(route)).toEqual([
      'chase_ur>united_mileageplus',
      'marriott_bonvoy>united_mileageplus',
      'amex_mr>marriott_bonvoy>united_mileageplus',
    ]);
    // Airline programmes are not source currencies, and a hop limit of 1 drops the two-hop path.
    expect(pathsTo(graph, 'united_mileageplus', { maxHops: 1 }).map((p) => p.source)).toEqual(['chase_ur', 'marriott_bonvoy']);
  });

  it('gives alternatives per source up to k, still ordered best first overall', () => {
    const paths = pathsTo(graph, 'virgin_atlantic', { k: 3 });
    const amex = paths.filter((p) => p.source === 'amex_mr').map(route);
    expect(amex).toEqual(['amex_mr>virgin_atlantic', 'amex_mr>marriott_bonvoy>virgin_atlantic', 'amex_mr>hilton_honors>virgin_atlantic']);
    const ratios = paths.map((p) => p.effectiveRatio);
    expect(ratios).toEqual([...ratios].sort((a, b) => b - a));
    // 1:2 then 10:1 is 0.2 per Amex point, below Marriott's 0.4167.
    expect(paths.find((p) => route(p) === 'amex_mr>hilton_honors>virgin_atlantic')?.effectiveRatio).toBeCloseTo(0.2, 12);
  });

  it('answers nothing for unknown programmes, the same programme, or unreachable targets', () => {
    expect(bestPaths(graph, 'nope', 'united_mileageplus')).toEqual([]);
    expect(bestPaths(graph, 'chase_ur', 'chase_ur')).toEqual([]);
    expect(bestPaths(graph, 'bilt', 'united_mileageplus')).toEqual([]);
    expect(pathsTo(graph, 'nope')).toEqual([]);
  });
});


/** Every simple path from source to target with at most maxHops arcs, and its ratio product. */
function bruteForce(edges: readonly TransferEdge[], source: string, target: string, maxHops: number): { route: string; ratio: number }[] {
  const out: { route: string; ratio: number }[] = [];
  const walk = (at: string, seen: string[], ratio: number): void => {
    if (at === target) {
      out.push({ route: seen.join('>'), ratio });
      return;
    }
    if (seen.length > maxHops) return;
    for (const e of edges) if (e.from === at && !seen.includes(e.to)) walk(e.to, [...seen, e.to], ratio * e.ratio);
  };
  walk(source, [source], 1);
  return out.sort((a, b) => b.ratio - a.ratio);
}

describe("Yen's k-best loopless paths", () => {
  it('returns paths in non-increasing ratio order, each once', () => {
    const paths = bestPaths(graph, 'amex_mr', 'virgin_atlantic', { k: 10 });
    expect(paths.map(route)).toEqual(['amex_mr>virgin_atlantic', 'amex_mr>marriott_bonvoy>virgin_atlantic', 'amex_mr>hilton_honors>virgin_atlantic']);
    expect(new Set(paths.map(route)).size).toBe(paths.length);
    expect(bestPaths(graph, 'amex_mr', 'virgin_atlantic', { k: 2 }).map(route)).toEqual(paths.slice(0, 2).map(route));
  });

  it('agrees with brute-force enumeration on random graphs with ratios above 1 and profitable loops', () => {
    const rand = mulberry32(7);
    let compared = 0;
    for (let round = 0; round < 40; round++) {
      const ids = Array.from({ length: 7 }, (_, i) => `p${i}`);
      const programs = ids.map((id, i) => program(id, i < 2 ? 'bank' : 'airline'));
      const edges: TransferEdge[] = [];
      for (const from of ids) for (const to of ids) if (from !== to && rand() < 0.4) edges.push(edge(from, to, Math.round((0.2 + rand() * 2.3) * 100) / 100));
      const g = buildTransferGraph(programs, edges, [], DAY);
      const maxHops = 1 + Math.floor(rand() * 4);
      for (const target of ids.slice(2)) {
        const expected = bruteForce(edges, 'p0', target, maxHops);
        const got = bestPaths(g, 'p0', target, { k: 25, maxHops });
        expect(got.length).toBe(Math.min(25, expected.length));
        got.forEach((p, i) => expect(p.effectiveRatio).toBeCloseTo(expected[i]?.ratio ?? NaN, 9));
        if (expected.length <= 25) expect(new Set(got.map(route))).toEqual(new Set(expected.map((e) => e.route)));
        for (const p of got) expect(p.steps.length).toBeLessThanOrEqual(maxHops);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(200); // the rounds really exercised multi-path cases
  });
});

describe('loops', () => {
  // Going round p_a→p_b→p_a doubles the points: the best walk loops, the best path may not.
  const programs = [program('bank', 'bank'), program('a', 'airline'), program('b', 'airline'), program('t', 'airline')];
  const edges = [edge('bank', 'a', 1), edge('a', 'b', 2), edge('b', 'a', 1), edge('b', 't', 1), edge('a', 't', 1)];
  const looped = buildTransferGraph(programs, edges, [], DAY);

  it('never repeats a programme, even where looping would multiply the points', () => {
    const paths = bestPaths(looped, 'bank', 't', { k: 10, maxHops: 6 });
    expect(paths.map(route)).toEqual(['bank>a>b>t', 'bank>a>t']);
    expect(paths[0]?.effectiveRatio).toBe(2);
    for (const p of paths) {
      const nodes = [p.source, ...p.steps.map((s) => s.to)];
      expect(new Set(nodes).size).toBe(nodes.length);
    }
  });

  it('stays loopless on the 1:1 Alaska–Hawaiian pair', () => {
    const paths = bestPaths(graph, 'bilt', 'hawaiian', { k: 10, maxHops: 6 });
    expect(paths.map(route)).toEqual(['bilt>hawaiian', 'bilt>alaska_mileage_plan>hawaiian']);
  });
});

describe('transfer bonus dates', () => {
  it('keeps bonuses whose inclusive window holds the day (UTC), drops ended and future ones', () => {
    expect(activeBonuses(BONUSES, DAY).map((b) => `${b.from}>${b.to}`)).toEqual(['amex_mr>virgin_atlantic', 'bilt>hawaiian']);
    expect(activeBonuses(BONUSES, new Date('2026-11-21T23:59:59Z')).length).toBe(2); // last day counts
    expect(activeBonuses(BONUSES, new Date('2026-11-22T00:00:00Z')).map((b) => b.to)).toEqual(['virgin_atlantic']);
    expect(activeBonuses(BONUSES, new Date('2026-12-01T00:00:00Z')).map((b) => b.to)).toEqual(['united_mileageplus']);
  });

  it('ignores expired and future bonuses in path ratios', () => {
    const chase = bestPaths(graph, 'chase_ur', 'virgin_atlantic', { k: 1 })[0];
    expect(chase?.steps[0]?.bonusPercent).toBe(0);
    expect(chase?.effectiveRatio).toBe(1);
    expect(bestPaths(graph, 'chase_ur', 'united_mileageplus', { k: 1 })[0]?.effectiveRatio).toBe(1);
  });

  it('uses the largest of two overlapping bonuses on one edge, not their sum', () => {
    const twice = [bonus('amex_mr', 'virgin_atlantic', 20, '2026-11-01', '2026-11-30'), bonus('amex_mr', 'virgin_atlantic', 35, '2026-11-20', '2026-11-25')];
    const g = buildTransferGraph(PROGRAMS, EDGES, twice, DAY);
    const best = bestPaths(g, 'amex_mr', 'virgin_atlantic', { k: 1 })[0];
    expect(best?.effectiveRatio).toBeCloseTo(1.35, 12);
    expect(best?.bonuses).toEqual([{ from: 'amex_mr', to: 'virgin_atlantic', percent: 35, end: '2026-11-25' }]);
  });
});

describe('pointsToSend', () => {
  const only = (g: typeof graph, from: string, to: string, via?: string): TransferPath => {
    const found = bestPaths(g, from, to, { k: 10 }).find((p) => p.steps.length === (via ? 2 : 1) && (!via || p.steps[0]?.to === via));
    if (!found) throw new Error(`no path ${from}>${to}`);
    return found;
  };

  it('rounds up to the minimum and the increment', () => {
    const plain = buildTransferGraph(PROGRAMS, EDGES, [], DAY);
    expect(pointsToSend(only(plain, 'amex_mr', 'virgin_atlantic'), 60_500)).toEqual({ send: 61_000, receive: 61_000, hops: [{ from: 'amex_mr', to: 'virgin_atlantic', send: 61_000, receive: 61_000 }] });
    expect(pointsToSend(only(plain, 'chase_ur', 'virgin_atlantic'), 60_550).send).toBe(60_600); // 100-point steps
    expect(pointsToSend(only(plain, 'chase_ur', 'virgin_atlantic'), 200).send).toBe(1_000); // the minimum
    expect(pointsToSend(only(plain, 'amex_mr', 'hilton_honors'), 95_000)).toMatchObject({ send: 48_000, receive: 96_000 });
    expect(pointsToSend(only(plain, 'amex_mr', 'virgin_atlantic'), 0)).toMatchObject({ send: 0, receive: 0 });
  });

  it('counts the active bonus when sizing the transfer', () => {
    // 46,000 + 30 % = 59,800 falls short; 47,000 + 14,100 = 61,100 is the first that covers 60,000.
    expect(pointsToSend(only(graph, 'amex_mr', 'virgin_atlantic'), 60_000)).toMatchObject({ send: 47_000, receive: 61_100 });
  });

  it('counts the Marriott block bonus: 60,000 points give 25,000 miles', () => {
    const marriott = only(graph, 'marriott_bonvoy', 'united_mileageplus');
    expect(pointsToSend(marriott, 25_000)).toMatchObject({ send: 60_000, receive: 25_000 });
    // 21,000 miles would take 63,000 points at 3:1; the block bonus makes 60,000 enough.
    expect(pointsToSend(marriott, 21_000)).toMatchObject({ send: 60_000, receive: 25_000 });
    expect(pointsToSend(marriott, 25_001)).toMatchObject({ send: 63_000, receive: 26_000 });
    expect(pointsToSend(marriott, 1_000)).toMatchObject({ send: 3_000, receive: 1_000 }); // 3,000 × ⅓ is exactly 1,000
  });

  it('sizes every hop of a multi-hop path backwards from the target', () => {
    const viaMarriott = only(graph, 'chase_ur', 'united_mileageplus', 'marriott_bonvoy');
    expect(pointsToSend(viaMarriott, 24_500)).toEqual({
      send: 60_000,
      receive: 25_000,
      hops: [
        { from: 'chase_ur', to: 'marriott_bonvoy', send: 60_000, receive: 60_000 },
        { from: 'marriott_bonvoy', to: 'united_mileageplus', send: 60_000, receive: 25_000 },
      ],
    });
    const viaHilton = only(graph, 'amex_mr', 'virgin_atlantic', 'hilton_honors');
    // 10,000-point Hilton blocks: 15,000 miles need 150,000 Hilton points, i.e. 75,000 Amex.
    expect(pointsToSend(viaHilton, 14_200).hops).toEqual([
      { from: 'amex_mr', to: 'hilton_honors', send: 75_000, receive: 150_000 },
      { from: 'hilton_honors', to: 'virgin_atlantic', send: 150_000, receive: 15_000 },
    ]);
  });
});

describe('returned paths', () => {
  it('are frozen, so a caller cannot corrupt the memoised answers', () => {
    const first = bestPaths(graph, 'chase_ur', 'united_mileageplus', { k: 1 })[0];
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first?.steps)).toBe(true);
    const list = pathsTo(graph, 'united_mileageplus');
    list.reverse(); // the array itself is the caller's own
    expect(pathsTo(graph, 'united_mileageplus')[0]?.source).toBe('chase_ur');
  });
});
