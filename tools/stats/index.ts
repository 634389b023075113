import type { AnyTool } from '../_kit/define-tool.js';
import { statsPublicTool } from './public-stats.js';
import { statsTrendingTool } from './trending.js';

export const STATS_TOOLS: readonly AnyTool[] = [statsTrendingTool, statsPublicTool];
