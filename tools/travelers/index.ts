import type { AnyTool } from '../_kit/define-tool.js';
import { deleteTravelerTool } from './delete-traveler.js';
import { listTravelersTool } from './list-travelers.js';
import { saveTravelerTool } from './save-traveler.js';

export const TRAVELERS_TOOLS: readonly AnyTool[] = [listTravelersTool, saveTravelerTool, deleteTravelerTool];
