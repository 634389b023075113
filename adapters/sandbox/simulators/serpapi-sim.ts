import type { CabinClass } from '../../../tools/_kit/providers.js';
import { findAirport } from '../../../tools/_kit/reference/airports.js';
import type { HttpRequest } from '../../providers/http/transport.js';
import {
  NO_RESULTS_MESSAGE,
  type SerpApiAirportInfo,
  type SerpApiFlightOption,
  type SerpApiFlightsResponse,
  type SerpApiLayover,
  type SerpApiLeg,
  type SerpApiPriceInsights,
} from '../../providers/serpapi/wire.js';
import { hash32, timeBucket, unit } from './seeded.js';
import type { SimResponse, WireSimulator } from './sim-transport.js';
import { airlineInfo, cabinOffered, cashPrice, distanceKm, fareBrands, itineraries, typicalPrice } from './world/index.js';
import type { FareBrand, ScheduledFlight, ScheduledItinerary } from './world/types.js';

// SerpApi's Google Flights engine, answered from the simulated world. Google
// shows every airline (Duffel's gaps included), prices the party in whole units
// of the asked currency, and splits round trips in two calls joined by a
// departure_token. Tokens are stateless: the query and chosen flights, signed.

export interface SerpApiSimulator extends WireSimulator {
  /** A successful search that found nothing, as SerpApi words it (for fakes that inject one). */
  noResults(req: HttpRequest, now: Date): SimResponse;
}

interface SimQuery {
  origin: string;
  destination: string;
  outboundDate: string;
  returnDate?: string;
  cabin: CabinClass;
  adults: number;
  children: number;
  lapInfants: number;
  currency: string;
  /** SerpApi `stops`: 0 any, 1 nonstop, 2 ≤1 stop, 3 ≤2 stops. */
  stops: number;
  /** Google's country (`gl`), lower case; absent means the US market. */
  gl?: string;
  /** Multi-city (type 3): every leg in order; origin, destination and outboundDate are the first leg's. */
  legs?: SimLeg[];
}

interface SimLeg {
  origin: string;
  destination: string;
  date: string;
}

interface Token {
  q: SimQuery;
  out: string;
  ret?: string;
  /** Multi-city: the itinerary keys of the legs chosen so far, in order. */
  chosen?: string[];
}

type Priced = { itin: ScheduledItinerary; usd: number };

const CABINS: readonly CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];
const CLASS_LABEL: Record<CabinClass, string> = { economy: 'Economy', premium_economy: 'Premium Economy', business: 'Business', first: 'First' };
/** Approximate, fixed rates per USD so prices stay deterministic. */
const USD_RATES: Record<string, number> = {
  USD: 1, EUR: 0.92, GBP: 0.79, CAD: 1.37, AUD: 1.52, NZD: 1.66, JPY: 150, CHF: 0.88, SEK: 10.5, NOK: 10.7, DKK: 6.9, PLN: 4,
  MXN: 18, BRL: 5.4, INR: 84, SGD: 1.34, HKD: 7.8, CNY: 7.2, KRW: 1350, THB: 35, AED: 3.67, ZAR: 18.3,
};
/** CO2 grams per passenger-km in economy, and cabin multipliers (premium cabins take more floor space). */
const GRAMS_PER_KM = { short: 115, long: 85 };
const CABIN_EMISSIONS: Record<CabinClass, number> = { economy: 1, premium_economy: 1.5, business: 2.9, first: 4 };
const MAX_RESULTS = 30;
const DAY_MS = 86_400_000;

/** Country names as Google writes them; one formatter, as making one costs more than the lookup. */
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

/** The cheapest of a carrier's brands (fareBrands lists are kept, so their cheapest is too). */
const cheapestOf = new WeakMap<readonly FareBrand[], FareBrand | undefined>();
function cheapestBrand(brands: readonly FareBrand[]): FareBrand | undefined {
  if (!cheapestOf.has(brands)) cheapestOf.set(brands, [...brands].sort((a, b) => a.priceFactor - b.priceFactor)[0]);
  return cheapestOf.get(brands);
}

const fail = (status: number, error: string): SimResponse => ({ status, body: { error } });
const isDate = (s: string | undefined): s is string => !!s && /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`));
const logo = (carrier: string) => `https://www.gstatic.com/flights/airline_logos/70px/${carrier}.png`;
const wireTime = (local: string) => local.slice(0, 16).replace('T', ' ');
const minutesBetween = (fromLocal: string, toLocal: string) => Math.round((Date.parse(`${toLocal}Z`) - Date.parse(`${fromLocal}Z`)) / 60_000);
const utcStamp = (at: Date) => `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;

function params(req: HttpRequest): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) out[k] = String(v);
  return out;
}

/** Most legs Google Flights takes in one multi-city search. */
const MAX_LEGS = 6;

/** The legs of a multi-city search (`multi_city_json`), or the 400 message. */
function readLegs(raw: string | undefined): SimLeg[] | string {
  if (!raw) return '`multi_city_json` is required if `type` is `3` (Multi-city).';
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return 'Invalid `multi_city_json` parameter: not JSON.';
  }
  if (!Array.isArray(parsed) || parsed.length < 2 || parsed.length > MAX_LEGS) return `\`multi_city_json\` must list 2 to ${MAX_LEGS} legs.`;
  const legs: SimLeg[] = [];
  for (const item of parsed as unknown[]) {
    const leg = (item ?? {}) as Record<string, unknown>;
    const [from, to, date] = [leg.departure_id, leg.arrival_id, leg.date];
    if (typeof from !== 'string' || !findAirport(from) || typeof to !== 'string' || !findAirport(to)) return 'Invalid `multi_city_json` leg: use airport IATA codes.';
    if (from.toUpperCase() === to.toUpperCase()) return 'Invalid `multi_city_json` leg: `departure_id` and `arrival_id` must differ.';
    if (typeof date !== 'string' || !isDate(date)) return 'Invalid `multi_city_json` leg date. Use YYYY-MM-DD.';
    if (legs.length && date < legs.at(-1)!.date) return '`multi_city_json` legs must be in date order.';
    legs.push({ origin: from.toUpperCase(), destination: to.toUpperCase(), date });
  }
  return legs;
}

/** Validates like SerpApi: a string is the 400 message. */
function readQuery(sent: Record<string, string>): SimQuery | string {
  if (sent.engine !== 'google_flights') return 'Unsupported `engine` parameter.';
  const type = sent.type ?? '1';
  const legs = type === '3' ? readLegs(sent.multi_city_json) : undefined;
  if (typeof legs === 'string') return legs;
  // A multi-city search is read as its first leg plus the legs.
  const p = legs ? { ...sent, departure_id: legs[0]!.origin, arrival_id: legs[0]!.destination, outbound_date: legs[0]!.date } : sent;
  for (const name of ['departure_id', 'arrival_id'] as const) {
    if (!p[name]) return `Missing \`${name}\` parameter.`;
    if (!findAirport(p[name])) return `Unsupported \`${name}\` - ${p[name]}. Use an airport IATA code.`;
  }
  if (p.departure_id!.toUpperCase() === p.arrival_id!.toUpperCase()) return '`departure_id` and `arrival_id` must differ.';
  if (type !== '1' && type !== '2' && type !== '3') return 'Invalid `type` parameter.';
  if (!isDate(p.outbound_date)) return 'Missing or invalid `outbound_date` parameter. Use YYYY-MM-DD.';
  if (type === '1' && !isDate(p.return_date)) return '`return_date` is required if `type` is `1` (Round trip).';
  if (type === '1' && p.return_date! < p.outbound_date) return '`return_date` can\'t be before `outbound_date`.';
  const cabin = CABINS[Number(p.travel_class ?? '1') - 1];
  if (!cabin) return 'Invalid `travel_class` parameter.';
  const currency = (p.currency ?? 'USD').toUpperCase();
  if (!USD_RATES[currency]) return `Unsupported \`currency\` parameter - ${currency}.`;
  const count = (v: string | undefined, dflt: number) => (v === undefined ? dflt : Number(v));
  const [adults, children, lapInfants, stops] = [count(p.adults, 1), count(p.children, 0), count(p.infants_on_lap, 0), count(p.stops, 0)];
  if (![adults, children, lapInfants].every((n) => Number.isInteger(n) && n >= 0 && n <= 9) || adults < 1) return 'Invalid passenger counts.';
  if (lapInfants > adults) return 'Each infant on lap needs an adult.';
  if (![0, 1, 2, 3].includes(stops)) return 'Invalid `stops` parameter.';
  const gl = p.gl?.toLowerCase();
  if (gl !== undefined && !/^[a-z]{2}$/.test(gl)) return `Unsupported \`gl\` parameter - ${p.gl}.`;
  return {
    origin: p.departure_id!.toUpperCase(), destination: p.arrival_id!.toUpperCase(), outboundDate: p.outbound_date,
    ...(type === '1' ? { returnDate: p.return_date! } : {}), cabin, adults, children, lapInfants, currency, stops,
    ...(gl && gl !== 'us' ? { gl } : {}),
    ...(legs ? { legs } : {}),
  };
}

export function createSerpApiSimulator(opts: { seed: string; mistakeFareRate?: number }): SerpApiSimulator {
  const { seed } = opts;
  const mistakeFareRate = opts.mistakeFareRate ?? 0;

  const sign = (token: Token): string => {
    const json = JSON.stringify(token);
    return `${Buffer.from(json).toString('base64url')}.${hash32(seed, 'serpapi-token', json).toString(36)}`;
  };
  const verify = (raw: string): Token | undefined => {
    const [payload, sum] = raw.split('.');
    if (!payload || !sum) return undefined;
    const json = Buffer.from(payload, 'base64url').toString('utf8');
    if (hash32(seed, 'serpapi-token', json).toString(36) !== sum) return undefined;
    try {
      return JSON.parse(json) as Token;
    } catch {
      return undefined;
    }
  };

  /**
   * The price level of a point of sale on a route: airlines file some markets
   * 3–15 % under the US one and others a little over. Fixed per market and route
   * pair, so geo-pricing comparisons repeat.
   */
  const marketFactor = (q: SimQuery): number => {
    if (!q.gl) return 1;
    const pair = q.origin < q.destination ? `${q.origin}-${q.destination}` : `${q.destination}-${q.origin}`;
    return unit(seed, 'pos', q.gl, pair) < 0.45 ? 1 - (0.03 + 0.12 * unit(seed, 'pos-depth', q.gl, pair)) : 1 + 0.04 * unit(seed, 'pos-up', q.gl, pair);
  };

  /** Whole units of the asked currency for the party: lap infants pay about a tenth. */
  const partyPrice = (usdPerPerson: number, q: SimQuery) =>
    Math.round(usdPerPerson * marketFactor(q) * (q.adults + q.children + 0.1 * q.lapInfants) * USD_RATES[q.currency]!);

  /** Google shows the cheapest fare brand. */
  const fareUsd = (itin: ScheduledItinerary, cabin: CabinClass, at: Date): number | null => {
    const brand = cheapestBrand(fareBrands(itin.owner, cabin));
    return cashPrice(itin, cabin, { searchedAt: at, channel: 'serpapi', mistakeFareRate, ...(brand ? { brand } : {}) })?.total ?? null;
  };

  const priced = (origin: string, destination: string, date: string, q: SimQuery, at: Date): Priced[] => {
    const maxConnections = q.stops === 0 ? undefined : ((q.stops - 1) as 0 | 1 | 2);
    const limit = maxConnections ?? 2;
    const out: Priced[] = [];
    for (const itin of itineraries(origin, destination, date, maxConnections === undefined ? {} : { maxConnections })) {
      if (itin.segments.length - 1 > limit || !cabinOffered(itin, q.cabin)) continue;
      const usd = fareUsd(itin, q.cabin, at);
      if (usd !== null) out.push({ itin, usd });
    }
    return out;
  };

  const leg = (f: ScheduledFlight, cabin: CabinClass): SerpApiLeg => {
    const grams = legGrams(f, cabin);
    const roll = unit(seed, 'leg', f.carrier, f.flightNumber, f.departLocal);
    const legroom = cabin === 'economy' ? 30 + Math.floor(roll * 3) : cabin === 'premium_economy' ? 38 : undefined;
    const seat = legroom === undefined
      ? f.distanceKm > 3000 ? 'Lie flat seat' : 'Extra reclining seat'
      : `${legroom === 30 ? 'Below average' : legroom === 31 ? 'Average' : 'Above average'} legroom (${legroom} in)`;
    return {
      departure_airport: { name: findAirport(f.origin)?.name ?? f.origin, id: f.origin, time: wireTime(f.departLocal) },
      arrival_airport: { name: findAirport(f.destination)?.name ?? f.destination, id: f.destination, time: wireTime(f.arriveLocal) },
      duration: f.durationMinutes,
      airplane: f.aircraft,
      airline: airlineInfo(f.carrier)?.name ?? f.carrier,
      airline_logo: logo(f.carrier),
      travel_class: CLASS_LABEL[cabin],
      flight_number: `${f.carrier} ${f.flightNumber}`,
      ...(legroom !== undefined ? { legroom: `${legroom} in` } : {}),
      extensions: [seat, roll < 0.5 ? 'Wi-Fi for a fee' : 'Free Wi-Fi', 'In-seat power & USB outlets', `Carbon emissions estimate: ${Math.round(grams / 1000)} kg`],
      ...(f.arriveLocal.slice(0, 10) !== f.departLocal.slice(0, 10) ? { overnight: true } : {}),
      ...(unit(seed, 'delay', f.carrier, f.flightNumber) < 0.08 ? { often_delayed_by_over_30_min: true } : {}),
    };
  };

  const legGrams = (f: ScheduledFlight, cabin: CabinClass) =>
    f.distanceKm * (f.distanceKm < 1500 ? GRAMS_PER_KM.short : GRAMS_PER_KM.long) * CABIN_EMISSIONS[cabin] * (0.9 + 0.2 * unit(seed, 'co2', f.aircraft));

  const option = (itin: ScheduledItinerary, price: number, q: SimQuery, token: { departure_token: string } | { booking_token: string }): SerpApiFlightOption => {
    const segs = itin.segments;
    const layovers: SerpApiLayover[] = segs.slice(1).map((next, i) => {
      const prev = segs[i]!;
      return {
        duration: minutesBetween(prev.arriveLocal, next.departLocal),
        name: findAirport(next.origin)?.name ?? next.origin,
        id: next.origin,
        ...(prev.arriveLocal.slice(0, 10) !== next.departLocal.slice(0, 10) ? { overnight: true } : {}),
      };
    });
    const first = segs[0]!;
    const last = segs[segs.length - 1]!;
    const thisFlight = Math.round(segs.reduce((sum, f) => sum + legGrams(f, q.cabin), 0) / 1000) * 1000;
    const gc = distanceKm(first.origin, last.destination);
    const typical = Math.round((gc * (gc < 1500 ? GRAMS_PER_KM.short : GRAMS_PER_KM.long) * CABIN_EMISSIONS[q.cabin] * 1.05) / 1000) * 1000;
    const carriers = new Set(segs.map((f) => f.carrier));
    return {
      flights: segs.map((f) => leg(f, q.cabin)),
      ...(layovers.length ? { layovers } : {}),
      total_duration: segs.reduce((sum, f) => sum + f.durationMinutes, 0) + layovers.reduce((sum, l) => sum + l.duration, 0),
      carbon_emissions: { this_flight: thisFlight, typical_for_this_route: typical, difference_percent: typical ? Math.round((thisFlight / typical - 1) * 100) : 0 },
      price,
      type: q.legs ? 'Multi-city' : q.returnDate ? 'Round trip' : 'One way',
      airline_logo: carriers.size === 1 ? logo(first.carrier) : logo('multi'),
      ...(airlineInfo(first.carrier)?.lowCost ? { extensions: ['Checked baggage for a fee'] } : {}),
      ...token,
    };
  };

  /** Top ~30 by a price/duration score; the best 3–4 go to best_flights, the rest by price. */
  const arrange = (options: SerpApiFlightOption[]) => {
    if (!options.length) return { best: [], other: [] };
    const minPrice = Math.max(1, Math.min(...options.map((o) => o.price!)));
    const minDuration = Math.max(1, Math.min(...options.map((o) => o.total_duration)));
    const score = (o: SerpApiFlightOption) => o.price! / minPrice + (0.6 * o.total_duration) / minDuration;
    const ranked = [...options].sort((a, b) => score(a) - score(b)).slice(0, MAX_RESULTS);
    const bestCount = ranked.length >= 12 ? 4 : 3;
    return { best: ranked.slice(0, bestCount), other: ranked.slice(bestCount).sort((a, b) => a.price! - b.price!) };
  };

  const airportInfo = (code: string): SerpApiAirportInfo => {
    const a = findAirport(code);
    const region = a ? REGION_NAMES.of(a.country) : undefined;
    return { airport: { id: code, name: a?.name ?? code }, city: a?.city ?? code, country: region ?? a?.country ?? '', country_code: a?.country ?? '' };
  };

  const envelope = (p: Record<string, string>, now: Date, rest: Partial<SerpApiFlightsResponse>): SerpApiFlightsResponse => {
    const echoed = Object.fromEntries(Object.entries(p).filter(([k]) => k !== 'api_key' && k !== 'output' && k !== 'source'));
    const key = JSON.stringify(Object.entries(echoed).sort());
    const id = [1, 2, 3].map((n) => hash32(seed, 'search-id', key, timeBucket(now), n).toString(16).padStart(8, '0')).join('');
    return {
      search_metadata: {
        id, status: 'Success', json_endpoint: `https://serpapi.com/searches/${id}.json`, created_at: utcStamp(now), processed_at: utcStamp(now),
        google_flights_url: 'https://www.google.com/travel/flights?hl=en&gl=us', total_time_taken: Math.round((1.2 + 3 * unit(seed, 'took', id)) * 100) / 100,
      },
      search_parameters: echoed,
      ...rest,
    };
  };

  const noResults = (p: Record<string, string>, now: Date): SimResponse => ({ status: 200, body: envelope(p, now, { error: NO_RESULTS_MESSAGE }) });

  const insights = (q: SimQuery, lowest: number, out: Priced[], ret: Priced[], now: Date): SerpApiPriceInsights => {
    const typicalUsd = typicalPrice(q.origin, q.destination, q.cabin) + (q.returnDate ? typicalPrice(q.destination, q.origin, q.cabin) : 0);
    // The world's typical price is mid-market; Google's range is about the cheapest
    // fare a route usually shows, which sits some 15% below that.
    const typical = partyPrice(typicalUsd * 0.85, q);
    const range: [number, number] = [Math.round(typical * 0.88), Math.round(typical * 1.15)];
    const cheapest = (list: Priced[]) => [...list].sort((a, b) => a.usd - b.usd).slice(0, 8);
    const [outs, rets] = [cheapest(out), cheapest(ret)];
    const history: [number, number][] = [];
    const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
    // 60 days × up to 16 fares: plain loops, as closures made per day showed in profiles.
    const min = (list: Priced[], at: Date) => {
      let low = Infinity;
      for (const p of list) low = Math.min(low, fareUsd(p.itin, q.cabin, at) ?? Infinity);
      return low;
    };
    for (let k = 59; k >= 0; k--) {
      const at = new Date(now.getTime() - k * DAY_MS);
      const usd = min(outs, at) + (q.returnDate ? min(rets, at) : 0);
      if (Number.isFinite(usd)) history.push([(today - k * DAY_MS) / 1000, partyPrice(usd, q)]);
    }
    const level = lowest < range[0] ? 'low' : lowest > range[1] ? 'high' : 'typical';
    return { lowest_price: lowest, price_level: level, typical_price_range: range, price_history: history };
  };

  /**
   * Multi-city, one leg at a time like Google: the options of the leg after the
   * chosen ones, each priced at the whole trip with the cheapest of every later
   * leg; a middle leg's options carry a departure_token, the last leg's a booking_token.
   */
  const multiCityLeg = (p: Record<string, string>, q: SimQuery & { legs: SimLeg[] }, chosenKeys: string[], now: Date): SimResponse => {
    if (q.legs[0]!.date < now.toISOString().slice(0, 10)) return noResults(p, now);
    const perLeg = q.legs.map((l) => priced(l.origin, l.destination, l.date, q, now));
    const chosen = chosenKeys.map((key, i) => perLeg[i]!.find((o) => o.itin.key === key));
    if (chosen.some((c) => c === undefined)) return noResults(p, now);
    const index = chosenKeys.length;
    const later = perLeg.slice(index + 1).map((list) => Math.min(...list.map((o) => o.usd)));
    const here = perLeg[index] ?? [];
    if (!here.length || later.some((usd) => !Number.isFinite(usd))) return noResults(p, now);
    const fixedUsd = chosen.reduce((sum, c) => sum + c!.usd, 0) + later.reduce((sum, usd) => sum + usd, 0);
    const last = index === q.legs.length - 1;
    const options = here.map(({ itin, usd }) => {
      const token = sign({ q, out: chosenKeys[0] ?? itin.key, chosen: [...chosenKeys, itin.key] });
      return option(itin, partyPrice(fixedUsd + usd, q), q, last ? { booking_token: token } : { departure_token: token });
    });
    const { best, other } = arrange(options);
    const leg = q.legs[index]!;
    return { status: 200, body: envelope(p, now, { best_flights: best, other_flights: other, airports: [{ departure: [airportInfo(leg.origin)], arrival: [airportInfo(leg.destination)] }] }) };
  };

  const search = (p: Record<string, string>, q: SimQuery, now: Date): SimResponse => {
    if (q.legs) return multiCityLeg(p, { ...q, legs: q.legs }, [], now);
    if (q.outboundDate < now.toISOString().slice(0, 10)) return noResults(p, now);
    const out = priced(q.origin, q.destination, q.outboundDate, q, now);
    const ret = q.returnDate ? priced(q.destination, q.origin, q.returnDate, q, now) : [];
    const cheapestReturn = Math.min(...ret.map((r) => r.usd));
    if (!out.length || (q.returnDate && !ret.length)) return noResults(p, now);
    const options = out.map(({ itin, usd }) =>
      q.returnDate
        ? option(itin, partyPrice(usd + cheapestReturn, q), q, { departure_token: sign({ q, out: itin.key }) })
        : option(itin, partyPrice(usd, q), q, { booking_token: sign({ q, out: itin.key }) }),
    );
    const { best, other } = arrange(options);
    const lowest = Math.min(...options.map((o) => o.price!));
    return {
      status: 200,
      body: envelope(p, now, {
        best_flights: best, other_flights: other, price_insights: insights(q, lowest, out, ret, now),
        airports: [{ departure: [airportInfo(q.origin)], arrival: [airportInfo(q.destination)] }],
      }),
    };
  };

  const returns = (p: Record<string, string>, token: Token, now: Date): SimResponse => {
    const { q } = token;
    if (q.legs) return token.chosen && token.chosen.length < q.legs.length ? multiCityLeg(p, { ...q, legs: q.legs }, token.chosen, now) : noResults(p, now);
    const chosen = priced(q.origin, q.destination, q.outboundDate, q, now).find((o) => o.itin.key === token.out);
    const ret = chosen && q.returnDate ? priced(q.destination, q.origin, q.returnDate, q, now) : [];
    if (!chosen || !ret.length) return noResults(p, now);
    const options = ret.map(({ itin, usd }) => option(itin, partyPrice(chosen.usd + usd, q), q, { booking_token: sign({ q, out: chosen.itin.key, ret: itin.key }) }));
    const { best, other } = arrange(options);
    return { status: 200, body: envelope(p, now, { best_flights: best, other_flights: other, airports: [{ departure: [airportInfo(q.destination)], arrival: [airportInfo(q.origin)] }] }) };
  };

  return {
    handle(req, now) {
      if (req.method !== 'GET' || (req.path !== '/search' && req.path !== '/search.json')) return fail(404, 'Not found.');
      const p = params(req);
      if (p.booking_token) return fail(400, 'Booking options are not available in this simulator.');
      if (p.departure_token) {
        const token = verify(p.departure_token);
        return token ? returns(p, token, now) : fail(400, 'Invalid `departure_token` parameter.');
      }
      const q = readQuery(p);
      return typeof q === 'string' ? fail(400, q) : search(p, q, now);
    },
    outage: () => fail(503, 'The service is temporarily unavailable. Please try again later.'),
    noResults: (req, now) => noResults(params(req), now),
  };
}
