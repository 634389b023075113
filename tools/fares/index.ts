import type { AnyTool } from '../_kit/define-tool.js';
import { searchCalendarTool } from './calendar.js';
import { farePredictionTool } from './predict.js';

export const FARES_TOOLS: readonly AnyTool[] = [searchCalendarTool, farePredictionTool];
