import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { HotelSearchInput } from './search-input.js';
import { StayMcpArgs, stayRequestFromMcp } from './stay-mcp-args.js';

// search_hotels over MCP: camelCase arguments like the other MCP tools, and at
// most 20 results (cheapest first) so an answer stays small for a model.

export const MCP_HOTEL_LIMIT = 20;

const Args = StayMcpArgs.extend({
  freeCancellationOnly: z.boolean().optional(),
  includeRentals: z.boolean().optional().describe('Also vacation rentals.'),
});

interface SearchOut {
  results: unknown[];
  count: number;
}

export const searchHotelsMcp: McpExposure<typeof HotelSearchInput> = {
  name: 'search_hotels',
  annotations: { title: 'Search hotels', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
  input: Args,
  toInput: (raw) => {
    const a = raw as z.output<typeof Args>;
    return {
      ...stayRequestFromMcp(a),
      ...(a.freeCancellationOnly !== undefined ? { free_cancellation_only: a.freeCancellationOnly } : {}),
      include_rentals: a.includeRentals ?? false,
    };
  },
  fromOutput: (out) => {
    const o = out as unknown as SearchOut;
    const results = o.results.slice(0, MCP_HOTEL_LIMIT);
    return { ...(out as object), results, count: results.length };
  },
};
