import type { OperationObject, ParameterObject, ResponsesObject, SchemaObject, SecurityRequirementObject } from 'openapi3-ts/oas31';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { declaredErrors } from '../../tools/_kit/declared-errors.js';
import { ERROR_STATUS, type ErrorCode } from '../../tools/_kit/errors.js';
import type { AuthRule } from '../../tools/_kit/principal.js';
import { requiredScopes } from '../../tools/_kit/scopes.js';
import { planInput } from '../rest/input-plan.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { INPUT_MARK, SCHEMA_REF, type NamedSchemas } from './named-schemas.js';
import { requestName, streamEventName } from './schema-names.js';
import { ERROR_HEADERS, IDEMPOTENT_SUCCESS_HEADERS, SUCCESS_HEADERS, sharedResponse } from './shared-responses.js';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const errorContent = { 'application/json': { schema: ref('ErrorResponse') } };

function security(rule: AuthRule): SecurityRequirementObject[] {
  if (rule === 'none') return [];
  if (rule === 'optional') return [{}, { bearerAuth: [] }];
  if (rule === 'internal') return [{ internalKey: [] }];
  return [{ bearerAuth: [] }];
}

/** Codes every tool route may answer, documented once as shared responses. */
const SHARED_CODES: ReadonlySet<ErrorCode> = new Set(['VALIDATION_FAILED', 'RATE_LIMITED', 'UNAVAILABLE']);

function errorResponses(codes: ErrorCode[]): ResponsesObject {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) {
    const status = ERROR_STATUS[code];
    if (SHARED_CODES.has(code)) continue;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: ResponsesObject = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = { description: `Error: ${[...new Set(list)].join(', ')}`, headers: ERROR_HEADERS, content: errorContent };
  }
  return out;
}

const IDEMPOTENCY_KEY_HEADER: ParameterObject = {
  name: 'Idempotency-Key',
  in: 'header',
  required: false,
  description: 'Any unique string (a UUID) per intended operation. A retry with the same key and body replays the first success instead of doing it again; the same key with a different body is refused (409). Keys are kept for 24 hours.',
  schema: { type: 'string', minLength: 1, maxLength: 255 },
};

/**
 * One OpenAPI operation, derived from a tool's schemas, REST binding and auth rule.
 * Its body and answer are $refs to named components (a body that is part of the input
 * is added to `named` under the request's name).
 */
export function buildOperation(tool: AnyTool, named: NamedSchemas): OperationObject {
  if (!tool.rest) throw new Error(`tool ${tool.name} has no REST binding`);
  const plan = planInput(tool);
  const inputName = named.input(tool);
  const input = named.schemas[inputName] as JsonSchema;
  const props = (input.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((input.required ?? []) as string[]);

  const param = (name: string, where: 'path' | 'query'): ParameterObject => {
    const { description, ...schema } = props[name] ?? {};
    return { name, in: where, required: where === 'path' || required.has(name), schema: schema as SchemaObject, ...(typeof description === 'string' ? { description } : {}) };
  };
  const parameters = [
    ...plan.pathParams.map((n) => param(n, 'path')),
    ...plan.queryParams.map((n) => param(n, 'query')),
    ...(tool.rest.idempotencyKey ? [IDEMPOTENCY_KEY_HEADER] : []),
  ];

  const op: OperationObject = {
    operationId: tool.name.replace(/\./g, '_'),
    summary: tool.title,
    description: tool.description,
    tags: [tool.area],
    ...(tool.rest.deprecated ? { deprecated: true } : {}),
    security: security(tool.auth),
    // Scopes an API key or OAuth token must carry; anonymous callers and the internal key have no grant to limit.
    'x-required-scopes': [...requiredScopes(tool)],
    ...(parameters.length ? { parameters } : {}),
  };
  const responses: ResponsesObject = {};
  op.responses = responses;

  if (plan.hasBody && plan.bodyFields.length > 0) {
    const bodyRequired = plan.bodyFields.filter((f) => required.has(f));
    const wholeInput = plan.bodyFields.length === Object.keys(props).length;
    let bodyName = inputName;
    if (!wholeInput) {
      bodyName = `${requestName(tool)}${INPUT_MARK}`;
      named.schemas[bodyName] ??= {
        type: 'object',
        properties: Object.fromEntries(plan.bodyFields.map((f) => [f, props[f] ?? {}])),
        ...(bodyRequired.length ? { required: bodyRequired } : {}),
        ...(input.additionalProperties === false ? { additionalProperties: false } : {}),
      };
    }
    op.requestBody = { required: bodyRequired.length > 0, content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}${bodyName}` } } } };
  }

  const status = String(tool.rest.status ?? 200);
  const answer = { $ref: `${SCHEMA_REF}${named.output(tool)}` };
  if (tool.kind === 'stream') {
    // What a client reads: the tool's events, or the `error` event a failing stream ends with.
    named.schemas[streamEventName(tool)] ??= { description: 'One event of the stream.', oneOf: [answer, ref('StreamError')] };
  }
  responses[status] = tool.kind === 'stream'
    ? {
      description: 'Server-Sent Events: each `data:` line holds one JSON event `{type, data}`. A stream that fails part-way ends with an event of type "error".',
      headers: SUCCESS_HEADERS,
      content: { 'text/event-stream': { schema: { $ref: `${SCHEMA_REF}${streamEventName(tool)}` } } },
    }
    : { description: 'Success', headers: tool.rest.idempotencyKey ? IDEMPOTENT_SUCCESS_HEADERS : SUCCESS_HEADERS, content: { 'application/json': { schema: answer } } };

  // INTERNAL is left undocumented per route, as before: no route promises one.
  const extra: ErrorCode[] = [...declaredErrors(tool)].filter((code) => code !== 'INTERNAL');
  if (plan.hasBody) extra.push('PAYLOAD_TOO_LARGE');
  Object.assign(responses, errorResponses(extra));
  // What comes back on a 422 (adapters/http/error-response.ts): HTTPValidationError for bad
  // input (or a body that is not JSON), ErrorResponse for UNPROCESSABLE.
  if (Object.keys(props).length > 0 || plan.hasBody) {
    responses['422'] = sharedResponse(tool.errors.includes('UNPROCESSABLE') ? 'ValidationFailedOrUnprocessable' : 'ValidationFailed');
  }
  // Every tool route meters a caller with a key or token, and needs the database.
  responses['429'] = sharedResponse('TooManyRequests');
  responses['503'] = sharedResponse('ServiceUnavailable');
  op.responses = Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b)));
  return op;
}
