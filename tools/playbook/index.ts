import type { AnyTool } from '../_kit/define-tool.js';
import { getPlaybookTool } from './get-playbook.js';
import { patchPlaybookTool } from './patch-playbook.js';
import { putPlaybookTool } from './put-playbook.js';
import { updatePlaybookTool } from './update-playbook.js';

export const PLAYBOOK_TOOLS: readonly AnyTool[] = [getPlaybookTool, putPlaybookTool, patchPlaybookTool, updatePlaybookTool];
