// places.suggest: the typeahead agents call to turn "Lisbon" into LIS before a flight search.
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { PlaceSchema } from './place.js';
import { suggestPlaces } from './search.js';

export const suggestPlacesTool = defineTool({
  name: 'places.suggest',
  title: 'Suggest places',
  description:
    'Resolve a city or airport name (or a partial one, in any case, accents optional) to IATA codes. ' +
    'Call this before searching flights whenever the user gives a place by name, e.g. "Lisbon" → LIS or "New York" → NYC (JFK, LGA, EWR). ' +
    'Results are best first: an exact IATA/ICAO code, then city names, then airport names. ' +
    'A result of type "city" is a metropolitan code covering several airports, listed in `airports` and returned right after it. ' +
    'Covers airports with scheduled passenger service; coordinates, country and IANA time zone are included.',
  area: 'Flight booking',
  input: z.object({
    query: z.string().trim().min(1).max(100).describe('What the user typed: a city, airport name or code, e.g. "lisbon", "heathrow", "JFK".'),
    limit: z.number().int().min(1).max(50).default(10).describe('Maximum number of places to return (1-50, default 10).'),
  }),
  output: z.object({
    places: z.array(PlaceSchema).describe('Matching cities and airports, best match first; empty when nothing matches.'),
  }),
  errors: [],
  auth: 'none',
  rest: { method: 'GET', path: '/api/places/suggest' },
  mcp: {
    name: 'suggest_places',
    description:
    'Resolves a city or airport name (partial, any case) to IATA codes; call it whenever the user names a place, e.g. "Lisbon" -> LIS, "New York" -> NYC ' +
    '(JFK, LGA, EWR). Best match first; a city is a metropolitan code with its airports after it. Next: pass the code to a search tool as origin, ' +
    'destination or city.',
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  },
  // Built from the bundled airport table's typed records: nothing from outside to re-check per call.
  typedOutput: true,
  handler: async (_ctx, input) => ({ places: suggestPlaces(input.query, input.limit) }),
});
