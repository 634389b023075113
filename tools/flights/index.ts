import type { AnyTool } from '../_kit/define-tool.js';
import { searchFlightsTool } from './search.js';
import { geoPricingTool } from './geo-pricing/compare.js';
import { selfConnectTool } from './self-connect/find.js';
import { upgradeOptionsTool } from './upgrades/options.js';

export const FLIGHTS_TOOLS: readonly AnyTool[] = [
  searchFlightsTool,
  selfConnectTool,
  geoPricingTool,
  upgradeOptionsTool,
];
