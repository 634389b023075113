import type { AnyTool } from './_kit/define-tool.js';
import { assertRegistry } from './_kit/registry-checks.js';
import { createKeyTool } from './account/create-key.js';
import { keyUsageTool } from './account/key-usage.js';
import { listKeysTool } from './account/list-keys.js';
import { revokeKeyTool } from './account/revoke-key.js';
import { adminProviderHealthTool } from './admin/provider-health.js';
import { searchFlightsTool } from './flights/search.js';
import { authConfigTool } from './health/auth-config.js';
import { healthDeepTool } from './health/health-deep.js';
import { healthTool } from './health/health.js';
import { providersHealthTool } from './health/providers.js';
import { versionTool } from './health/version.js';
import { suggestPlacesTool } from './places/suggest.js';

/**
 * The registry: every capability of the service, listed explicitly. REST routes,
 * MCP tools and the OpenAPI document are all derived from this list.
 */
export const TOOLS: readonly AnyTool[] = [
  healthTool,
  healthDeepTool,
  authConfigTool,
  versionTool,
  providersHealthTool,
  suggestPlacesTool,
  searchFlightsTool,
  createKeyTool,
  listKeysTool,
  revokeKeyTool,
  keyUsageTool,
  adminProviderHealthTool,
] as AnyTool[];

assertRegistry(TOOLS);
