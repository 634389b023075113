import { OpenApiBuilder, type OpenAPIObject, type PathItemObject } from 'openapi3-ts/oas31';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { API_VERSION } from '../../tools/health/version.js';
import { SCHEMAS, SECURITY_SCHEMES } from './components.js';
import { mcpPathItem } from './mcp-path.js';
import { buildOperation } from './operation.js';

/** The OpenAPI 3.1 document, derived entirely from the tool registry. */
export function buildOpenApi(tools: readonly AnyTool[]): OpenAPIObject {
  const builder = OpenApiBuilder.create({
    openapi: '3.1.0',
    info: {
      title: 'Deal Engine API',
      version: API_VERSION,
      description: 'Travel search, booking and points service. Every operation here is also reachable as an MCP tool at /mcp where it is exposed there.',
    },
    paths: {},
    components: {},
  });
  for (const [name, schema] of Object.entries(SCHEMAS)) builder.addSchema(name, schema);
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) builder.addSecurityScheme(name, scheme);

  const paths = new Map<string, PathItemObject>();
  for (const tool of tools) {
    if (!tool.rest) continue;
    const item = paths.get(tool.rest.path) ?? {};
    item[tool.rest.method.toLowerCase() as 'get'] = buildOperation(tool);
    paths.set(tool.rest.path, item);
  }
  paths.set('/mcp', mcpPathItem());
  for (const path of [...paths.keys()].sort()) builder.addPath(path, paths.get(path) as PathItemObject);
  return builder.getSpec();
}
