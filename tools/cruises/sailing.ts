import { z } from 'zod';
import { fromMinor, toMinor } from '../_kit/money.js';
import type { CruiseCabin, CruiseSailing } from '../_kit/stays-cars-cruises.js';
import { CRUISE_CABINS, cruiseCabin, cruiseRegion } from './search-input.js';

// One sailing as the search answers it, and the party's price: the cheapest cabin
// class asked for, per person, for every guest, plus taxes and fees per guest.

const amount = z.number().nonnegative();

export const SailingSchema = z.object({
  id: z.string().describe('Sailing id: the ship and its departure date.'),
  line: z.string().describe('Cruise line, e.g. "Royal Caribbean International".'),
  ship: z.string().describe('Ship name, e.g. "Icon of the Seas".'),
  region: cruiseRegion,
  departure_port: z.object({
    code: z.string().describe('The port\'s own code, its UN/LOCODE without the country (e.g. "SOU" for Southampton).'),
    locode: z.string().nullable().describe('UN/LOCODE of the port, e.g. "GBSOU".'),
    airport: z.string().nullable().describe('IATA code of the airport to fly into (e.g. "LHR" for Southampton, "MCO" for Port Canaveral), usable as a flight search destination.'),
    name: z.string(),
    country: z.string().describe('ISO 3166-1 alpha-2 country code.'),
  }),
  departure_date: z.string().describe('Embarkation date, YYYY-MM-DD.'),
  return_date: z.string().describe('Disembarkation date, YYYY-MM-DD (at another port when round_trip is false).'),
  nights: z.number().int(),
  round_trip: z.boolean().describe('True when the cruise ends where it began.'),
  itinerary: z.array(z.object({
    day: z.number().int(),
    port: z.string().nullable().describe('Port of call; null on a day at sea.'),
    country: z.string().nullable(),
    sea_day: z.boolean(),
  })).describe('Day by day, embarkation first.'),
  currency: z.string().describe('ISO 4217 code of every amount of this sailing.'),
  price_per_person: z.object({ interior: amount.optional(), oceanview: amount.optional(), balcony: amount.optional(), suite: amount.optional() })
    .describe('Cruise fare per person sharing a double cabin, before taxes and fees: the cabin class asked for, or every class still on sale.'),
  cheapest_cabin: cruiseCabin.describe('The cabin class total_for_party is priced in.'),
  taxes_and_fees_per_person: amount.describe('Taxes, fees and port expenses per person.'),
  total_for_party: amount.describe('Cheapest cabin fare per person for every guest (a solo traveller pays the double-occupancy fare twice, the usual single supplement), plus taxes and fees per guest.'),
});

export type SailingOut = z.output<typeof SailingSchema>;

/** The sailing priced for the party, or null when it does not sell the cabin class asked for (or prices it inconsistently). */
export function toSailingOut(s: CruiseSailing, cabin: CruiseCabin | undefined, guests: number): SailingOut | null {
  const priced = CRUISE_CABINS.flatMap((c) => {
    const fare = s.pricePerPerson[c];
    return fare !== undefined && (cabin === undefined || c === cabin) ? [{ cabin: c, fare }] : [];
  });
  const cheapest = priced.reduce<(typeof priced)[number] | undefined>((best, p) => (best === undefined || toMinor(p.fare) < toMinor(best.fare) ? p : best), undefined);
  // A party total cannot add fares and fees in different currencies.
  if (!cheapest || s.taxesAndFeesPerPerson.currency !== cheapest.fare.currency) return null;
  const currency = cheapest.fare.currency;
  const farePayers = guests === 1 ? 2 : guests; // a solo traveller pays for both berths
  const totalMinor = toMinor(cheapest.fare) * farePayers + toMinor(s.taxesAndFeesPerPerson) * guests;
  const first = s.itinerary[0]?.port;
  return {
    id: s.id,
    line: s.line,
    ship: s.ship,
    region: s.region,
    departure_port: s.departurePort,
    departure_date: s.departureDate,
    return_date: s.returnDate,
    nights: s.nights,
    round_trip: first !== undefined && first !== null && s.itinerary.at(-1)?.port === first,
    itinerary: s.itinerary.map((d) => ({ day: d.day, port: d.port, country: d.country, sea_day: d.seaDay })),
    currency,
    price_per_person: Object.fromEntries(priced.map((p) => [p.cabin, p.fare.amount])),
    cheapest_cabin: cheapest.cabin,
    taxes_and_fees_per_person: s.taxesAndFeesPerPerson.amount,
    total_for_party: fromMinor(totalMinor, currency).amount,
  };
}

/** Cheapest party total first; then the earlier departure. */
export function compareSailings(a: SailingOut, b: SailingOut): number {
  return a.total_for_party - b.total_for_party || a.departure_date.localeCompare(b.departure_date) || a.id.localeCompare(b.id);
}

function normalize(s: string): string {
  return s.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/[^a-z0-9]+/g, ' ').trim();
}

/** True when the sailing's line contains the words asked for ("royal_caribbean" finds Royal Caribbean International). */
export function lineMatches(line: string, asked: string): boolean {
  const words = normalize(asked);
  return words !== '' && normalize(line).includes(words);
}
