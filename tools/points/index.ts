import type { AnyTool } from '../_kit/define-tool.js';
import { buyCalculatorTool } from './buy-calculator.js';
import { optimizePointsTool } from './optimize.js';
import { pointsPartnersTool } from './partners.js';
import { pointsPathsTool } from './paths.js';
import { pointsInfoMcpTool } from './points-info-mcp.js';
import { pointsProgramsTool } from './programs.js';
import { sweetSpotsTool } from './sweetspots.js';
import { pointsTransferBonusesCheckTool } from './transfer-bonuses-check.js';
import { pointsTransferBonusesTool } from './transfer-bonuses.js';

export const POINTS_TOOLS: readonly AnyTool[] = [
  pointsInfoMcpTool,
  optimizePointsTool,
  buyCalculatorTool,
  sweetSpotsTool,
  pointsProgramsTool,
  pointsPartnersTool,
  pointsPathsTool,
  pointsTransferBonusesTool,
  pointsTransferBonusesCheckTool,
];
