import type { AnyTool } from '../_kit/define-tool.js';
import { suggestPlacesTool } from './suggest.js';

export const PLACES_TOOLS: readonly AnyTool[] = [
  suggestPlacesTool,
];
