import type { SchemaObject, SecuritySchemeObject } from 'openapi3-ts/oas31';

// Shared OpenAPI components: the FastAPI-compatible validation error and our error body.

export const SCHEMAS: Record<string, SchemaObject> = {
  ValidationError: {
    type: 'object',
    title: 'ValidationError',
    required: ['loc', 'msg', 'type'],
    properties: {
      loc: { type: 'array', title: 'Location', items: { anyOf: [{ type: 'string' }, { type: 'integer' }] }, description: 'Where the problem is: "body", "query" or "path", then the field path' },
      msg: { type: 'string', title: 'Message' },
      type: { type: 'string', title: 'Error Type', description: 'Machine-readable kind, e.g. missing, string_type, greater_than_equal' },
    },
  },
  HTTPValidationError: {
    type: 'object',
    title: 'HTTPValidationError',
    properties: {
      detail: { type: 'array', title: 'Detail', items: { $ref: '#/components/schemas/ValidationError' } },
      request_id: { type: 'string', title: 'Request Id', description: "This request's id, as in the X-Request-Id header; quote it when reporting a problem." },
    },
  },
  ErrorResponse: {
    type: 'object',
    title: 'ErrorResponse',
    required: ['detail', 'code'],
    properties: {
      detail: { type: 'string', description: 'What went wrong' },
      code: { type: 'string', description: 'Stable error code from the service vocabulary, e.g. NOT_FOUND, GONE, UPSTREAM_FAILED' },
      hint: { type: 'string', description: 'What to do next' },
      details: { type: 'object', additionalProperties: true, description: 'Safe extra data, e.g. the allowed values' },
      request_id: { type: 'string', description: "This request's id, as in the X-Request-Id header; quote it when reporting a problem." },
    },
  },

  StreamError: {
    type: 'object',
    title: 'StreamError',
    description: 'The last event of a Server-Sent Events stream that fails part-way (adapters/rest/pipe-to-sse.ts).',
    required: ['type', 'data'],
    properties: {
      type: { const: 'error' },
      data: {
        type: 'object',
        required: ['code', 'detail'],
        properties: {
          code: { type: 'string', description: 'Stable error code, e.g. UNAVAILABLE, UPSTREAM_FAILED' },
          detail: { type: 'string', description: 'What went wrong' },
          hint: { type: 'string', description: 'What to do next' },
        },
      },
    },
  },
};

export const SECURITY_SCHEMES: Record<string, SecuritySchemeObject> = {
  bearerAuth: { type: 'http', scheme: 'bearer', description: 'An API key (live keys start with a fixed documented prefix) or a JWT / OAuth access token' },
  internalKey: { type: 'apiKey', in: 'header', name: 'X-Internal-Key', description: "The web app's server, with no Authorization header" },
};
