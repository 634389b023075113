import type { AnyTool } from '../_kit/define-tool.js';
import { searchCruisesTool } from './search.js';

export const CRUISES_TOOLS: readonly AnyTool[] = [
  searchCruisesTool,
];
