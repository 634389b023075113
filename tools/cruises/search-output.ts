import { z } from 'zod';
import { SailingSchema } from './sailing.js';

// What cruises.search answers over REST (MCP gets a compact form of it).

export const CruiseSearchOutput = z.object({
  sailings: z.array(SailingSchema).describe('Matching sailings, cheapest total for the party first.'),
  count: z.number().int().describe('Sailings returned here (at most `limit`).'),
  total_found: z.number().int().describe('Matching sailings in all, before the limit.'),
  next_offset: z.number().int().nullable().describe('offset of the next page; null on the last.'),
});
export type CruiseSearchOutput = z.output<typeof CruiseSearchOutput>;
