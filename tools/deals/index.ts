import type { AnyTool } from '../_kit/define-tool.js';
import { alertsDealsTool } from './deals-feed.js';
import { dealsListTool } from './list-deals.js';

export const DEALS_TOOLS: readonly AnyTool[] = [alertsDealsTool, dealsListTool];
