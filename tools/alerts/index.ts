import type { AnyTool } from '../_kit/define-tool.js';
import { createAlertTool } from './create-alert.js';
import { deleteAlertTool } from './delete-alert.js';
import { listAlertsTool } from './list-alerts.js';
import { manageAlertsMcpTool } from './manage-alerts-mcp.js';

export const ALERTS_TOOLS: readonly AnyTool[] = [createAlertTool, listAlertsTool, deleteAlertTool, manageAlertsMcpTool];
