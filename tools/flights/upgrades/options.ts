// flights.upgrade_options: for a ticket, the paid step up to the next cabin (or
// fare brand) on the same flights, and the points upgrades programmes allow,
// each with its cost and cents per point.
import { defineTool } from '../../_kit/define-tool.js';
import { fromMinor, toMinor } from '../../_kit/money.js';
import { CABIN_CLASSES, type CabinClass } from '../../_kit/providers.js';
import { ToolError } from '../../_kit/errors.js';
import { findAirport, findMetroCity } from '../../_kit/reference/airports.js';
import type { FlightResult } from '../flight-result.js';
import { convert } from '../../_kit/fx-rates.js';
import { greatCircleKm } from '../../_kit/reference/great-circle.js';
import { mapLimit } from '../../_kit/map-limit.js';
import { flightsOf, searchCash } from '../self-connect/run-search.js';
import { nextBrand } from './brand.js';
import { byValue, pointsUpgrades, type PointsUpgrade } from './cpp.js';
import { UPGRADE_PROGRAMS } from './programs.js';
import { UpgradeOptionsRequest, UpgradeOptionsResponse, type UpgradeOptionsInput } from './schemas.js';

const KM_PER_MILE = 1.609344;
const airportFor = (code: string) => findMetroCity(code)?.airports[0] ?? code;
const sameFlights = (r: FlightResult, flights: readonly string[]) => flightsOf(r).join() === flights.join();
const carriersOf = (r: FlightResult) => [...new Set(r.slices.flatMap((s) => s.segments.map((g) => g.carrier)))];

/** The booked flight in today's search: by flight numbers, or the carrier's cheapest. */
function findTicket(results: readonly FlightResult[], input: UpgradeOptionsInput): FlightResult | undefined {
  if (input.flight_numbers) return results.find((r) => sameFlights(r, input.flight_numbers!));
  // A flight the airline flies throughout beats one it only starts.
  return results.find((r) => carriersOf(r).every((c) => c === input.carrier)) ?? results.find((r) => r.carrier === input.carrier);
}

/** A price in `currency`, converted at the reference rate when the search priced in another. */
const inCurrency = (amount: number, from: string, to: string) => (from === to ? amount : convert(amount, from, to).amount);

export const upgradeOptionsTool = defineTool({
  name: 'flights.upgrade_options',
  title: 'Upgrade options for a flight',
  description:
    'For a ticket (origin, destination, departure_date, and flight_numbers or carrier, current_cabin, optionally current_price in currency, offer_id and fare_brand) ' +
    'returns: paid_upgrade — the next cabin sold on the same flights at today’s price and its cost (upgraded − current price); ' +
    'fare_brand_upgrade — the next dearer fare brand in the current cabin, from the booking provider’s offers; ' +
    'points_upgrades — loyalty programmes that upgrade these flights with points (United, American, Delta, British Airways, Miles & More, Air Canada; ' +
    `APPROXIMATE figures as of ${UPGRADE_PROGRAMS.asOf}), each with points, USD co-pay and cpp = (cash difference in USD − co-pay) / points × 100. ` +
    'Without current_price, today’s price of the same flights is used. `explanations` says why an option is missing. Unknown flights on the date: 404.',
  area: 'Flight search and upgrades',
  input: UpgradeOptionsRequest,
  output: UpgradeOptionsResponse,
  errors: ['NOT_FOUND'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/flights/upgrade-options' },
  mcp: {
    name: 'get_upgrade_options',
    description:
    'Upgrade paths for a ticket (flightNumbers or carrier, currentCabin, optionally currentPrice and fareBrand): paid_upgrade (next cabin on the same ' +
    'flights, and the difference), fare_brand_upgrade (next dearer brand), points_upgrades (programs, points, co-pay, cents per point; approximate), and ' +
    'why any is missing.',
    annotations: { title: 'Upgrade options for a flight', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: async (ctx, input): Promise<UpgradeOptionsResponse> => {
    const origin = airportFor(input.origin);
    const destination = airportFor(input.destination);
    const { currency } = input;
    const leg = { origin, destination, date: input.departure_date, currency };
    const ticket = findTicket(await searchCash(ctx, { ...leg, cabin: input.current_cabin }), input);
    if (!ticket) {
      const what = input.flight_numbers ? input.flight_numbers.join('+') : `a ${input.carrier} flight`;
      throw new ToolError('NOT_FOUND', `No ${input.current_cabin} fare found for ${what} from ${origin} to ${destination} on ${input.departure_date}`);
    }
    const flights = flightsOf(ticket);
    const currentPrice = input.current_price ?? inCurrency(ticket.price!, ticket.currency!, currency);
    const explanations: string[] = [];

    const higher = CABIN_CLASSES.slice(CABIN_CLASSES.indexOf(input.current_cabin) + 1) as CabinClass[];
    // Every higher cabin on the same flights: the first sold is the paid upgrade;
    // each one's price difference values the points upgrades into it.
    const found = await mapLimit(higher, 2, async (cabin) => ({ cabin, same: (await searchCash(ctx, { ...leg, cabin })).find((r) => sameFlights(r, flights)) }));
    const differenceMinor = new Map<CabinClass, number>();
    let paid: UpgradeOptionsResponse['paid_upgrade'] = null;
    for (const { cabin, same } of found) {
      if (!same) continue;
      const upgraded = inCurrency(same.price!, same.currency!, currency);
      const costMinor = toMinor({ amount: upgraded, currency }) - toMinor({ amount: currentPrice, currency });
      differenceMinor.set(cabin, costMinor);
      paid ??= { from_cabin: input.current_cabin, to_cabin: cabin, current_price: currentPrice, upgraded_price: upgraded, cost: fromMinor(costMinor, currency).amount, currency, result_id: same.id, offer_id: same.offer_id };
    }
    if (!higher.length) explanations.push('First is the highest cabin: there is no cabin to upgrade to.');
    else if (!paid) explanations.push(`No higher cabin (${higher.join(', ')}) is sold on ${flights.join('+')} on this date.`);

    const brand = await nextBrand(ctx, { ...leg, cabin: input.current_cabin, flights, currentBrand: input.fare_brand ?? null });
    if ('none' in brand) explanations.push(brand.none);

    const a = findAirport(origin);
    const b = findAirport(destination);
    const miles = a && b ? Math.round(greatCircleKm(a, b) / KM_PER_MILE) : 0;
    const usdRate = convert(1, currency, 'USD').rate;
    const upgrades: PointsUpgrade[] = [];
    const notes = new Set<string>();
    for (const toCabin of higher) {
      const diff = differenceMinor.get(toCabin);
      const cashDifferenceUsd = diff === undefined ? null : convert(fromMinor(diff, currency).amount, currency, 'USD').amount;
      const match = pointsUpgrades({ carriers: carriersOf(ticket), fromCabin: input.current_cabin, toCabin, miles, cashDifferenceUsd });
      upgrades.push(...match.upgrades);
      for (const n of match.notes) notes.add(n);
    }
    if (higher.length && !upgrades.length && !notes.size) notes.add(`No programme in the dataset upgrades ${input.current_cabin} on ${flights.join('+')} with points.`);
    explanations.push(...notes);
    if (upgrades.some((u) => u.cpp === null)) explanations.push('Where the higher cabin has no cash price on these flights, cpp cannot be worked out (null).');
    const points = { upgrades: upgrades.sort(byValue) };

    return {
      itinerary: {
        origin, destination, departure_date: input.departure_date, flights, carriers: carriersOf(ticket), cabin: input.current_cabin, current_price: currentPrice, currency,
        price_source: input.current_price !== undefined ? 'request' : 'search', fare_brand: input.fare_brand ?? ticket.fare_brand, offer_id: input.offer_id ?? ticket.offer_id, distance_miles: miles,
      },
      paid_upgrade: paid,
      fare_brand_upgrade: 'none' in brand ? null : {
        cabin: input.current_cabin, from_brand: brand.fromBrand, to_brand: brand.toBrand, from_price: brand.fromPrice, to_price: brand.toPrice,
        cost: fromMinor(toMinor({ amount: brand.toPrice, currency }) - toMinor({ amount: brand.fromPrice, currency }), currency).amount, currency, offer_id: brand.offerId,
      },
      points_upgrades: points.upgrades.map((u) => ({
        program: u.program, program_name: u.programName, unit: u.unit, from_cabin: u.fromCabin, to_cabin: u.toCabin, points: u.points, copay: u.copayUsd, copay_currency: 'USD' as const,
        cash_difference_usd: u.cashDifferenceUsd, cost: `${u.points.toLocaleString('en-US')} ${u.unit}${u.copayUsd ? ` + $${u.copayUsd} co-pay` : ''}`, cpp: u.cpp, status_only: u.statusOnly, eligibility: u.eligibility,
      })),
      explanations,
      usd_rate: usdRate,
      program_data: { as_of: UPGRADE_PROGRAMS.asOf, sources: [...UPGRADE_PROGRAMS.sources], note: UPGRADE_PROGRAMS.note },
    };
  },
});
