import type { AnyTool } from '../_kit/define-tool.js';
import { changePlanTool } from './change-plan.js';
import { createKeyTool } from './create-key.js';
import { keyUsageTool } from './key-usage.js';
import { listKeysTool } from './list-keys.js';
import { planCheckoutFinishTool, planCheckoutTool } from './plan-checkout.js';
import { revokeKeyTool } from './revoke-key.js';

export const ACCOUNT_TOOLS: readonly AnyTool[] = [
  createKeyTool,
  listKeysTool,
  revokeKeyTool,
  keyUsageTool,
  changePlanTool,
  planCheckoutTool,
  planCheckoutFinishTool,
];
