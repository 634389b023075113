import type { HttpMethod } from '../../tools/_kit/define-tool.js';

/** Routes served by adapters rather than tools. */
export const ADAPTER_ROUTES: { method: HttpMethod; path: string }[] = [
  { method: 'POST', path: '/mcp' },
  { method: 'GET', path: '/mcp' },
  { method: 'DELETE', path: '/mcp' },
  { method: 'GET', path: '/openapi.json' },
];

/** Routes the spec does not list that we serve on purpose, with why. */
export const DELIBERATE_ADDITIONS: { method: HttpMethod; path: string; why: string }[] = [
  { method: 'GET', path: '/openapi.json', why: 'the machine-readable contract the SDKs are generated from' },
  { method: 'POST', path: '/api/keys', why: 'the authenticated route that mints API keys (identity issue)' },
  { method: 'GET', path: '/api/keys', why: "lists the caller's API keys" },
  { method: 'DELETE', path: '/api/keys/{key_id}', why: 'revokes an API key' },
  { method: 'GET', path: '/api/keys/{key_id}/usage', why: 'per-day usage of an API key' },
];
