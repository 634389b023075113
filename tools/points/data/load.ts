import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { AWARD_PRICES } from './award-prices.js';
import { TRANSFER_BONUSES } from './bonuses.js';
import { PROGRAMS } from './programs.js';
import { TRANSFERS } from './transfers.js';
import type { AwardPrice, Dataset, Program, SweetSpot, TransferBonus, TransferEdge } from './types.js';

// Schemas for the points datasets. The TypeScript datasets are checked by a test
// (checkDatasets); the sweet-spot JSON can be swapped by operators at run time
// (SWEETSPOTS_FILE), so it is parsed here and anything malformed gives an empty
// list rather than an error, as the spec asks.

const slug = z.string().regex(/^[a-z0-9_]+$/, 'lower-case slug');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), 'a real date');
const positive = z.number().positive().finite();
const count = z.number().int().positive();
const usd = z.number().min(0).finite();
const region = z.enum(['north_america', 'central_america', 'caribbean', 'south_america', 'europe', 'middle_east', 'africa', 'south_asia', 'north_asia', 'southeast_asia', 'oceania']);
const cabin = z.enum(['economy', 'premium_economy', 'business', 'first']);
const byCabin = <T extends z.ZodType>(value: T) => z.partialRecord(cabin, value);

export const ProgramSchema = z.object({
  id: slug,
  name: z.string().min(1),
  kind: z.enum(['bank', 'airline', 'hotel']),
  airlines: z.array(z.string().regex(/^[A-Z0-9]{2}$/)).optional(),
  alliance: z.enum(['star_alliance', 'oneworld', 'skyteam']).nullable().optional(),
  seatsAeroSource: slug.optional(),
  duffelReference: slug.optional(),
  partnerAwards: z.boolean().optional(),
  referenceCpp: positive,
  purchase: z.object({ centsPerPoint: positive, maxPerYear: count.nullable() }).optional(),
});

export const TransferEdgeSchema = z.object({
  from: slug,
  to: slug,
  ratio: positive,
  minimum: count,
  increment: count,
  transferTime: z.enum(['instant', 'hours', 'days']),
  typicalHours: z.number().min(0).finite(),
  blockBonus: z.object({ per: count, bonus: count }).optional(),
});

export const TransferBonusSchema = z.object({
  from: slug,
  to: slug,
  percent: positive,
  start: isoDate,
  end: isoDate,
  note: z.string().optional(),
  source: z.object({ url: z.url(), checked: isoDate }).optional(),
}).refine((b) => b.start <= b.end, { message: 'start after end', path: ['end'] });

export const AwardPriceSchema = z.object({
  program: slug,
  fromRegion: region,
  toRegion: region,
  distanceBand: z.object({ min: z.number().int().min(0), max: count }).refine((b) => b.min < b.max, 'min below max').optional(),
  pricing: z.enum(['chart', 'dynamic']),
  miles: byCabin(count).refine((m) => Object.keys(m).length > 0, 'at least one cabin'),
  milesHigh: byCabin(count).optional(),
  typicalTaxesUsd: byCabin(usd),
  hold: z.object({ possible: z.boolean(), hours: count.nullable() }).optional(),
  roundTripOnly: z.boolean().optional(),
});

export const SweetSpotSchema = z.object({
  id: z.string().min(1),
  title: z.string().min(1),
  program: z.string().min(1),
  route: z.string().min(1),
  cabin,
  miles: count,
  taxesUsd: usd,
  typicalCashUsd: usd,
  cpp: z.number().finite(),
  notes: z.string(),
});

const datasetOf = <T extends z.ZodType>(item: T) => z.object({ asOf: isoDate, sources: z.array(z.string().min(1)), items: z.array(item) });

export const SweetSpotsFileSchema = datasetOf(SweetSpotSchema);

/** What a missing or malformed sweet-spot file reads as (a fresh object, so callers may keep it). */
export function noSweetSpots(): Dataset<SweetSpot> {
  return { asOf: '', sources: [], items: [] };
}

/** The whole sweet-spot dataset when `raw` is well formed throughout, else the empty one. */
export function loadSweetSpotsDataset(raw: unknown): Dataset<SweetSpot> {
  const parsed = SweetSpotsFileSchema.safeParse(raw);
  return parsed.success ? parsed.data : noSweetSpots();
}

/** The sweet spots in `raw`, or [] for anything malformed (a single bad item spoils the file). */
export function loadSweetSpots(raw: unknown): SweetSpot[] {
  return loadSweetSpotsDataset(raw).items;
}

const BUNDLED_SWEET_SPOTS = new URL('./sweet-spots.json', import.meta.url);

/** Reads the sweet-spot file (the bundled one unless `path` is given); missing, unreadable or malformed gives the empty dataset. */
export async function readSweetSpotsFile(path?: string): Promise<Dataset<SweetSpot>> {
  let text: string;
  try {
    text = await readFile(path ?? BUNDLED_SWEET_SPOTS, 'utf8');
  } catch {
    return noSweetSpots();
  }
  try {
    return loadSweetSpotsDataset(JSON.parse(text));
  } catch {
    return noSweetSpots();
  }
}

export interface PointsDatasets {
  programs: Dataset<Program>;
  transfers: Dataset<TransferEdge>;
  bonuses: Dataset<TransferBonus>;
  awardPrices: Dataset<AwardPrice>;
  sweetSpots?: Dataset<SweetSpot>;
}

export const BUNDLED_DATASETS: PointsDatasets = { programs: PROGRAMS, transfers: TRANSFERS, bonuses: TRANSFER_BONUSES, awardPrices: AWARD_PRICES };

function schemaProblems(name: string, schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${name}.${i.path.join('.')}: ${i.message}`);
}

function duplicates(keys: string[]): string[] {
  const seen = new Set<string>();
  return keys.filter((k) => (seen.has(k) ? true : (seen.add(k), false)));
}

/**
 * Every problem with the datasets, as readable lines; empty when all is well.
 * Shapes, unique ids, edges and bonuses between existing programmes (and each
 * bonus on an existing edge), award prices for existing airline programmes,
 * sweet spots for existing programmes.
 */
export function checkDatasets(data: PointsDatasets = BUNDLED_DATASETS): string[] {
  const problems = [
    ...schemaProblems('programs', datasetOf(ProgramSchema), data.programs),
    ...schemaProblems('transfers', datasetOf(TransferEdgeSchema), data.transfers),
    ...schemaProblems('bonuses', datasetOf(TransferBonusSchema), data.bonuses),
    ...schemaProblems('awardPrices', datasetOf(AwardPriceSchema), data.awardPrices),
    ...(data.sweetSpots ? schemaProblems('sweetSpots', SweetSpotsFileSchema, data.sweetSpots) : []),
  ];

  const programs = new Map(data.programs.items.map((p) => [p.id, p]));
  for (const id of duplicates(data.programs.items.map((p) => p.id))) problems.push(`programs: duplicate id ${id}`);
  const sources = data.programs.items.flatMap((p) => (p.seatsAeroSource ? [p.seatsAeroSource] : []));
  for (const s of duplicates(sources)) problems.push(`programs: seats.aero source ${s} used twice`);

  const edgeKey = (e: { from: string; to: string }) => `${e.from}->${e.to}`;
  for (const e of data.transfers.items) {
    if (!programs.has(e.from)) problems.push(`transfers: ${edgeKey(e)} from unknown programme`);
    if (!programs.has(e.to)) problems.push(`transfers: ${edgeKey(e)} to unknown programme`);
    if (e.from === e.to) problems.push(`transfers: ${edgeKey(e)} goes nowhere`);
    if (programs.get(e.to)?.kind === 'bank') problems.push(`transfers: ${edgeKey(e)} ends at a bank currency`);
  }
  for (const k of duplicates(data.transfers.items.map(edgeKey))) problems.push(`transfers: duplicate edge ${k}`);

  const edges = new Set(data.transfers.items.map(edgeKey));
  for (const b of data.bonuses.items) {
    if (!programs.has(b.from) || !programs.has(b.to)) problems.push(`bonuses: ${edgeKey(b)} names an unknown programme`);
    else if (!edges.has(edgeKey(b))) problems.push(`bonuses: ${edgeKey(b)} has no transfer edge`);
  }

  for (const p of data.awardPrices.items) {
    const program = programs.get(p.program);
    if (!program) problems.push(`awardPrices: unknown programme ${p.program}`);
    else if (program.kind !== 'airline') problems.push(`awardPrices: ${p.program} is not an airline programme`);
    for (const [c, high] of Object.entries(p.milesHigh ?? {})) {
      const low = p.miles[c as keyof typeof p.miles];
      if (low !== undefined && high < low) problems.push(`awardPrices: ${p.program} ${p.fromRegion}-${p.toRegion} ${c} high below low`);
    }
  }

  for (const s of data.sweetSpots?.items ?? []) {
    if (!programs.has(s.program)) problems.push(`sweetSpots: ${s.id} names unknown programme ${s.program}`);
  }
  if (data.sweetSpots) for (const id of duplicates(data.sweetSpots.items.map((s) => s.id))) problems.push(`sweetSpots: duplicate id ${id}`);
  return problems;
}
