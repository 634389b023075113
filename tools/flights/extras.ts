import type { AnyTool } from '../_kit/define-tool.js';
import { geoPricingTool } from './geo-pricing/compare.js';
import { selfConnectTool } from './self-connect/find.js';
import { upgradeOptionsTool } from './upgrades/options.js';

// Fare-intelligence extras around flight search: self-connect routing,
// point-of-sale comparison and upgrade options.
export const FLIGHT_EXTRA_TOOLS: readonly AnyTool[] = [selfConnectTool, geoPricingTool, upgradeOptionsTool];
