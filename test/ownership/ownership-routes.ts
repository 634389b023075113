import { randomInt } from 'node:crypto';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { TOOLS } from '../../tools/index.js';

// Which REST routes the ownership matrix must exercise, derived from the tool
// registry (never listed by hand), and the small helpers that make "another
// caller learns nothing" comparable: an unknown id of the same shape, and a body
// with the ids masked.
//
// The rule. A route is in the matrix when
//  1. one of its input keys (path, query or body; top level) names something that
//     belongs to someone: OWNED_ID_KEY (payment intents, car and hotel quotes,
//     orders and bookings, change requests and change offers of an order, and the
//     3-D Secure `resource_id`, which may name an order), or
//  2. it is a seat route (/api/booking/seat-*): offer ids are the same for everyone,
//     but on those routes the offer id scopes the caller's own seat holds.
// Every other id-like input key (…_id, …_token, token) must be listed in NOT_OWNED
// with the reason it names nothing of anyone's own, or is guarded by another
// area's own tests. A new id-like key that is in neither list fails the matrix,
// and so does a new route with an owned key that the matrix cannot exercise, so
// coverage cannot shrink silently.

export const OWNED_ID_KEY = /^(payment_intent|quote|order|booking|change_request|change_offer|resource)_id$/;
export const SEAT_ROUTE = /^\/api\/booking\/seat-/;
export const ID_LIKE_KEY = /(^|_)(id|token)$/;

export const NOT_OWNED: Readonly<Record<string, string>> = {
  offer_id: 'a flight offer: a search result, the same for everyone who runs the search (on the seat routes it scopes the caller\'s holds, so those are in the matrix by rule 2)',
  segment_id: 'a leg of a public offer\'s seat map',
  offer_token: 'a car rate from a search, the same for everyone who searches',
  search_result_id: 'a hotel search result: public inventory',
  rate_id: 'a hotel rate: public inventory (locking it makes a quote, whose quote_id is owned)',
  hotel_id: 'a property: public inventory',
  card_id: 'a card token from the provider\'s card component; nothing is stored under it here (the 3-D Secure route is in the matrix through resource_id)',
  client_token: 'a guest\'s proof of paying a flight provider payment intent, sent with its payment_intent_id (the route is in the matrix through that id)',
  user_id: 'names a user, not a resource: who may act for whom is the auth rules\' business (test/identity.test.ts, test/trips/access.test.ts)',
  acting_user_id: 'the back end\'s acting user (internal key only): test/trips/access.test.ts',
  traveller_user_id: 'the traveller an agent books for: the booking made is then theirs (checked by booking.get in this matrix)',
  key_id: 'API keys: test/identity.test.ts',
  session_id: 'a Stripe Checkout Session for a plan: another user\'s answers 404 like an unknown one (test/account/plan-checkout.test.ts)',
  alert_id: 'fare alerts: test/alerts/routes.test.ts',
  webhook_id: 'webhook endpoints: test/webhooks/routes.test.ts',
  traveler_id: 'saved travellers: test/travelers/routes.test.ts',
  trip_id: 'trips and their members: test/trips/access.test.ts',
  share_id: 'trip share links: test/trips/share-votes.test.ts',
  token: 'a trip share link\'s own secret: test/trips/share-votes.test.ts',
  poll_id: 'a trip poll: test/trips/share-votes.test.ts',
  expense_id: 'a trip expense, reached only through its trip: test/trips/corrections.test.ts',
  activity_id: 'a trip activity, reached only through its trip: test/trips/corrections.test.ts',
  member_id: 'a trip member, reached only through its trip: test/trips/corrections.test.ts',
  settlement_id: 'a trip settle-up payment, reached only through its trip: test/trips/corrections.test.ts',
  option_id: 'a trip poll option: test/trips/share-votes.test.ts',
};

export interface RegistryRoute {
  /** "METHOD /path", as the registry binds it. */
  route: string;
  tool: string;
  auth: string;
  /** The owned id keys it takes (empty for a seat route that takes none besides offer_id). */
  ownedKeys: string[];
}

const inputKeys = (tool: AnyTool): string[] => Object.keys(tool.input.shape);

export function routeOf(tool: AnyTool): string | null {
  return tool.rest ? `${tool.rest.method} ${tool.rest.path}` : null;
}

/** The matrix's routes, and any id-like input key the rule does not know. */
export function ownershipRoutes(tools: readonly AnyTool[] = TOOLS): { routes: RegistryRoute[]; unclassified: string[] } {
  const routes: RegistryRoute[] = [];
  const unclassified: string[] = [];
  for (const tool of tools) {
    const route = routeOf(tool);
    if (!route || !tool.rest) continue;
    const keys = inputKeys(tool);
    const pathKeys = [...tool.rest.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    const all = [...new Set([...keys, ...pathKeys])];
    const ownedKeys = all.filter((k) => OWNED_ID_KEY.test(k));
    for (const k of all) {
      if (ID_LIKE_KEY.test(k) && !OWNED_ID_KEY.test(k) && !(k in NOT_OWNED)) unclassified.push(`${route} (${tool.name}): ${k}`);
    }
    if (ownedKeys.length > 0 || SEAT_ROUTE.test(tool.rest.path)) {
      routes.push({ route, tool: tool.name, auth: typeof tool.auth === 'string' ? tool.auth : JSON.stringify(tool.auth), ownedKeys });
    }
  }
  return { routes, unclassified };
}

// MCP-only tools (no REST binding) take camelCase arguments. The same rule: an argument
// naming a booking, an order, a payment intent or a quote (a confirmation token is a
// quote of the caller's, bound to them) puts the tool in the matrix; every other
// id-like argument must be listed as not owned.

export const OWNED_MCP_ARG = /^(bookingRef|bookingId|orderId|paymentIntentId|quoteId|changeOfferId|changeRequestId|confirmationToken)$/;
export const ID_LIKE_MCP_ARG = /(Id|Ref|Token)$/;
export const MCP_NOT_OWNED: Readonly<Record<string, string>> = {
  offerId: NOT_OWNED.offer_id!,
  offerToken: NOT_OWNED.offer_token!,
  rateId: NOT_OWNED.rate_id!,
  searchResultId: NOT_OWNED.search_result_id!,
  tripId: NOT_OWNED.trip_id!,
  alertId: NOT_OWNED.alert_id!,
  optionId: NOT_OWNED.option_id!,
  segmentId: NOT_OWNED.segment_id!,
  passengerId: 'a passenger slot of a public offer\'s seat map',
};

export interface McpOnlyTool {
  name: string;
  tool: string;
  ownedArgs: string[];
}

/** MCP-only tools whose arguments name something owned, and any id-like argument the rule does not know. */
export function ownershipMcpTools(tools: readonly AnyTool[] = TOOLS): { tools: McpOnlyTool[]; unclassified: string[] } {
  const out: McpOnlyTool[] = [];
  const unclassified: string[] = [];
  for (const tool of tools) {
    if (tool.rest || !tool.mcp) continue;
    const args = Object.keys((tool.mcp.input ?? tool.input).shape);
    for (const a of args) if (ID_LIKE_MCP_ARG.test(a) && !OWNED_MCP_ARG.test(a) && !(a in MCP_NOT_OWNED)) unclassified.push(`${tool.mcp.name} (${tool.name}): ${a}`);
    const ownedArgs = args.filter((a) => OWNED_MCP_ARG.test(a));
    if (ownedArgs.length > 0) out.push({ name: tool.mcp.name, tool: tool.name, ownedArgs });
  }
  return { tools: out, unclassified };
}

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();
const pick = (set: string) => set[randomInt(set.length)]!;

/**
 * An id of the same shape that names nothing: the prefix up to the last `_` (and any
 * `provider:`) is kept, every other character is replaced by a random one of its class.
 */
export function sameShape(id: string): string {
  const cut = id.lastIndexOf('_') + 1;
  const head = id.slice(0, cut);
  const tail = id.slice(cut).replace(/./g, (c) => (DIGITS.includes(c) ? pick(DIGITS) : LOWER.includes(c) ? pick(LOWER) : UPPER.includes(c) ? pick(UPPER) : c));
  return head + tail;
}

/** Every spelling of an id an answer may echo: as sent, and without a `provider:` prefix. */
function spellings(id: string): string[] {
  const bare = id.replace(/^[a-z]+:/, '');
  return bare === id ? [id] : [id, bare];
}

/**
 * The body as text with every id in `ids` replaced by <id>, longest first (so a bare id
 * inside a prefixed one is not half-replaced), and an error's own `request_id` (new on
 * every request, so it tells nobody anything) replaced by <request>.
 */
export function masked(body: string, ids: readonly string[]): string {
  const all = [...new Set(ids.flatMap(spellings))].filter((s) => s.length >= 4).sort((a, b) => b.length - a.length);
  let out = body.replace(/"request_id":"[^"]*"/g, '"request_id":"<request>"');
  for (const s of all) out = out.split(s).join('<id>');
  return out;
}
