import type { AwardOffer, AwardProvider, FlightQuery, ProviderMode } from '../../../tools/_kit/providers.js';
import type { ProviderPolicy } from '../http/resilience.js';
import { INLINE_DECODING, type DecodePool } from '../http/decode-pool.js';
import { seatsAeroPage } from '../http/decoders.js';
import type { HttpResponse, HttpTransport } from '../http/transport.js';
import { createSeatsAeroClient, readJson } from './client.js';
import { WIRE_CABIN } from './map-availability.js';
import { fetchRangePage } from './range-search.js';

// The AwardProvider port over seats.aero's cached search. The same code runs
// against the real API (httpTransport) and the simulator (simulatedTransport).

/** seats.aero's default page size; a single route and day fits in one page. */
const PAGE_SIZE = 500;

export function createSeatsAeroProvider(opts: { transport: HttpTransport; apiKey: string; policy: ProviderPolicy; mode: ProviderMode; decode?: DecodePool }): AwardProvider {
  const client = createSeatsAeroClient({ transport: opts.transport, apiKey: opts.apiKey });
  const decode = opts.decode ?? INLINE_DECODING;

  async function oneWay(query: FlightQuery, origin: string, destination: string, date: string, signal: AbortSignal): Promise<AwardOffer[]> {
    // Each page parsed and mapped in a decode thread when there are some; inline otherwise or when that fails.
    const read = async (res: HttpResponse) => (await decode.decode(res, 'seats-aero-page', query.cabin)) ?? seatsAeroPage(await readJson(res), query.cabin);
    const perRow = await client.cachedSearchRead(
      {
        origin,
        destination,
        startDate: date,
        endDate: date,
        cabins: [WIRE_CABIN[query.cabin]],
        includeTrips: true,
        take: PAGE_SIZE,
        orderBy: 'lowest_mileage',
        onlyDirect: query.maxConnections === 0,
      },
      signal,
      read,
    );
    const travellers = query.adults + query.children; // lap infants take no seat
    const maxConnections = query.maxConnections;
    return perRow.flat().filter((o) => {
      // Known seat counts below the party size cannot be booked; unknown ones might be.
      if (o.seatsRemaining !== null && o.seatsRemaining < travellers) return false;
      if (maxConnections === undefined) return true;
      if (maxConnections === 0 && !o.direct) return false;
      return o.slices.every((s) => s.segments.length - 1 <= maxConnections);
    });
  }

  return {
    name: 'seats_aero',
    mode: opts.mode,
    searchAwards(query, signal) {
      const origin = query.origin.toUpperCase();
      const destination = query.destination.toUpperCase();
      return opts.policy.run(
        async (inner) => {
          // A round trip is two one-way award searches; seats.aero prices each direction alone.
          const legs = [oneWay(query, origin, destination, query.departureDate, inner)];
          if (query.returnDate) legs.push(oneWay(query, destination, origin, query.returnDate, inner));
          return (await Promise.all(legs)).flat();
        },
        { idempotent: true, signal, isEmpty: (offers) => offers.length === 0 },
      );
    },
    searchAwardRange(query, signal) {
      return opts.policy.run((inner) => fetchRangePage({ transport: opts.transport, apiKey: opts.apiKey }, query, inner), { idempotent: true, signal });
    },
  };
}
