import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { cabinClass, isoDate } from '../flights/search-input.js';
import { MAX_LIMIT, type AwardSearchOutput, type AwardSearchRequest } from './award-search-schemas.js';

// search_awards: camelCase arguments, destinations as a list, compact rows, fewest miles first.

const McpArgs = z.object({
  origin: z.string(),
  destinations: z.array(z.string()).min(1),
  startDate: isoDate,
  endDate: isoDate,
  cabin: cabinClass.optional(),
  limit: z.number().int().min(1).max(MAX_LIMIT).optional(),
  cursor: z.string().optional(),
});

const McpOutput = z.object({
  awards: z.array(z.object({ date: z.string(), destination: z.string(), program: z.string(), miles: z.number(), taxes: z.number(), currency: z.string(), seats: z.number().nullable(), direct: z.boolean() })),
  more: z.boolean(),
  nextCursor: z.string().nullable(),
});

export const searchAwardsMcp: McpExposure<typeof AwardSearchRequest, typeof AwardSearchOutput> = {
  name: 'search_awards',
  description:
    'Cached seats.aero award space, one origin to at most 6 destination airports over at most 60 days: per date, destination and programme the cheapest ' +
    'one-way miles first, with taxes, seats (null: unknown), nonstop or not. Pass nextCursor as cursor while more.',
  annotations: { title: 'Award space over dates', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  input: McpArgs,
  toInput: (args) => {
    const a = args as z.output<typeof McpArgs>;
    return {
      origin: a.origin,
      destination: a.destinations.join(','),
      start_date: a.startDate,
      end_date: a.endDate,
      ...(a.cabin !== undefined ? { cabin_class: a.cabin } : {}),
      ...(a.limit !== undefined ? { limit: a.limit } : {}),
      ...(a.cursor !== undefined ? { cursor: a.cursor } : {}),
    };
  },
  output: McpOutput,
  fromOutput: (out) => McpOutput.parse({
    awards: out.awards.map((r) => ({ date: r.date, destination: r.destination, program: r.program, miles: r.miles, taxes: r.taxes, currency: r.taxes_currency, seats: r.seats_remaining, direct: r.direct })),
    more: out.more,
    nextCursor: out.next_cursor,
  }),
};
