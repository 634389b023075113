import { describe, expect, it } from 'vitest';
import { PROGRAMS } from '../../tools/points/data/programs.js';
import type { Program } from '../../tools/points/data/types.js';
import { centsPerPoint, verdictFor } from '../../tools/points/value-cpp.js';
import { programMatcher } from '../../tools/points/value-program-match.js';
import { rankOptions } from '../../tools/points/value-rank.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext, testUser } from '../kit/test-context.js';
import { mcpCall, mcpListing, mcpOk } from '../helpers/mcp-in-process.js';
import { restClient } from '../helpers/rest-in-process.js';

// points.optimize: the arithmetic and the loose programme lookup, then
// POST /api/points/optimize and the MCP tool optimize_points, called in process.

const program = (id: string, name: string, referenceCpp: number, extra: Partial<Program> = {}): Program => ({ id, name, kind: 'airline', referenceCpp, ...extra });
const FAKE: Program[] = [
  program('aeroplan', 'Air Canada Aeroplan', 1.5, { seatsAeroSource: 'aeroplan' }),
  program('united_mileageplus', 'United MileagePlus', 1.3, { seatsAeroSource: 'united' }),
  program('flying_blue', 'Air France-KLM Flying Blue', 1.3, { seatsAeroSource: 'flyingblue' }),
  program('virgin_atlantic', 'Virgin Atlantic Flying Club', 1.4),
  program('virgin_australia', 'Virgin Australia Velocity', 1.2),
  { id: 'chase_ur', name: 'Chase Ultimate Rewards', kind: 'bank', referenceCpp: 1.7 },
];
const find = programMatcher(FAKE);

describe('cents per point and verdicts', () => {
  it('deducts taxes and rounds to 2 decimals', () => {
    expect(centsPerPoint(1000, 100, 60_000)).toBe(1.5);
    expect(centsPerPoint(333.33, 0, 30_000)).toBe(1.11);
    expect(centsPerPoint(100.5, 0, 10_000)).toBe(1.01); // 1.005 rounds up, not down to binary noise
    expect(centsPerPoint(50, 80, 10_000)).toBe(-0.3);
  });

  it('is excellent from 1.5× the reference, good from 1.0×, poor below', () => {
    expect(verdictFor(1.95, 1.3)).toBe('excellent'); // 1.3 × 1.5 is 1.9500000000000002 in binary
    expect(verdictFor(1.94, 1.3)).toBe('good');
    expect(verdictFor(1.3, 1.3)).toBe('good');
    expect(verdictFor(1.29, 1.3)).toBe('poor');
  });
});

describe('loose programme lookup', () => {
  it('matches slugs, names and seats.aero sources ignoring case and punctuation', () => {
    expect(find('aeroplan')?.id).toBe('aeroplan');
    expect(find('Air Canada Aeroplan')?.id).toBe('aeroplan');
    expect(find('UNITED')?.id).toBe('united_mileageplus');
    expect(find('flying-blue')?.id).toBe('flying_blue');
    expect(find('FlyingBlue')?.id).toBe('flying_blue');
    expect(find('United MileagePlus')?.id).toBe('united_mileageplus');
  });

  it('matches the start of words when only one programme fits', () => {
    expect(find('chase')?.id).toBe('chase_ur');
    expect(find('Chase Ultimate')?.id).toBe('chase_ur');
    expect(find('mileage')?.id).toBe('united_mileageplus');
  });

  it('gives nothing for an unknown or ambiguous name', () => {
    expect(find('virgin')).toBeUndefined();
    expect(find('Lufthansa Miles & More')).toBeUndefined();
    expect(find('  --  ')).toBeUndefined();
  });
});

describe('rankOptions', () => {
  it('ranks by cpp descending, keeps ties in request order, judges each against its own reference, and puts a programme it cannot value last', () => {
    const ranked = rankOptions(1200, [
      { program: 'united', pointsRequired: 80_000, taxes: 5.6 }, // 1.49 vs 1.3 → good
      { program: 'Aeroplan', pointsRequired: 60_000, taxes: 60, fees: 39 }, // 1.84 vs 1.5 → good
      { program: 'Some Local Miles', pointsRequired: 50_000 }, // 2.40, but no reference: unrated, last (issue 23: it used to come first as "excellent")
      { program: 'flying_blue', pointsRequired: 80_000, taxes: 5.6 }, // 1.49, tie with united
    ], find);
    expect(ranked.map((r) => r.program)).toEqual(['Aeroplan', 'united', 'flying_blue', 'Some Local Miles']);
    expect(ranked.map((r) => r.cpp)).toEqual([1.84, 1.49, 1.49, 2.4]);
    expect(ranked.map((r) => r.verdict)).toEqual(['good', 'good', 'good', 'unrated']);
    const aeroplan = ranked[0];
    expect(aeroplan).toMatchObject({ program_id: 'aeroplan', taxes: 99, reference_cpp: 1.5, reference: 'program', value_vs_reference: 1.23 });
    expect(aeroplan?.note).toBeUndefined();
    const unknown = ranked[3];
    expect(unknown).toMatchObject({ program_id: null, program_name: null, reference: 'default', reference_cpp: 1 });
    expect(unknown?.note).toContain('cannot be valued');
  });

  it('marks an award whose taxes exceed the cash price as poor with a note', () => {
    const [only] = rankOptions(100, [{ program: 'aeroplan', pointsRequired: 10_000, taxes: 150 }], find);
    expect(only?.cpp).toBe(-0.5);
    expect(only?.verdict).toBe('poor');
    expect(only?.note).toContain('cash is cheaper');
  });
});

interface Ranked {
  program: string;
  cpp: number;
  verdict: string;
  program_id: string | null;
  reference_cpp: number;
  reference: string;
}

const api = restClient(testContext({ principal: ANONYMOUS }));
const mcpCtx = testContext({ principal: testUser('mcp-points', 'pro') });

const reference = (id: string): number => {
  const p = PROGRAMS.items.find((x) => x.id === id);
  if (!p) throw new Error(`dataset lacks ${id}`);
  return p.referenceCpp;
};

describe('POST /api/points/optimize', () => {
  it('ranks the options with the dataset reference values', async () => {
    const res = await api.post('/api/points/optimize', {
      cashPrice: 4200,
      pointsOptions: [
        { program: 'united_mileageplus', pointsRequired: 120_000, taxes: 5.6 },
        { program: 'Aeroplan', pointsRequired: 70_000, taxes: 50 },
        { program: 'virgin_atlantic', pointsRequired: 47_500, taxes: 350 },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { ranked } = res.body as { ranked: Ranked[] };
    expect(ranked.map((r) => r.program)).toEqual(['virgin_atlantic', 'Aeroplan', 'united_mileageplus']);
    expect(ranked.map((r) => r.cpp)).toEqual([8.11, 5.93, 3.5]);
    for (const r of ranked) {
      const id = r.program_id ?? '';
      expect(r.reference).toBe('program');
      expect(r.reference_cpp).toBe(reference(id));
      expect(r.verdict).toBe(verdictFor(r.cpp, reference(id)));
    }
    expect(ranked[1]?.program_id).toBe('aeroplan');
  });

  it('answers an unknown programme as unrated, after every known one, instead of failing', async () => {
    const res = await api.post('/api/points/optimize', { cashPrice: 300, pointsOptions: [{ program: 'Nowhere Air Club', pointsRequired: 10_000 }, { program: 'aeroplan', pointsRequired: 25_000 }] });
    expect(res.status).toBe(200);
    const { ranked } = res.body as { ranked: Ranked[] };
    expect(ranked.map((r) => r.program)).toEqual(['aeroplan', 'Nowhere Air Club']);
    expect(ranked[1]).toEqual(expect.objectContaining({ program: 'Nowhere Air Club', cpp: 3, verdict: 'unrated', reference: 'default', reference_cpp: 1, program_id: null }));
  });

  it.each([
    ['a negative cash price', { cashPrice: -10, pointsOptions: [{ program: 'aeroplan', pointsRequired: 10_000 }] }, 'cashPrice'],
    ['no options', { cashPrice: 100, pointsOptions: [] }, 'pointsOptions'],
    ['zero points', { cashPrice: 100, pointsOptions: [{ program: 'aeroplan', pointsRequired: 0 }] }, 'pointsRequired'],
    ['negative taxes', { cashPrice: 100, pointsOptions: [{ program: 'aeroplan', pointsRequired: 1000, taxes: -1 }] }, 'taxes'],
    ['a missing programme', { cashPrice: 100, pointsOptions: [{ pointsRequired: 1000 }] }, 'program'],
  ])('answers 422 for %s', async (_what, body, field) => {
    const res = await api.post('/api/points/optimize', body);
    expect(res.status).toBe(422);
    const { detail } = res.body as { detail: { loc: (string | number)[] }[] };
    expect(detail.some((d) => d.loc.includes(field))).toBe(true);
  });
});

describe('MCP optimize_points', () => {
  it('is listed read-only with the spec\'s argument names', async () => {
    const tool = mcpListing('optimize_points');
    expect(Object.keys(tool?.inputSchema.properties ?? {}).sort()).toEqual(['cashPrice', 'pointsOptions']);
    expect(tool?.inputSchema.required).toEqual(expect.arrayContaining(['cashPrice', 'pointsOptions']));
    expect(tool?.annotations?.readOnlyHint).toBe(true);
    expect(tool?.description).toContain('1.5×');
  });

  it('answers {ranked: [{program, cpp, verdict}]} best first', async () => {
    const out = await mcpOk<{ ranked: { program: string; cpp: number; verdict: string; referenceCpp: number; programId: string | null }[] }>(mcpCtx, 'optimize_points', {
      cashPrice: 900, pointsOptions: [{ program: 'flying_blue', pointsRequired: 60_000 }, { program: 'aeroplan', pointsRequired: 30_000, taxes: 90 }],
    });
    expect(out.ranked.map((r) => [r.program, r.cpp])).toEqual([['aeroplan', 2.7], ['flying_blue', 1.5]]);
    expect(out.ranked[0]?.verdict).toBe(verdictFor(2.7, reference('aeroplan')));
    expect(out.ranked[0]?.referenceCpp).toBe(reference('aeroplan'));
    expect(out.ranked[1]?.programId).toBe('flying_blue');
  });

  it('turns bad arguments into a tool error naming the field', async () => {
    const result = await mcpCall(mcpCtx, 'optimize_points', { cashPrice: 100, pointsOptions: [] });
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text ?? '').toContain('pointsOptions');
  });
});
