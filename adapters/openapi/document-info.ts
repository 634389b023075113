import type { InfoObject, ServerObject, TagObject } from 'openapi3-ts/oas31';
import { API_VERSION } from '../../tools/health/version.js';

// The parts of openapi.json a reader meets first: the introduction (rendered at the
// top of /docs), where to send requests, the licence and what each tag groups.

const INTRODUCTION = `Travel search, booking and points service. Every operation here is also reachable as an MCP tool at \`/mcp\` where it is exposed there.

## Getting started

\`npm install && npm start\` serves this API on \`http://localhost:8080\` with embedded defaults (no database, cache or provider accounts needed; providers are deterministic simulators). Then:

\`\`\`sh
curl 'http://localhost:8080/api/places/suggest?query=lisbon&limit=3'
curl -N -X POST http://localhost:8080/api/search -H 'content-type: application/json' \\
  -d '{"origin":"JFK","destination":"LHR","departure_date":"2027-03-14","cabin_class":"business"}'
\`\`\`

Search answers as Server-Sent Events: \`result\` events as each provider answers, then \`complete\`; a stream that fails part-way ends with an \`error\` event. Typed clients generated from this document are in \`sdk/typescript\` and \`sdk/python\`.

## Authentication

Search, places, deals and health need no credentials. Everything tied to a person (bookings, trips, alerts, travelers, keys) needs \`Authorization: Bearer <token>\`, where the token is an API key (\`POST /api/keys\`) or an OAuth 2.1 / OpenID Connect access token. A key or token carries scopes (each operation lists what it needs in \`x-required-scopes\`): a missing or invalid credential is a 401, a valid one without the right is a 403. The web app's own server uses \`X-Internal-Key\` instead.

## Errors

Bad input is a 422 with FastAPI's \`HTTPValidationError\` body (\`detail\` lists each field at fault). Every other error is an \`ErrorResponse\`: \`detail\` (what went wrong), a stable \`code\` and a \`hint\` (what to do next). A dependency that is down is a 503 with \`Retry-After\`. Every answer carries \`X-Request-Id\`, and every error body the same id as \`request_id\`; quote it when reporting a problem.

## Idempotency

Operations that move money accept an \`Idempotency-Key\` header: a retry with the same key and body replays the first answer instead of doing the work twice; the same key with another body is refused.

## Rate limits

Callers that send a key or token are metered per plan. Metered answers carry \`RateLimit\` and \`RateLimit-Policy\` (IETF draft fields); over the limit the answer is 429 with \`Retry-After\` in seconds.`;

export const INFO: InfoObject = {
  title: 'Deal Engine API',
  version: API_VERSION,
  description: INTRODUCTION,
  // SPDX identifier (OpenAPI 3.1 license.identifier).
  license: { name: 'MIT', identifier: 'MIT' },
};

export const SERVERS: ServerObject[] = [
  // Relative: the server this document is served from (`npm start`: http://localhost:8080).
  { url: '/', description: 'The server that serves this document; `npm start` runs one on http://localhost:8080' },
];

/** One entry per tool area (tools/**: `area`), in the order /docs lists them. */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'Flight search and upgrades': 'Live flight search across providers (a Server-Sent Events stream), the fare calendar and price prediction, self-connect itineraries, geo pricing and upgrade options.',
  'Flight booking': 'Offers, payment, booking, holds, changes, cancellations and extras for flights, plus place suggestions.',
  Seats: 'Seat maps, seat holds and their confirmation or release.',
  Hotels: 'Hotel search, award nights, rates, locked-price quotes and stay bookings.',
  'Cars and cruises': 'Car rental search, quotes and bookings, and cruise search.',
  Points: 'Loyalty programmes: transfer partners, bonuses, sweet spots and the best way to pay with points.',
  Alerts: 'Price alerts and the deals feed.',
  Trips: 'Group trips: members, activities, shared expenses, budgets, votes and share links.',
  'Traveler profiles': "The caller's saved travellers, used to fill in bookings.",
  Playbook: "The caller's travel preferences (home airports, airlines, programme balances) that shape search and advice.",
  Account: 'API keys and their usage.',
  Webhooks: 'Webhook endpoints, signing secrets and delivery history.',
  Stats: 'Public and trending statistics.',
  'Health and version': 'Liveness, readiness, dependency and provider health, and the running version.',
  'Agent-tool endpoint': 'The MCP (Model Context Protocol) endpoint for AI agents: the same tools as MCP calls.',
};

/** Declared tags for every tag the operations use (test/openapi.test.ts checks each area has a description above). */
export function tagsFor(used: ReadonlySet<string>): TagObject[] {
  const ordered = [...Object.keys(TAG_DESCRIPTIONS).filter((t) => used.has(t)), ...[...used].filter((t) => !(t in TAG_DESCRIPTIONS)).sort()];
  return ordered.map((name) => ({ name, description: TAG_DESCRIPTIONS[name] ?? `Operations of the ${name} area.` }));
}
