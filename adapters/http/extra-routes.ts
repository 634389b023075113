import { OAUTH_PATHS } from '../../oauth/index.js';
import { PAGE_ROUTES } from './pages/pages-router.js';
import type { HttpMethod } from '../../tools/_kit/define-tool.js';

/** The authorization server's routes (oauth/), served by its own router. */
const OAUTH_ROUTES: { method: HttpMethod; path: string }[] = [
  { method: 'GET', path: OAUTH_PATHS.asMetadata },
  { method: 'GET', path: OAUTH_PATHS.prmMetadata },
  { method: 'GET', path: OAUTH_PATHS.prmMetadataMcp },
  { method: 'GET', path: OAUTH_PATHS.authorize },
  { method: 'POST', path: OAUTH_PATHS.authorize },
  { method: 'POST', path: OAUTH_PATHS.token },
  { method: 'POST', path: OAUTH_PATHS.register },
  { method: 'POST', path: OAUTH_PATHS.revoke },
];

/** Routes served by adapters rather than tools. */
export const ADAPTER_ROUTES: { method: HttpMethod; path: string }[] = [
  { method: 'POST', path: '/mcp' },
  { method: 'GET', path: '/mcp' },
  { method: 'DELETE', path: '/mcp' },
  { method: 'GET', path: '/openapi.json' },
  { method: 'POST', path: '/api/webhooks/stripe' },
  ...OAUTH_ROUTES,
  ...PAGE_ROUTES.map(({ method, path }) => ({ method, path })),
];

/** Routes the spec does not list that we serve on purpose, with why. */
export const DELIBERATE_ADDITIONS: { method: HttpMethod; path: string; why: string }[] = [
  ...PAGE_ROUTES,
  { method: 'GET', path: '/openapi.json', why: 'the machine-readable contract the SDKs are generated from' },
  { method: 'POST', path: '/api/keys', why: 'the authenticated route that mints API keys (identity issue)' },
  { method: 'GET', path: '/api/keys', why: "lists the caller's API keys" },
  { method: 'DELETE', path: '/api/keys/{key_id}', why: 'revokes an API key' },
  { method: 'GET', path: '/api/keys/{key_id}/usage', why: 'per-day usage of an API key' },
  { method: 'POST', path: '/api/account/plan', why: 'changes the caller\'s plan and records the change (issue 24: the developer dashboard chooses a plan)' },
  { method: 'POST', path: '/api/account/plan/checkout', why: 'chooses a plan, paying for a paid one through a Stripe Checkout Session when Stripe is configured (issue 24)' },
  { method: 'POST', path: '/api/account/plan/checkout/{session_id}', why: 'after Stripe Checkout: moves the plan once Stripe says the session is paid (issue 24)' },
  { method: 'POST', path: '/api/webhooks/stripe', why: 'Stripe reports payments and refunds here (signed raw body), so a booking learns of money that moved outside its own calls' },
  { method: 'POST', path: '/api/booking/card-payments/{payment_intent_id}/confirm', why: 'server-side card confirmation: lets the whole checkout run without a browser on the card simulator, and the back end charge saved cards live' },
  { method: 'GET', path: '/api/deals', why: 'REST twin of the MCP tool list_deals (flight, points, card and hotel deals), so it is in OpenAPI' },
  { method: 'GET', path: '/api/awards/search', why: 'REST twin of the MCP tool search_awards: award space over a date range and several destinations (issue 23)' },
  { method: 'GET', path: '/api/flights/calendar', why: 'REST twin of the MCP tool search_calendar (issue 8 asks for a REST route)' },
  { method: 'POST', path: '/api/flights/prediction', why: 'REST twin of the MCP tool get_prediction (issue 8 asks for a REST route)' },
  { method: 'POST', path: '/api/account/webhooks', why: 'registers an account webhook endpoint; its signing secret is shown once (webhooks issue)' },
  { method: 'GET', path: '/api/account/webhooks', why: "lists the caller's webhook endpoints, never their secrets" },
  { method: 'DELETE', path: '/api/account/webhooks/{webhook_id}', why: 'deletes a webhook endpoint and its delivery log' },
  { method: 'POST', path: '/api/account/webhooks/{webhook_id}/rotate-secret', why: 'new signing secret; the old one co-signs for 24 h' },
  { method: 'GET', path: '/api/account/webhooks/{webhook_id}/deliveries', why: 'the delivery log of a webhook endpoint (status, attempts, next attempt)' },
  { method: 'POST', path: '/api/flights/self-connect', why: 'self-connect routing: separate tickets through a hub with risk labels (fare intelligence issue)' },
  { method: 'POST', path: '/api/flights/geo-pricing', why: 'geo-pricing: one itinerary priced at several points of sale, normalised at stated rates (fare intelligence issue)' },
  { method: 'DELETE', path: '/api/trips/{trip_id}/share/{share_id}', why: 'revokes a trip share link (issue 9: share links "can be revoked")' },
  { method: 'PATCH', path: '/api/user/playbook', why: 'changes only the fields sent (issue 23: PUT is a full replace, as HTTP says)' },
  { method: 'PATCH', path: '/api/trips/{trip_id}/expenses/{expense_id}', why: 'corrects an expense (issue 23: records people can correct)' },
  { method: 'DELETE', path: '/api/trips/{trip_id}/expenses/{expense_id}', why: 'deletes an expense (issue 23)' },
  { method: 'PATCH', path: '/api/trips/{trip_id}/activities/{activity_id}', why: 'corrects an activity (issue 23)' },
  { method: 'DELETE', path: '/api/trips/{trip_id}/activities/{activity_id}', why: 'deletes an activity (issue 23)' },
  { method: 'PATCH', path: '/api/trips/{trip_id}/travelers/{member_id}', why: 'changes a member\'s role or details (issue 23)' },
  { method: 'DELETE', path: '/api/trips/{trip_id}/travelers/{member_id}', why: 'removes a member, or leaves a trip (issue 23)' },
  { method: 'POST', path: '/api/trips/{trip_id}/settlements', why: 'records a settle-up payment (issue 23)' },
  { method: 'DELETE', path: '/api/trips/{trip_id}/settlements/{settlement_id}', why: 'undoes a settle-up payment (issue 23)' },
  { method: 'GET', path: '/api/booking/seat-map', why: 'the seat map (Duffel seat_maps) to choose held seats from, with others\' holds shown taken (issue 18: seats for real)' },
  ...OAUTH_ROUTES.map((r) => ({ ...r, why: 'the OAuth 2.1 authorization server that MCP connectors need (identity issue)' })),
];
