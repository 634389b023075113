import type { AnyTool } from '../_kit/define-tool.js';
import { adminProviderHealthTool } from './provider-health.js';

export const ADMIN_TOOLS: readonly AnyTool[] = [
  adminProviderHealthTool,
];
