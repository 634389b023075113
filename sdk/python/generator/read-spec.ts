// Reads openapi.json into the small, typed view the emitters need: one record per
// operation with its parameters, body and success answer. Everything else in the
// spec (security, tags, error answers) is left out on purpose.
import { readFile } from 'node:fs/promises';

/** A JSON Schema node as it appears in the spec (OpenAPI 3.1 = JSON Schema 2020-12). */
export type JsonSchema = boolean | SchemaObject;

export interface SchemaObject {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  description?: string;
  title?: string;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description: string | undefined;
  schema: JsonSchema;
}

/** What a successful call answers: JSON, a Server-Sent Events stream, or nothing. */
export type SuccessAnswer =
  | { kind: 'json'; schema: JsonSchema }
  | { kind: 'stream'; schema: JsonSchema }
  | { kind: 'empty' };

export interface Operation {
  operationId: string;
  method: string;
  path: string;
  summary: string | undefined;
  description: string | undefined;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** A money route: the operation declares an `Idempotency-Key` header parameter. */
  idempotent: boolean;
  body: { schema: JsonSchema; required: boolean } | undefined;
  success: SuccessAnswer;
}

export interface Spec {
  operations: Operation[];
  /** components.schemas, by name. */
  components: Record<string, JsonSchema>;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

/** The MCP transport endpoints are for MCP clients, not for an HTTP SDK. */
const SKIPPED_PATHS: ReadonlySet<string> = new Set(['/mcp']);

export async function readSpec(file: string): Promise<Spec> {
  const raw: unknown = JSON.parse(await readFile(file, 'utf8'));
  const root = asRecord(raw, 'the spec');
  const paths = asRecord(root['paths'] ?? {}, 'paths');
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (SKIPPED_PATHS.has(path)) continue;
    const pathItem = asRecord(item, path);
    const shared = asArray(pathItem['parameters']);
    for (const method of HTTP_METHODS) {
      const op = pathItem[method];
      if (op !== undefined) operations.push(readOperation(method, path, asRecord(op, `${method} ${path}`), shared));
    }
  }
  // Sorted by name so the output does not move when the spec reorders its paths.
  operations.sort((a, b) => (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0));
  const components = asRecord(asRecord(root['components'] ?? {}, 'components')['schemas'] ?? {}, 'components.schemas');
  return { operations, components: components as Record<string, JsonSchema> };
}

function readOperation(method: string, path: string, op: Record<string, unknown>, shared: unknown[]): Operation {
  const where = `${method.toUpperCase()} ${path}`;
  const operationId = op['operationId'];
  if (typeof operationId !== 'string') throw new Error(`${where}: no operationId`);
  const parameters = [...shared, ...asArray(op['parameters'])].map((p) => readParameter(p, where));
  return {
    operationId,
    method: method.toUpperCase(),
    path,
    summary: optionalString(op['summary']),
    description: optionalString(op['description']),
    pathParameters: parameters.filter((p) => p.in === 'path'),
    queryParameters: parameters.filter((p) => p.in === 'query'),
    idempotent: parameters.some((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key'),
    body: readBody(op['requestBody'], where),
    success: readSuccess(asRecord(op['responses'] ?? {}, `${where} responses`), where),
  };
}

function readParameter(value: unknown, where: string): Parameter {
  const p = asRecord(value, `${where} parameter`);
  const name = p['name'];
  const location = p['in'];
  if (typeof name !== 'string') throw new Error(`${where}: parameter without a name`);
  if (location !== 'path' && location !== 'query' && location !== 'header' && location !== 'cookie') {
    throw new Error(`${where}: parameter ${name} has no valid "in"`);
  }
  return {
    name,
    in: location,
    required: p['required'] === true || location === 'path',
    description: optionalString(p['description']),
    schema: (p['schema'] ?? {}) as JsonSchema,
  };
}

function readBody(value: unknown, where: string): Operation['body'] {
  if (value === undefined) return undefined;
  const body = asRecord(value, `${where} requestBody`);
  const json = asRecord(body['content'] ?? {}, `${where} requestBody.content`)['application/json'];
  if (json === undefined) throw new Error(`${where}: only application/json request bodies are supported`);
  return { schema: (asRecord(json, where)['schema'] ?? {}) as JsonSchema, required: body['required'] === true };
}

/** The first 2xx answer, in status order. */
function readSuccess(responses: Record<string, unknown>, where: string): SuccessAnswer {
  const status = Object.keys(responses).filter((s) => /^2\d\d$/.test(s)).sort()[0];
  if (status === undefined) return { kind: 'empty' };
  const content = asRecord(asRecord(responses[status], `${where} ${status}`)['content'] ?? {}, `${where} ${status} content`);
  const stream = content['text/event-stream'];
  if (stream !== undefined) return { kind: 'stream', schema: (asRecord(stream, where)['schema'] ?? {}) as JsonSchema };
  const json = content['application/json'];
  if (json !== undefined) return { kind: 'json', schema: (asRecord(json, where)['schema'] ?? {}) as JsonSchema };
  return { kind: 'empty' };
}

function asRecord(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error(`${what}: expected an object`);
  return value as Record<string, unknown>;
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function optionalString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}
