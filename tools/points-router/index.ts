import type { AnyTool } from '../_kit/define-tool.js';
import { pointsRouterHealthTool } from './health.js';
import { pointsRouterPathsTool } from './paths.js';

export const POINTS_ROUTER_TOOLS: readonly AnyTool[] = [
  pointsRouterPathsTool,
  pointsRouterHealthTool,
];
