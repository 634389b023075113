import type { AnyTool } from '../_kit/define-tool.js';
import { searchAwardsTool } from './search-awards.js';

export const AWARDS_TOOLS: readonly AnyTool[] = [searchAwardsTool];
