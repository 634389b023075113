import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import { resolvePlace } from './pick-up-place.js';
import { saveRates, type RateSnapshot } from './rate-snapshot.js';
import { rateView } from './rate-view.js';
import { rentalPeriod } from './rental-period.js';
import { CarRateView, CarSearchRequest } from './schemas.js';
import { listCarRates } from './search-filters.js';

const SearchOutput = z.object({
  search_id: z.string(),
  days: z.number().int().describe('Rental days billed: 24-hour periods, 29 minutes grace.'),
  rates: z.array(CarRateView),
  count: z.number().int().describe('Rates in this answer.'),
  total_found: z.number().int().describe('Rates matching the filters, all pages.'),
  next_offset: z.number().int().nullable(),
});

/** A model reads the cheapest rates; hundreds of near-identical cars would only fill its context. */
const MCP_RATES = 25;

export const carSearchTool = defineTool({
  name: 'cars.search',
  title: 'Search rental cars',
  description:
    'Rental car rates for a pick-up and drop-off place and local time and the driver\'s age. Each rate names the supplier, the car (ACRISS code, category, transmission, seats, bags), the mileage policy, the payment type and its terms (free cancellation until when, fuel policy, collision damage and theft cover, excess, deposit). ' +
    'Filters: max_price, car_class, car_type, supplier, transmission, free_cancellation; sort by price (default), seats or supplier; a page of `limit` from `offset` (next_offset, total_found). ' +
    'flow "legacy" rates are paid at the counter: book them with cars.payment_intent (our service fee and add-ons by card) then cars.book. ' +
    'flow "partner" rates are prepaid partner deals we sell: cars.quote, pay the quoted total by card, then cars.partner_book.',
  area: 'Cars and cruises',
  input: CarSearchRequest,
  output: SearchOutput,
  errors: ['UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE', 'UNPROCESSABLE'],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/cars/search' },
  mcp: {
    name: 'search_cars',
    description:
      'Rental car rates, cheapest first. pickUp {place, at}, dropOff {place (default pick-up), at}: place an IATA airport/city code or coordinates, at local YYYY-MM-DDTHH:MM; ' +
      'driverAge, residenceCountry; filters maxPrice, carClass, carType, supplier, transmission, freeCancellation; sort. Each rate: offer_token, supplier, car, mileage, ' +
      'flow (legacy: pay at the counter; partner: prepaid), total, per_day, terms (cancellation, fuel, cover, deposit). Next: quote_car, then book_car.',
    annotations: { title: 'Search rental cars', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: true },
    // REST pages by offset; here `limit` and `more` do (offset still skips).
    fromOutput: (out) => ({ ...out, rates: out.rates.slice(0, MCP_RATES), next_offset: null }),
    list: { field: 'rates', defaultLimit: 10, maxLimit: MCP_RATES, totalField: 'total_found' },
  },
  handler: async (ctx, input) => {
    const pickUp = resolvePlace(input.pick_up.place, 'pick_up.place');
    const dropOff = input.drop_off.place === undefined ? pickUp : resolvePlace(input.drop_off.place, 'drop_off.place');
    const period = rentalPeriod({ at: input.pick_up.at, timeZone: pickUp.timeZone }, { at: input.drop_off.at, timeZone: dropOff.timeZone }, ctx.services.clock());
    let search;
    try {
      search = await ctx.services.providers.cars.search(
        {
          pickUp: { at: input.pick_up.at, location: pickUp.location, radiusKm: pickUp.radiusKm },
          dropOff: { at: input.drop_off.at, location: dropOff.location, radiusKm: dropOff.radiusKm },
          driverAge: input.driver_age,
          residenceCountryCode: input.residence_country,
        },
        ctx.signal,
      );
    } catch (err) {
      throw isProviderError(err) ? providerToolError(err) : err;
    }
    const snapshots: RateSnapshot[] = search.rates.map((rate) => ({ rate, period, searchId: search.id }));
    const now = ctx.services.clock();
    const { page, total, nextOffset } = listCarRates(snapshots, input, now);
    // Only the listed rates can be quoted; the others are a search away.
    await saveRates(ctx, page);
    const rates = page.map((s) => rateView(s, now));
    return { search_id: search.id, days: period.days, rates, count: rates.length, total_found: total, next_offset: nextOffset };
  },
});
