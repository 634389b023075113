import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';

// GET /api/hotels/{hotel_id} is retired (spec: "deprecated: answers 410 Gone").
// It always answers 410 naming its successors; the route declares 410 as its
// status so the OpenAPI document lists no success answer for it.

const SUCCESSORS = [
  { method: 'POST', path: '/api/hotels/search', purpose: 'find the hotel and get its search_result_id' },
  { method: 'POST', path: '/api/hotels/rates', purpose: 'every room and rate of that search result' },
];

export const hotelLegacyDetailsTool = defineTool({
  name: 'hotels.legacy_details',
  title: 'Hotel details (retired)',
  description:
    'Deprecated and retired: always answers 410 Gone. Use POST /api/hotels/search to find the hotel, then POST /api/hotels/rates with its search_result_id for rooms and rates.',
  area: 'Hotels',
  input: z.object({ hotel_id: z.string().describe('Ignored.') }),
  output: z.object({}).describe('Never sent: the answer is always 410.'),
  errors: ['GONE'],
  auth: 'none',
  rest: { method: 'GET', path: '/api/hotels/{hotel_id}', deprecated: true, status: 410 },
  mcp: false,
  handler: async () => {
    throw new ToolError('GONE', 'GET /api/hotels/{hotel_id} is deprecated and no longer served', {
      details: { deprecated: true, use_instead: SUCCESSORS },
      hint: 'Search with POST /api/hotels/search, then get rooms and rates with POST /api/hotels/rates.',
    });
  },
});
