// points.transfer_bonuses_check: the bonuses running today that a user's linked
// bank programmes can use.
import { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { callerPlaybook } from '../playbook/caller-playbook.js';
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
      .optional()
      .describe('The user’s linked bank programmes (or hotel programmes that transfer to airlines), e.g. ["chase_ur", "amex_mr"]. Signed-in callers may omit it to use the transferable programmes saved in their playbook.'),
  })
  .strict();

const CheckOutput = BonusesOutput.extend({
  bank_programs: z.array(z.string()).describe('The programmes checked, each once.'),
  programs_source: z.enum(['request', 'playbook']).describe('Where bank_programs came from: the request, or the caller\'s saved playbook when the request named none.'),
});

const SOURCE_IDS = new Set<string>(SOURCE_PROGRAM_IDS);

/** The programmes to check: the request's, else the transferable ones in the caller's saved playbook. */
async function programsToCheck(ctx: ToolContext, asked: readonly string[] | undefined): Promise<{ linked: string[]; source: 'request' | 'playbook' }> {
  if (asked !== undefined) return { linked: [...new Set(asked)], source: 'request' };
  const saved = (await callerPlaybook(ctx))?.programs.map((p) => p.program).filter((id) => SOURCE_IDS.has(id)) ?? [];
  if (saved.length > 0) return { linked: [...new Set(saved)], source: 'playbook' };
  throw new ToolError('VALIDATION_FAILED', 'No programmes given and none that transfer saved', {
    issues: [{ loc: ['body', 'bank_programs'], msg: 'Field required: name your bank programmes, or save them with PUT /api/user/playbook', type: 'missing' }],
  });
}

export const pointsTransferBonusesCheckTool = defineTool({
  name: 'points.transfer_bonuses_check',
  title: 'Transfer bonuses for my programmes',
  description:
    'Given the bank programmes a user has linked (amex_mr, chase_ur, citi_typ, capital_one, bilt, wells_fargo; hotel programmes that transfer ' +
    'to airlines are accepted too), lists the transfer bonuses running today (UTC) that start from one of them, with days left and the ' +
    'effective ratio. An unknown programme is a 422 naming the accepted ones. Signed-in callers may omit bank_programs: the transferable ' +
    'programmes saved in their playbook are checked (programs_source says which list was used); with neither it is a 422.',
  area: 'Points',
  input: EligibilityRequest,
  output: CheckOutput,
  errors: [],
  auth: 'optional',
  scopes: ['read'],
  rest: { method: 'POST', path: '/api/points/transfer-bonuses/check' },
  mcp: false,
  handler: async (ctx, input) => {
    const { linked, source } = await programsToCheck(ctx, input.bank_programs);
    return { ...activeBonusesAnswer(ctx.services.clock(), new Set(linked)), bank_programs: linked, programs_source: source };
  },
});
