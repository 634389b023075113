// flights.self_connect: two separate tickets through a hub when together they
// cost less than the cheapest through fare, each pair labelled with its risks.
import { defineTool } from '../../_kit/define-tool.js';
import type { ToolContext } from '../../_kit/context.js';
import { toMinor } from '../../_kit/money.js';
import { findAirport, findMetroCity } from '../../_kit/reference/airports.js';
import type { FlightResult } from '../flight-result.js';
import { SELF_CONNECT_HUBS, findHub, type SelfConnectHub } from './hubs.js';
import { SAFETY_MARGIN_MIN, majorOf, pairLegs, type Pair } from './pairing.js';
import { greatCircleKm } from '../../_kit/reference/great-circle.js';
import { mapLimit } from '../../_kit/map-limit.js';
import { flightsOf, searchCash } from './run-search.js';
import { SelfConnectRequest, SelfConnectResponse } from './schemas.js';
import { estimateHubs, legLow, pickHubs } from './hub-fares.js';
import { callerPlaybook } from '../../playbook/caller-playbook.js';
import type { SelfConnectRisk } from '../../playbook/playbook-store.js';

/** Distance via the hub may be at most this multiple of the direct distance, for hubs chosen by detour alone. */
export const MAX_DETOUR = 1.3;
/** The wider ring whose hubs may be chosen by their legs' observed fares. */
export const MAX_FARE_DETOUR = 2;
/** Hubs searched: each costs two or three one-way searches, so this bounds the upstream calls and CPU. */
const MAX_HUBS = 6;
/** Of those, at most this many chosen by fare. */
const FARE_HUBS = 3;
/** A cautious traveller's margin above the hub minimum, instead of SAFETY_MARGIN_MIN. */
export const CAUTIOUS_MARGIN_MIN = 120;

/** The request's tolerance, else the saved playbook's, else comfortable (the finder's behaviour before playbooks). */
async function riskFor(ctx: ToolContext, asked: SelfConnectRisk | undefined): Promise<{ risk: SelfConnectRisk; source: 'request' | 'playbook' | 'default' }> {
  if (asked) return { risk: asked, source: 'request' };
  const saved = await callerPlaybook(ctx);
  return saved ? { risk: saved.selfConnectRisk, source: 'playbook' } : { risk: 'comfortable', source: 'default' };
}
const CONCURRENCY = 4;

const airportFor = (code: string) => findMetroCity(code)?.airports[0] ?? code;
const round4 = (n: number) => Math.round(n * 10_000) / 10_000;

interface Candidate {
  hub: SelfConnectHub;
  detour: number;
  chosenBy: 'request' | 'fare' | 'detour';
  estimateMinor: number | null;
}

/** Hubs named in the request, or those chosen by their legs' fares (wider ring) and by detour. */
async function candidateHubs(ctx: ToolContext, q: { origin: string; destination: string; date: string; cabin: string; currency: string }, chosen: readonly string[] | undefined): Promise<Candidate[]> {
  const a = findAirport(q.origin);
  const b = findAirport(q.destination);
  if (!a || !b) return [];
  const direct = greatCircleKm(a, b);
  const pool = chosen ? chosen.map((c) => findHub(c)).filter((h): h is SelfConnectHub => h !== undefined) : [...SELF_CONNECT_HUBS.items];
  const ring = pool
    .filter((h) => h.iata !== q.origin && h.iata !== q.destination)
    .map((hub) => {
      const h = findAirport(hub.iata)!;
      return { hub, detour: direct > 0 ? (greatCircleKm(a, h) + greatCircleKm(h, b)) / direct : Infinity };
    });
  if (chosen) return ring.sort((x, y) => x.detour - y.detour).slice(0, MAX_HUBS).map((c) => ({ ...c, chosenBy: 'request', estimateMinor: null }));
  const wide = ring.filter((c) => c.detour <= MAX_FARE_DETOUR);
  const [estimates, throughMinor] = await Promise.all([estimateHubs(ctx, wide, q), legLow(ctx, q.origin, q.destination, q.date, q.cabin, q.currency)]);
  const picked = pickHubs(estimates, { max: MAX_HUBS, byFare: FARE_HUBS, closeDetour: MAX_DETOUR, throughMinor });
  return picked.map((e) => ({ hub: e.hub, detour: e.detour, chosenBy: e.byFare ? 'fare' : 'detour', estimateMinor: e.estimateMinor }));
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function pairsThrough(ctx: ToolContext, hub: SelfConnectHub, q: { origin: string; destination: string; date: string; cabin: string; currency: string; margin: number }) {
  const firstLegs = await searchCash(ctx, { origin: q.origin, destination: hub.iata, date: q.date, cabin: q.cabin, currency: q.currency, maxStops: 0 });
  // Onward flights the same local day as an arrival, or the next morning.
  const days = new Set<string>();
  for (const r of firstLegs) if (r.arriving_at) { days.add(r.arriving_at.slice(0, 10)); days.add(nextDay(r.arriving_at.slice(0, 10))); }
  const onward = await mapLimit([...days].sort(), 2, (day) => searchCash(ctx, { origin: hub.iata, destination: q.destination, date: day, cabin: q.cabin, currency: q.currency, maxStops: 0 }));
  const secondLegs = onward.flat();
  const originCountry = findAirport(q.origin)?.country;
  const destinationCountry = findAirport(q.destination)?.country;
  const international = originCountry !== hub.country || destinationCountry !== hub.country;
  return { legsIn: firstLegs.length, legsOut: secondLegs.length, pairs: pairLegs({ hub, international, firstLegs, secondLegs, currency: q.currency, marginMinutes: q.margin }) };
}

function legView(r: FlightResult) {
  return {
    carrier: r.carrier, flights: flightsOf(r), origin: r.origin, destination: r.destination,
    departing_at: r.departing_at ?? '', arriving_at: r.arriving_at ?? '', price: r.price ?? 0, currency: r.currency ?? '', result_id: r.id, offer_id: r.offer_id,
  };
}

function itineraryView(p: Pair, currency: string, throughMinor: number | null) {
  const savingsMinor = throughMinor === null ? null : throughMinor - p.totalMinor;
  return {
    type: 'self_connect' as const,
    hub: p.hub.iata,
    legs: [legView(p.first), legView(p.second)],
    total: majorOf(p.totalMinor, currency),
    currency,
    savings: savingsMinor === null ? null : majorOf(savingsMinor, currency),
    savings_percent: savingsMinor === null || !throughMinor ? null : Math.round((savingsMinor / throughMinor) * 1000) / 10,
    layover_minutes: p.layoverMinutes,
    min_connection_minutes: p.mctMinutes,
    margin_minutes: p.layoverMinutes - p.mctMinutes,
    risks: p.risks,
  };
}

export const selfConnectTool = defineTool({
  name: 'flights.self_connect',
  title: 'Find self-connect itineraries',
  description:
    'Builds itineraries from two separate one-way tickets through a hub airport when together they cost less than the cheapest through fare. ' +
    `Hubs come from a dataset of about ${SELF_CONNECT_HUBS.items.length} airports (self-transfer minimums, terminals, visa needs; APPROXIMATE, as of ${SELF_CONNECT_HUBS.asOf}), ` +
    `the ${MAX_HUBS - FARE_HUBS} smallest detours (at most ${MAX_DETOUR}× the direct distance), then up to ${FARE_HUBS} hubs within ${MAX_FARE_DETOUR}× whose two legs were cheapest in recent searches, then more small detours (${MAX_HUBS} in all), or given in \`hubs\`. Legs are nonstop cash fares for one adult from the ordinary flight search. ` +
    `A pair is kept only when the second flight leaves at least the hub’s self-transfer minimum plus ${SAFETY_MARGIN_MIN} min after the first lands, the same day or the next morning. ` +
    'Every itinerary carries risk labels: bags_recheck, min_connection (minimum, layover and margin), terminal_change, transit_visa and missed_connection_unprotected. ' +
    'The answer has the through fare and the self-connect list (cheapest first), or an empty list with the reason. ' +
    `risk (else the caller's saved playbook, else comfortable): comfortable keeps the ${SAFETY_MARGIN_MIN} min margin, cautious requires ${CAUTIOUS_MARGIN_MIN} min, ` +
    'avoid returns no self-connect itineraries (only the through fare) and says why.',
  area: 'Flight search and upgrades',
  input: SelfConnectRequest,
  output: SelfConnectResponse,
  errors: [],
  auth: 'optional',
  rest: { method: 'POST', path: '/api/flights/self-connect' },
  mcp: {
    name: 'find_self_connect',
    description:
    'Two separate one-way tickets through a hub that together cost less than the cheapest through fare. Answers through_fare and self_connect options, ' +
    'cheapest first, with risk labels (bags_recheck, min_connection, terminal_change, transit_visa, missed_connection_unprotected), or an empty list with ' +
    'the reason. risk sets the connection margin (else the playbook\'s). Hub data is approximate.',
    annotations: { title: 'Find self-connect itineraries', readOnlyHint: true, idempotentHint: true, openWorldHint: true },
  },
  handler: async (ctx, input) => {
    const origin = airportFor(input.origin);
    const destination = airportFor(input.destination);
    const { risk, source } = await riskFor(ctx, input.risk);
    const margin = risk === 'cautious' ? CAUTIOUS_MARGIN_MIN : SAFETY_MARGIN_MIN;
    const q = { origin, destination, date: input.departure_date, cabin: input.cabin_class, currency: input.currency, margin };
    // Avoiding self-connects: no hub is searched, so no upstream call is spent on an answer nobody wants.
    const hubs = risk === 'avoid' ? [] : await candidateHubs(ctx, q, input.hubs);
    // The through fare and the hubs are searched side by side; hubs a few at a time.
    const [through, perHub] = await Promise.all([
      searchCash(ctx, { origin, destination, date: q.date, cabin: q.cabin, currency: q.currency }),
      mapLimit(hubs, CONCURRENCY, (h) => pairsThrough(ctx, h.hub, q)),
    ]);
    const cheapest = through[0];
    const throughMinor = cheapest && cheapest.price !== null ? toMinor({ amount: cheapest.price, currency: input.currency }) : null;
    const all = perHub.flatMap((h) => h.pairs).filter((p) => throughMinor === null || p.totalMinor < throughMinor).sort((a, b) => a.totalMinor - b.totalMinor);
    const list = all.slice(0, input.max_results).map((p) => itineraryView(p, input.currency, throughMinor));
    let reason: string | null = null;
    if (risk === 'avoid') {
      reason = `Self-connect itineraries are avoided (${source === 'request' ? 'risk "avoid" in the request' : 'your playbook'}): separate tickets leave a missed connection unprotected. ` +
        'Send risk "cautious" or "comfortable" to see them.';
    } else if (!hubs.length) reason = `No hub in the dataset lies within ${MAX_DETOUR}× the direct distance of ${origin}–${destination}.`;
    else if (!list.length && perHub.every((h) => h.pairs.length === 0)) reason = `No pair of flights through the hubs meets the self-transfer minimum plus the ${margin} min safety margin on this date.`;
    else if (!list.length) reason = 'Separate tickets through the hubs cost more than the cheapest through fare on this date.';
    return {
      origin, destination, departure_date: input.departure_date, cabin: input.cabin_class, currency: input.currency, safety_margin_minutes: margin, risk, risk_source: source,
      through_fare: cheapest && cheapest.price !== null
        ? { price: cheapest.price, currency: cheapest.currency ?? input.currency, carrier: cheapest.carrier, route: cheapest.route, stops: cheapest.stops, flights: flightsOf(cheapest), result_id: cheapest.id }
        : null,
      hubs_considered: hubs.map((h, i) => ({
        iata: h.hub.iata, detour_ratio: round4(h.detour), chosen_by: h.chosenBy,
        estimated_legs: h.estimateMinor === null ? null : majorOf(h.estimateMinor, input.currency), legs_in: perHub[i]?.legsIn ?? 0, legs_out: perHub[i]?.legsOut ?? 0,
      })),
      self_connect: list,
      reason,
      hub_data: { as_of: SELF_CONNECT_HUBS.asOf, sources: [...SELF_CONNECT_HUBS.sources], note: SELF_CONNECT_HUBS.note },
    };
  },
});
