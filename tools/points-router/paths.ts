import { defineTool } from '../_kit/define-tool.js';
import type { AwardOffer, FlightQuery } from '../_kit/providers.js';
import { findMetroCity } from '../_kit/reference/airports.js';
import { PathsRequest, type PathsInput } from './paths-request.js';
import { applyMinCpp, routerInputs } from './playbook-defaults.js';
import { rankRedemptions } from './rank-redemptions.js';
import { PathsAnswer } from './router-answer.js';
import { graphFor, routerCatalog } from './router-graph.js';
import { routeFacts } from './route-facts.js';

// points_router.paths: the ranked ways to pay for one flight with the caller's
// points. The award provider is asked once; everything after is rankRedemptions.

const airportFor = (code: string): string => findMetroCity(code)?.airports[0] ?? code;

function toQuery(input: PathsInput, origin: string, destination: string): FlightQuery {
  return { origin, destination, departureDate: input.departure_date, adults: input.passengers, children: 0, infants: 0, cabin: input.cabin_class, currency: input.currency };
}

export const pointsRouterPathsTool = defineTool({
  name: 'points_router.paths',
  title: 'Rank ways to pay for a flight with points',
  description:
    'Given one flight (origin, destination, date, cabin), its cash price and the points and miles the caller holds, ranks the ways to book it with points. ' +
    'It reads live award availability from the award provider (seats.aero) for that day and cabin and, for each programme with space, finds how to get the miles: ' +
    'miles already held in that programme (used first), then transfers from the caller\'s bank or hotel currencies over the transfer graph (multi-hop; of the k best per source, the cheapest plus any faster alternative), ' +
    'with amounts rounded to each transfer\'s minimum and increment, the active transfer bonus, the transfer time, whether the award can be held before transferring, ' +
    'and the effective cents per point = (cash − taxes) ÷ points spent × 100 (US cents), judged excellent (≥ 1.5 × the source currency\'s reference value), good (≥ 1.0 ×) or poor. ' +
    'Programmes the provider does not track get their chart price, marked availability "unconfirmed" and ranked below live space. ' +
    'Paths the balances cannot cover are listed apart in short_by with the shortfall. A path that transfers to an award that cannot be held carries a warning: transfers cannot be undone. ' +
    'If the award provider fails, the answer still comes, with chart prices only and award_data "unavailable". ' +
    'Signed-in callers may omit balances and min_cpp: the programmes and floor saved in their playbook are used, and balances_source / min_cpp_source say so. ' +
    'Covered paths worth less than min_cpp are set aside in below_min_cpp.',
  area: 'Points',
  input: PathsRequest,
  output: PathsAnswer,
  errors: [],
  auth: 'optional',
  scopes: ['read'],
  rest: { method: 'POST', path: '/api/points-router/paths' },
  mcp: false,
  handler: async (ctx, input) => {
    const wallet = await routerInputs(ctx, input);
    const origin = airportFor(input.origin);
    const destination = airportFor(input.destination);
    let awards: AwardOffer[] = [];
    let providerAnswered = true;
    try {
      awards = await ctx.services.providers.awards.searchAwards(toQuery(input, origin, destination), ctx.signal);
    } catch (err) {
      // Chart prices still help: answer with those rather than failing the whole route.
      if (ctx.signal.aborted) throw err;
      ctx.log.warn({ err }, 'award provider failed; answering with chart prices');
      providerAnswered = false;
    }
    const now = ctx.services.clock();
    const ranked = rankRedemptions(graphFor(now).graph, awards, wallet.balances, input.cash_price, {
      catalog: routerCatalog(),
      route: routeFacts(origin, destination, input.cabin_class),
      passengers: input.passengers,
      k: input.k,
      currency: input.currency,
      now,
      providerAnswered,
    });
    return {
      ...ranked,
      ...applyMinCpp(ranked, wallet.minCpp, input.cash_price, input.currency),
      balances_source: wallet.balancesSource,
      min_cpp: wallet.minCpp,
      min_cpp_source: wallet.minCppSource,
      award_data: providerAnswered ? ('live' as const) : ('unavailable' as const),
      cash_price: input.cash_price,
      currency: input.currency,
      passengers: input.passengers,
    };
  },
});
