import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import type { SailingOut } from './sailing.js';
import type { CruiseSearchOutput } from './search-output.js';
import { MAX_OFFSET, cruiseCabin, cruiseRegion, isoDate, lineName, nights, windowProblems, type CruiseSearchRequest } from './search-input.js';

// search_cruises takes camelCase arguments like the other MCP tools and answers
// compact sailings: the itinerary as one line per day, so 20 sailings stay small.

const McpArgs = z
  .object({
    region: cruiseRegion.optional().describe('Omitted: every region.'),
    departFrom: isoDate.describe('Earliest departure.'),
    departTo: isoDate.describe('Latest departure.'),
    minNights: nights.optional().describe('Default 3.'),
    maxNights: nights.optional().describe('Default 14.'),
    cabin: cruiseCabin.optional().describe('Omitted: every class.'),
    guests: z.number().int().min(1).max(8).optional().describe('Default 2.'),
    line: lineName.optional().describe('Part of the line name, e.g. "Carnival".'),
    limit: z.number().int().min(1).max(50).optional().describe('Default 20.'),
    offset: z.number().int().min(0).max(MAX_OFFSET).optional(),
  })
  .superRefine((a, ctx) => {
    const w = { from: a.departFrom, to: a.departTo, minNights: a.minNights ?? 3, maxNights: a.maxNights ?? 14 };
    for (const p of windowProblems(w, { from: 'departFrom', to: 'departTo', minNights: 'minNights' })) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
  });

const CompactSailing = z.object({
  id: z.string(),
  line: z.string(),
  ship: z.string(),
  region: z.string(),
  departurePort: z.string().describe('e.g. "Southampton, GB (SOU; fly to LHR)": port code, fly-in airport.'),
  departureDate: z.string(),
  returnDate: z.string(),
  nights: z.number().int(),
  roundTrip: z.boolean(),
  itinerary: z.array(z.string()).describe('One entry per day from embarkation: a port, or "At sea".'),
  currency: z.string(),
  pricePerPerson: z.record(z.string(), z.number()).describe('Fare per person sharing a double cabin, per cabin class, before taxes.'),
  cheapestCabin: z.string(),
  taxesAndFeesPerPerson: z.number(),
  totalForParty: z.number().describe('Cheapest cabin for every guest plus taxes and fees.'),
});

const McpOutput = z.object({
  sailings: z.array(CompactSailing),
  count: z.number().int(),
  totalFound: z.number().int().describe('Matching sailings in all, before the limit.'),
  nextOffset: z.number().int().nullable(),
});

function portCodes(port: SailingOut['departure_port']): string {
  const codes = [port.code, port.airport ? `fly to ${port.airport}` : ''].filter(Boolean).join('; ');
  return codes ? ` (${codes})` : '';
}

function compact(s: SailingOut): z.output<typeof CompactSailing> {
  const port = s.departure_port;
  return {
    id: s.id,
    line: s.line,
    ship: s.ship,
    region: s.region,
    departurePort: `${port.name}, ${port.country}${portCodes(port)}`,
    departureDate: s.departure_date,
    returnDate: s.return_date,
    nights: s.nights,
    roundTrip: s.round_trip,
    itinerary: s.itinerary.map((d) => (d.sea_day || d.port === null ? 'At sea' : `${d.port}, ${d.country ?? ''}`.replace(/, $/, ''))),
    currency: s.currency,
    pricePerPerson: Object.fromEntries(Object.entries(s.price_per_person).filter(([, v]) => v !== undefined)) as Record<string, number>,
    cheapestCabin: s.cheapest_cabin,
    taxesAndFeesPerPerson: s.taxes_and_fees_per_person,
    totalForParty: s.total_for_party,
  };
}

export const searchCruisesMcp: McpExposure<typeof CruiseSearchRequest, typeof CruiseSearchOutput> = {
  name: 'search_cruises',
  description:
    'Cruise sailings leaving between departFrom and departTo (at most 400 days apart), optionally by region, nights, cabin class and line: ship, line, port, ' +
    'dates, itinerary by day, fare per person sharing a double cabin, taxes and the party total; cheapest first, limit per page (default 20; totalFound counts all; ' +
    'next page: offset = nextOffset). Regions are seasonal (alaska May–Sep).',
  annotations: { title: 'Search cruises', readOnlyHint: true, openWorldHint: true },
  input: McpArgs,
  toInput: (args) => {
    const a = args as z.output<typeof McpArgs>;
    return {
      depart_from: a.departFrom,
      depart_to: a.departTo,
      ...(a.region ? { region: a.region } : {}),
      ...(a.minNights !== undefined ? { min_nights: a.minNights } : {}),
      ...(a.maxNights !== undefined ? { max_nights: a.maxNights } : {}),
      ...(a.cabin ? { cabin: a.cabin } : {}),
      ...(a.guests !== undefined ? { guests: a.guests } : {}),
      ...(a.line ? { line: a.line } : {}),
      ...(a.limit !== undefined ? { limit: a.limit } : {}),
      ...(a.offset !== undefined ? { offset: a.offset } : {}),
    };
  },
  output: McpOutput,
  fromOutput: (out) => ({ sailings: out.sailings.map(compact), count: out.count, totalFound: out.total_found, nextOffset: out.next_offset }),
};
