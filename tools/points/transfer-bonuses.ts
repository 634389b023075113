// points.transfer_bonuses: the transfer bonus promotions running today.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { activeBonusesAnswer, BonusesOutput } from './catalog-bonuses.js';

export const pointsTransferBonusesTool = defineTool({
  name: 'points.transfer_bonuses',
  title: 'Active transfer bonuses',
  description:
    'Lists the transfer bonus promotions running today (UTC): from which currency to which programme, the extra percentage, ' +
    'the first and last day, the days left, the usual ratio and the effective ratio with the bonus. Ended and upcoming promotions are left out. ' +
    'The bonus list is a curated dataset with an as-of date; check the issuer before transferring.',
  area: 'Points',
  input: z.object({}),
  output: BonusesOutput,
  errors: [],
  auth: 'optional',
  rest: { method: 'GET', path: '/api/points/transfer-bonuses' },
  mcp: false,
  handler: async (ctx) => activeBonusesAnswer(ctx.services.clock()),
});
