import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { AwardResult, AwardSearchOutput, HotelProgramEnum, type AwardSearchInput } from './award-schemas.js';
import { StayMcpArgs, stayRequestFromMcp } from './stay-mcp-args.js';

// search_hotel_awards over MCP: camelCase arguments like the other MCP tools;
// at most 20 results and no night-by-night breakdown, so answers stay small.

export const MCP_AWARD_LIMIT = 20;

const Args = StayMcpArgs.extend({
  program: HotelProgramEnum.optional().describe('Only this program; omit for all five.'),
});

const McpResult = AwardResult.omit({ nightly: true });
const McpOutput = AwardSearchOutput.extend({
  results: z.array(McpResult).describe(`Points per night, ascending; at most ${MCP_AWARD_LIMIT}.`),
  total_found: z.number().int().describe('Award results found in all.'),
});

export const searchHotelAwardsMcp: McpExposure<typeof AwardSearchInput, typeof AwardSearchOutput> = {
  name: 'search_hotel_awards',
  description:
    'Award nights at the hotels the cash search finds, in marriott_bonvoy, hilton_honors, world_of_hyatt, ihg_one_rewards and accor_live_limitless (or one ' +
    'program). Each result: points_per_night, total_points, taxes_usd still due, category, season, whether space is left, cents_per_point against the cash ' +
    'rate; fewest points first (total_found counts all). Does not book; to pay cash, get_hotel_rates with its search_result_id.',
  annotations: { title: 'Search hotel award nights', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    return {
      ...stayRequestFromMcp(a),
      ...(a.program !== undefined ? { program: a.program } : {}),
    };
  },
  output: McpOutput,
  fromOutput: (out): z.output<typeof McpOutput> => {
    const results = out.results.slice(0, MCP_AWARD_LIMIT).map(({ nightly: _nightly, ...rest }) => rest);
    return { ...out, results, count: results.length, total_found: out.results.length };
  },
  list: { field: 'results', defaultLimit: 10, maxLimit: MCP_AWARD_LIMIT, totalField: 'total_found' },
};
