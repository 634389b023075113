import type { HeaderObject, ReferenceObject, ResponseObject } from 'openapi3-ts/oas31';

// Answers and response headers every tool route shares, as components each operation
// refers to. They follow what the HTTP layer really sends: adapters/http/request-log.ts
// (X-Request-Id on every answer), adapters/identity/rate-limiter.ts (RateLimit fields on
// metered answers, Retry-After on a 429) and adapters/http/error-response.ts (a 503
// with Retry-After, 422 bodies).

const headerRef = (name: string): ReferenceObject => ({ $ref: `#/components/headers/${name}` });
const schemaRef = (name: string): ReferenceObject => ({ $ref: `#/components/schemas/${name}` });
const responseRef = (name: string): ReferenceObject => ({ $ref: `#/components/responses/${name}` });

export const HEADERS: Record<string, HeaderObject> = {
  'X-Request-Id': {
    description: "This request's id (the caller's own X-Request-Id when it sent one); quote it when reporting a problem.",
    schema: { type: 'string' },
    example: 'req_8f14e45fceea167a',
  },
  RateLimit: {
    description: 'The tighter of the per-minute and per-day windows for this caller (IETF draft RateLimit fields): limit, remaining and seconds until reset. Sent to metered callers (a key or token).',
    schema: { type: 'string' },
    example: 'limit=60, remaining=59, reset=42',
  },
  'RateLimit-Policy': {
    description: "The caller's plan limits: requests per window of w seconds.",
    schema: { type: 'string' },
    example: '60;w=60, 10000;w=86400',
  },
  'Idempotent-Replayed': {
    description: 'Present (true) when this answer replays an earlier request with the same Idempotency-Key and body; nothing was done again.',
    schema: { type: 'string', enum: ['true'] },
    example: 'true',
  },
  'Retry-After': {
    description: 'Seconds to wait before trying again.',
    schema: { type: 'integer', minimum: 1 },
    example: 30,
  },
};

/** Headers on a success answer. */
export const SUCCESS_HEADERS = {
  'X-Request-Id': headerRef('X-Request-Id'),
  RateLimit: headerRef('RateLimit'),
  'RateLimit-Policy': headerRef('RateLimit-Policy'),
};

/** Headers on a success answer of a route that takes an Idempotency-Key. */
export const IDEMPOTENT_SUCCESS_HEADERS = { ...SUCCESS_HEADERS, 'Idempotent-Replayed': headerRef('Idempotent-Replayed') };

/** Headers on an error answer that is not about limits. */
export const ERROR_HEADERS = { 'X-Request-Id': headerRef('X-Request-Id') };

export const RESPONSES: Record<string, ResponseObject> = {
  TooManyRequests: {
    description: "Too many requests for the caller's plan (code RATE_LIMITED). Only callers that send a key or token are metered.",
    headers: { ...SUCCESS_HEADERS, 'Retry-After': headerRef('Retry-After') },
    content: { 'application/json': { schema: schemaRef('ErrorResponse') } },
  },
  ServiceUnavailable: {
    description: 'A dependency (database, cache) is down, or the server is shutting down (code UNAVAILABLE); retry after Retry-After.',
    headers: { ...ERROR_HEADERS, 'Retry-After': headerRef('Retry-After') },
    content: { 'application/json': { schema: schemaRef('ErrorResponse') } },
  },
  ValidationFailed: {
    description: 'Validation error: the fields at fault, FastAPI style (also malformed JSON or a body that is not JSON).',
    headers: ERROR_HEADERS,
    content: { 'application/json': { schema: schemaRef('HTTPValidationError') } },
  },
  ValidationFailedOrUnprocessable: {
    description: 'Validation error (HTTPValidationError, the fields at fault), or a well-formed request that cannot be carried out as asked (ErrorResponse, code UNPROCESSABLE).',
    headers: ERROR_HEADERS,
    // anyOf: both carry request_id, so a linter cannot see they exclude each other (detail is an array in one, a string in the other).
    content: { 'application/json': { schema: { anyOf: [schemaRef('HTTPValidationError'), schemaRef('ErrorResponse')] } } },
  },
};

export const sharedResponse = (name: keyof typeof RESPONSES & string): ReferenceObject => responseRef(name);
