import type { DuffelError, DuffelErrorEnvelope, DuffelErrorType } from '../../providers/duffel/wire.js';
import type { SimResponse } from './sim-transport.js';

// Duffel's error envelope, shared by the simulator and the local test fake so
// both fail the way Duffel does.

const DOCS = 'https://duffel.com/docs/api/overview/response-handling';

export interface SimErrorSpec {
  type: DuffelErrorType;
  code: string;
  title: string;
  message: string;
  source?: { field: string; pointer: string };
}

export function duffelErrorBody(status: number, requestId: string, errors: readonly SimErrorSpec[]): DuffelErrorEnvelope {
  return {
    errors: errors.map((e): DuffelError => ({ ...e, documentation_url: `${DOCS}#${e.code}` })),
    meta: { request_id: requestId, status },
  };
}

export function duffelError(status: number, requestId: string, spec: SimErrorSpec, headers: Record<string, string> = {}): SimResponse {
  return { status, headers: { 'x-request-id': requestId, ...headers }, body: duffelErrorBody(status, requestId, [spec]) };
}

export const UNAVAILABLE: SimErrorSpec = {
  type: 'api_error',
  code: 'service_unavailable',
  title: 'Service unavailable',
  message: 'The service is temporarily unavailable. Please try again later.',
};

export const INTERNAL: SimErrorSpec = {
  type: 'api_error',
  code: 'internal_server_error',
  title: 'Internal server error',
  message: 'Something went wrong on our side; the request was not completed.',
};

export const RATE_LIMITED: SimErrorSpec = {
  type: 'rate_limit_error',
  code: 'rate_limit_exceeded',
  title: 'Rate limit exceeded',
  message: 'Too many requests in the current window. Wait for the reset time before trying again.',
};

export const NOT_FOUND: SimErrorSpec = {
  type: 'invalid_request_error',
  code: 'not_found',
  title: 'Not found',
  message: 'The resource you asked for does not exist.',
};

export const OFFER_GONE: SimErrorSpec = {
  type: 'invalid_state_error',
  code: 'offer_no_longer_available',
  title: 'Offer no longer available',
  message: 'This offer has expired or is no longer sold by the airline. Search again for a fresh offer.',
};

export const UNAUTHORIZED: SimErrorSpec = {
  type: 'authentication_error',
  code: 'access_token_not_found',
  title: 'Access token not found',
  message: 'The access token in the Authorization header was not recognised.',
};

export const MISSING_VERSION: SimErrorSpec = {
  type: 'invalid_request_error',
  code: 'unsupported_version',
  title: 'Missing API version',
  message: 'Send the Duffel-Version header with a supported version, e.g. v2.',
};

export function validationError(code: 'validation_error' | 'validation_required' | 'validation_format', field: string, pointer: string, message: string): SimErrorSpec {
  return { type: 'validation_error', code, title: 'Invalid request', message, source: { field, pointer } };
}

/** Duffel's rate-limit headers; `reset` is an HTTP-date. */
export function rateLimitHeaders(limit: number, remaining: number, resetAt: Date): Record<string, string> {
  return { 'ratelimit-limit': String(limit), 'ratelimit-remaining': String(Math.max(0, remaining)), 'ratelimit-reset': resetAt.toUTCString() };
}
