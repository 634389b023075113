// points.transfer_bonuses_check: the bonuses running today that a user's linked
// bank programmes can use.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { activeBonusesAnswer, BonusesOutput } from './catalog-bonuses.js';
import { SOURCE_PROGRAM_IDS } from './catalog-datasets.js';

const [firstSource, ...otherSources] = SOURCE_PROGRAM_IDS;
if (firstSource === undefined) throw new Error('The programme dataset has no transferable currency');
const SourceProgram = z.enum([firstSource, ...otherSources]);

const EligibilityRequest = z
  .object({
    bank_programs: z
      .array(SourceProgram)
      .min(1)
      .max(30)
      .describe('The user’s linked bank programmes (or hotel programmes that transfer to airlines), e.g. ["chase_ur", "amex_mr"].'),
  })
  .strict();

const CheckOutput = BonusesOutput.extend({
  bank_programs: z.array(z.string()).describe('The programmes checked, each once.'),
});

export const pointsTransferBonusesCheckTool = defineTool({
  name: 'points.transfer_bonuses_check',
  title: 'Transfer bonuses for my programmes',
  description:
    'Given the bank programmes a user has linked (amex_mr, chase_ur, citi_typ, capital_one, bilt, wells_fargo; hotel programmes that transfer ' +
    'to airlines are accepted too), lists the transfer bonuses running today (UTC) that start from one of them, with days left and the ' +
    'effective ratio. An unknown programme is a 422 naming the accepted ones. For now the list is required; a later release lets signed-in ' +
    'users omit it and uses the programmes saved in their playbook.',
  area: 'Points',
  input: EligibilityRequest,
  output: CheckOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/points/transfer-bonuses/check' },
  mcp: false,
  handler: async (ctx, input) => {
    const linked = [...new Set(input.bank_programs)];
    return { ...activeBonusesAnswer(ctx.services.clock(), new Set(linked)), bank_programs: linked };
  },
});
