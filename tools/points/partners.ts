// points.partners: where one bank (or hotel) currency transfers, at what ratio,
// and which transfer bonus runs on each partnership today.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { TRANSFER_BONUSES } from './data/bonuses.js';
import type { TransferEdge } from './data/types.js';
import { DATASETS_AS_OF, edgesFrom, normaliseProgramId, programById, SOURCE_PROGRAM_IDS, unknownProgram } from './catalog-datasets.js';
import { ratioText, round } from './catalog-format.js';
import { BlockBonusSchema, BonusView, DatasetDates, ProgramKindSchema, ProgramRef, TransferTimeSchema } from './catalog-schemas.js';
import { bonusView } from './catalog-views.js';
import { bestBonusByEdge, edgeKey, utcDay, verifiedOnly } from './graph/active-bonuses.js';
import { effectiveRatioOf } from './graph/graph-index.js';

const PartnerView = z.object({
  program: z.string().describe('Partner programme id.'),
  name: z.string(),
  kind: ProgramKindSchema,
  alliance: z.enum(['star_alliance', 'oneworld', 'skyteam']).nullable(),
  ratio: z.string().describe('Points sent : points received, e.g. "1:1", "1:2" (Amex→Hilton), "3:1" (Marriott→most airlines).'),
  ratio_value: z.number().describe('Points received per point sent before bonuses.'),
  minimum: z.number().int().describe('Smallest transfer, in points sent.'),
  increment: z.number().int().describe('Step above the minimum, in points sent.'),
  transfer_time: TransferTimeSchema,
  typical_hours: z.number(),
  block_bonus: BlockBonusSchema.nullable(),
  bonus: BonusView.nullable().describe('The transfer bonus running today on this partnership, if any.'),
  effective_ratio: z.number().describe('Points received per point sent today, with the bonus (and any block bonus at whole blocks).'),
});

const PartnersOutput = z.object({
  program: ProgramRef,
  today: z.string().describe('The day bonuses were checked for (UTC), YYYY-MM-DD.'),
  as_of: DatasetDates,
  count: z.number().int(),
  partners: z.array(PartnerView).describe('Airline partners first, then hotel partners; by name within each.'),
});

export const pointsPartnersTool = defineTool({
  name: 'points.partners',
  title: 'Transfer partners of a points currency',
  description:
    'Lists the programmes a transferable currency moves points to: each partner with its ratio (as "sent:received" text and as a number), ' +
    'minimum and increment, typical transfer time, any block bonus, the transfer bonus running today, and the effective ratio with it. ' +
    `Takes a bank programme (${SOURCE_PROGRAM_IDS.filter((id) => programById.get(id)?.kind === 'bank').join(', ')}) or a hotel programme that transfers to airlines. ` +
    'An unknown programme is a 404 whose details.valid_programs lists the ones accepted.',
  area: 'Points',
  input: z.object({
    bank_program: z.string().min(1).max(64).describe('Currency id, e.g. "chase_ur", "amex_mr", "marriott_bonvoy" (case and dashes are forgiven).'),
  }),
  output: PartnersOutput,
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points/partners/{bank_program}' },
  mcp: false,
  handler: async (ctx, input) => {
    const id = normaliseProgramId(input.bank_program);
    const source = programById.get(id);
    if (!source || !SOURCE_PROGRAM_IDS.includes(id)) throw unknownProgram('bank_program', input.bank_program, SOURCE_PROGRAM_IDS, 'transferable currency');
    const now = ctx.services.clock();
    const today = utcDay(now);
    const bonuses = bestBonusByEdge(verifiedOnly(TRANSFER_BONUSES.items), now);

    const partners = (edgesFrom.get(id) ?? []).flatMap((edge: TransferEdge) => {
      const partner = programById.get(edge.to);
      if (!partner) return [];
      const bonus = bonuses.get(edgeKey(edge.from, edge.to));
      return [{
        program: partner.id,
        name: partner.name,
        kind: partner.kind,
        alliance: partner.alliance ?? null,
        ratio: ratioText(edge.ratio),
        ratio_value: round(edge.ratio, 6),
        minimum: edge.minimum,
        increment: edge.increment,
        transfer_time: edge.transferTime,
        typical_hours: edge.typicalHours,
        block_bonus: edge.blockBonus ? { ...edge.blockBonus } : null,
        bonus: bonus ? bonusView(bonus, today, edge) : null,
        effective_ratio: round(effectiveRatioOf(edge, bonus?.percent ?? 0), 4),
      }];
    });
    partners.sort((a, b) => (a.kind === b.kind ? a.name.localeCompare(b.name, 'en') : a.kind === 'airline' ? -1 : 1));

    return {
      program: { id: source.id, name: source.name, kind: source.kind },
      today,
      as_of: DATASETS_AS_OF,
      count: partners.length,
      partners,
    };
  },
});
