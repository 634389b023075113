import type { AnyTool } from './_kit/define-tool.js';
import { assertRegistry } from './_kit/registry-checks.js';
import { ACCOUNT_TOOLS } from './account/index.js';
import { ADMIN_TOOLS } from './admin/index.js';
import { ALERTS_TOOLS } from './alerts/index.js';
import { AWARDS_TOOLS } from './awards/index.js';
import { BOOKING_TOOLS } from './booking/index.js';
import { CARS_TOOLS } from './cars/index.js';
import { CRUISES_TOOLS } from './cruises/index.js';
import { DEALS_TOOLS } from './deals/index.js';
import { FARES_TOOLS } from './fares/index.js';
import { FLIGHTS_TOOLS } from './flights/index.js';
import { HEALTH_TOOLS } from './health/index.js';
import { HOTELS_TOOLS } from './hotels/index.js';
import { PLACES_TOOLS } from './places/index.js';
import { PLAYBOOK_TOOLS } from './playbook/index.js';
import { POINTS_TOOLS } from './points/index.js';
import { POINTS_ROUTER_TOOLS } from './points-router/index.js';
import { STATS_TOOLS } from './stats/index.js';
import { TRAVELERS_TOOLS } from './travelers/index.js';
import { TRIPS_TOOLS } from './trips/index.js';
import { WEBHOOKS_TOOLS } from './webhooks/index.js';

/**
 * The registry: every capability of the service, area by area. Each area is a folder
 * whose index.ts lists its tools (adding a tool: one file and one line there). REST
 * routes, MCP tools and the OpenAPI document are all derived from this list.
 */
export const TOOLS: readonly AnyTool[] = [
  ...HEALTH_TOOLS,
  ...PLACES_TOOLS,
  ...FLIGHTS_TOOLS,
  ...ACCOUNT_TOOLS,
  ...ADMIN_TOOLS,
  ...BOOKING_TOOLS,
  ...CARS_TOOLS,
  ...HOTELS_TOOLS,
  ...CRUISES_TOOLS,
  ...POINTS_TOOLS,
  ...POINTS_ROUTER_TOOLS,
  ...FARES_TOOLS,
  ...AWARDS_TOOLS,
  ...ALERTS_TOOLS,
  ...DEALS_TOOLS,
  ...STATS_TOOLS,
  ...WEBHOOKS_TOOLS,
  ...TRIPS_TOOLS,
  ...TRAVELERS_TOOLS,
  ...PLAYBOOK_TOOLS,
];

assertRegistry(TOOLS);
