import type { AnyTool } from '../_kit/define-tool.js';
import { authConfigTool } from './auth-config.js';
import { healthDeepTool } from './health-deep.js';
import { healthTool } from './health.js';
import { providersHealthTool } from './providers.js';
import { versionTool } from './version.js';

export const HEALTH_TOOLS: readonly AnyTool[] = [
  healthTool,
  healthDeepTool,
  authConfigTool,
  versionTool,
  providersHealthTool,
];
