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
];
