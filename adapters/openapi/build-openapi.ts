import { OpenApiBuilder, type OpenAPIObject, type OperationObject, type PathItemObject, type SchemaObject } from 'openapi3-ts/oas31';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { INFO, SERVERS, tagsFor } from './document-info.js';
import { SCHEMAS, SECURITY_SCHEMES } from './components.js';
import { mcpPathItem } from './mcp-path.js';
import { EXAMPLES } from './examples.js';
import { finishComponents } from './finish-components.js';
import { nameSchemas } from './named-schemas.js';
import { buildOperation } from './operation.js';
import { DOCUMENTED_WITHOUT_ROUTE, DOMAIN_SCHEMAS, REQUEST_NAMES } from './schema-names.js';
import { HEADERS, RESPONSES } from './shared-responses.js';
import { webhookItems } from './webhooks.js';

// Converting every named schema takes a few hundred ms: each tool list is built once per
// process (the server and the tests ask for the same registry many times), and each
// caller gets its own copy.
const built = new WeakMap<readonly AnyTool[], string>();

/** The OpenAPI 3.1 document as JSON text, built on the first call for this tool list. */
export function openApiText(tools: readonly AnyTool[]): string {
  let text = built.get(tools);
  if (text === undefined) {
    text = JSON.stringify(build(tools));
    built.set(tools, text);
  }
  return text;
}

/** The OpenAPI 3.1 document, derived entirely from the tool registry. */
export function buildOpenApi(tools: readonly AnyTool[]): OpenAPIObject {
  return JSON.parse(openApiText(tools)) as OpenAPIObject;
}

function build(tools: readonly AnyTool[]): OpenAPIObject {
  const builder = OpenApiBuilder.create({ openapi: '3.1.0', info: INFO, servers: SERVERS, paths: {}, components: {} });
  const named = nameSchemas(tools);
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) builder.addSecurityScheme(name, scheme);
  for (const [name, header] of Object.entries(HEADERS)) builder.addHeader(name, header);
  for (const [name, response] of Object.entries(RESPONSES)) builder.addResponse(name, response);

  const paths = new Map<string, PathItemObject>();
  for (const tool of tools) {
    if (!tool.rest) continue;
    const item = paths.get(tool.rest.path) ?? {};
    item[tool.rest.method.toLowerCase() as 'get'] = buildOperation(tool, named);
    paths.set(tool.rest.path, item);
  }
  paths.set('/mcp', mcpPathItem());
  for (const path of [...paths.keys()].sort()) builder.addPath(path, paths.get(path) as PathItemObject);
  for (const [type, item] of Object.entries(webhookItems())) builder.addWebhook(type, item);
  for (const [name, schema] of Object.entries({ ...named.schemas, ...SCHEMAS })) builder.addSchema(name, schema as SchemaObject);
  const used = new Set([...paths.values(), ...Object.values(builder.getSpec().webhooks ?? {})].flatMap((item) => Object.values(item as Record<string, OperationObject>).flatMap((op) => op.tags ?? [])));
  for (const tag of tagsFor(used)) builder.addTag(tag);
  const doc = builder.getSpec();
  finishComponents(doc, new Set([...Object.keys(SCHEMAS), ...DOCUMENTED_WITHOUT_ROUTE]), [...DOMAIN_SCHEMAS.map(([, name]) => name), ...Object.values(REQUEST_NAMES)]);
  const schemas = doc.components?.schemas ?? {};
  for (const [name, example] of Object.entries(EXAMPLES)) {
    const schema = schemas[name];
    if (schema && !('$ref' in schema)) schema.examples = [example];
  }
  return doc;
}
