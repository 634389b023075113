// The Place shape the typeahead returns, as a zod schema so REST (OpenAPI) and MCP
// (outputSchema) describe it to clients from one definition.
import { z } from 'zod';

const common = {
  name: z.string().describe('Display name, e.g. "London Heathrow Airport" or "London (all airports)".'),
  city: z.string().describe('City the place serves, e.g. "London".'),
  country: z.string().length(2).describe('ISO 3166-1 alpha-2 country code, e.g. "GB".'),
  lat: z.number().min(-90).max(90).describe('Latitude in decimal degrees (for a city: mean of its airports).'),
  lon: z.number().min(-180).max(180).describe('Longitude in decimal degrees (for a city: mean of its airports).'),
  timezone: z.string().optional().describe('IANA time zone, e.g. "Europe/London"; absent when unknown.'),
};

export const AirportPlaceSchema = z.object({
  type: z.literal('airport').describe('A single airport.'),
  iata: z.string().length(3).describe('IATA airport code, e.g. "LHR"; pass it as origin or destination to flight search.'),
  icao: z.string().length(4).optional().describe('ICAO airport code, e.g. "EGLL", when known.'),
  ...common,
  size: z.enum(['large', 'medium', 'small']).describe('Airport size class (OurAirports); large hubs first in ties.'),
});

export const CityPlaceSchema = z.object({
  type: z.literal('city').describe('A metropolitan area grouping several airports.'),
  iata: z.string().length(3).describe('IATA metropolitan city code, e.g. "LON" for all London airports.'),
  ...common,
  airports: z.array(z.string().length(3)).describe('IATA codes of the airports in this city, main airport first; search one of these when an airport code is required.'),
});

export const PlaceSchema = z.discriminatedUnion('type', [AirportPlaceSchema, CityPlaceSchema]).describe('A city or airport matching the query.');

export type AirportPlace = z.output<typeof AirportPlaceSchema>;
export type CityPlace = z.output<typeof CityPlaceSchema>;
export type Place = z.output<typeof PlaceSchema>;
