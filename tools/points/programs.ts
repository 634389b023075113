// points.programs: the loyalty programmes the points engine knows, bank currencies
// first, with their reference value in cents per point and their alliance.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { PROGRAMS } from './data/programs.js';
import type { Program } from './data/types.js';
import { edgesFrom, incomingCount } from './catalog-datasets.js';
import { ProgramKindSchema } from './catalog-schemas.js';

const ProgramView = z.object({
  id: z.string().describe('Programme slug used by every points route, e.g. "amex_mr", "aeroplan", "world_of_hyatt".'),
  name: z.string(),
  kind: ProgramKindSchema.describe('bank (a transferable currency), airline or hotel.'),
  alliance: z.enum(['star_alliance', 'oneworld', 'skyteam']).nullable().describe('Airline alliance; null for banks, hotels and unaligned airlines.'),
  airlines: z.array(z.string()).describe('IATA codes of the airlines whose flights the programme is named for.'),
  reference_cpp: z.number().describe('What a point is usually worth, US cents; the yardstick for excellent/good/poor verdicts.'),
  partner_awards: z.boolean().nullable().describe('Whether the programme books partner airlines’ award seats; null when not an airline.'),
  seats_aero_source: z.string().nullable().describe('The award-availability source slug for this programme, when it is tracked.'),
  purchase: z
    .object({ cents_per_point: z.number(), max_per_year: z.number().int().nullable() })
    .nullable()
    .describe('Buying points from the programme: base price in US cents per point and the yearly cap; null when not sold.'),
  transfer_partners: z.number().int().describe('Programmes this one transfers points to.'),
  transfer_sources: z.number().int().describe('Programmes that transfer points into this one.'),
});

const Groups = z.object({ bank: z.array(z.string()), airline: z.array(z.string()), hotel: z.array(z.string()) });

const ProgramsOutput = z.object({
  as_of: z.string().describe('As-of date of the programme dataset, YYYY-MM-DD.'),
  sources: z.array(z.string()).describe('Where the figures come from.'),
  count: z.number().int(),
  programs: z.array(ProgramView).describe('Bank currencies, then airline, then hotel programmes; by name within each.'),
  groups: Groups.describe('The ids above grouped by kind.'),
});

const KIND_ORDER = { bank: 0, airline: 1, hotel: 2 } as const;

function view(p: Program): z.input<typeof ProgramView> {
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    alliance: p.alliance ?? null,
    airlines: p.airlines ?? [],
    reference_cpp: p.referenceCpp,
    partner_awards: p.kind === 'airline' ? (p.partnerAwards ?? false) : null,
    seats_aero_source: p.seatsAeroSource ?? null,
    purchase: p.purchase ? { cents_per_point: p.purchase.centsPerPoint, max_per_year: p.purchase.maxPerYear } : null,
    transfer_partners: edgesFrom.get(p.id)?.length ?? 0,
    transfer_sources: incomingCount.get(p.id) ?? 0,
  };
}

export const pointsProgramsTool = defineTool({
  name: 'points.programs',
  title: 'Loyalty programmes',
  description:
    'Lists the loyalty programmes the points engine knows: bank currencies (amex_mr, chase_ur, citi_typ, capital_one, bilt, wells_fargo), ' +
    'airline programmes with their alliance and airlines, and hotel programmes. Each has its reference value in US cents per point ' +
    '(what a point is usually worth, used for the excellent/good/poor verdicts), whether points can be bought and at what base price, ' +
    'and how many programmes it transfers to and from. `kind` keeps one kind only. The ids are the ones every points route takes.',
  area: 'Points',
  input: z.object({ kind: ProgramKindSchema.optional().describe('Only this kind of programme: bank, airline or hotel.') }),
  output: ProgramsOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points/programs' },
  mcp: false,
  handler: async (_ctx, input) => {
    const chosen = PROGRAMS.items
      .filter((p) => !input.kind || p.kind === input.kind)
      .sort((a, b) => KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name, 'en'));
    const idsOf = (kind: Program['kind']) => chosen.filter((p) => p.kind === kind).map((p) => p.id);
    return {
      as_of: PROGRAMS.asOf,
      sources: PROGRAMS.sources,
      count: chosen.length,
      programs: chosen.map(view),
      groups: { bank: idsOf('bank'), airline: idsOf('airline'), hotel: idsOf('hotel') },
    };
  },
});
