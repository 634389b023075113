import { OpenApiBuilder, type OpenAPIObject, type PathItemObject, type SchemaObject } from 'openapi3-ts/oas31';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { API_VERSION } from '../../tools/health/version.js';
import { SCHEMAS, SECURITY_SCHEMES } from './components.js';
import { mcpPathItem } from './mcp-path.js';
import { finishComponents } from './finish-components.js';
import { nameSchemas } from './named-schemas.js';
import { buildOperation } from './operation.js';
import { DOMAIN_SCHEMAS, REQUEST_NAMES } from './schema-names.js';

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
  const named = nameSchemas(tools);
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) builder.addSecurityScheme(name, scheme);

  const paths = new Map<string, PathItemObject>();
  for (const tool of tools) {
    if (!tool.rest) continue;
    const item = paths.get(tool.rest.path) ?? {};
    item[tool.rest.method.toLowerCase() as 'get'] = buildOperation(tool, named);
    paths.set(tool.rest.path, item);
  }
  paths.set('/mcp', mcpPathItem());
  for (const path of [...paths.keys()].sort()) builder.addPath(path, paths.get(path) as PathItemObject);
  for (const [name, schema] of Object.entries({ ...named.schemas, ...SCHEMAS })) builder.addSchema(name, schema as SchemaObject);
  const doc = builder.getSpec();
  finishComponents(doc, new Set(Object.keys(SCHEMAS)), [...DOMAIN_SCHEMAS.map(([, name]) => name), ...Object.values(REQUEST_NAMES)]);
  return doc;
}
