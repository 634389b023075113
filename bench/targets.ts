// What each target is asked: the same suggest_places call with a small rotating set
// of realistic queries, so no layer can get away with serving one cached string.
import type { Request } from 'autocannon';

export const QUERIES = ['lis', 'new york', 'heathrow', 'paris', 'tokyo'];
export const LIMIT = 10;

export const restPath = (query: string) => `/api/places/suggest?query=${encodeURIComponent(query)}&limit=${LIMIT}`;

export const mcpCall = (query: string, id: number) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'suggest_places', arguments: { query, limit: LIMIT } },
});

export const BENCH_INTERNAL_KEY = 'bench-internal-key-0123456789abcdef';

// Stateless MCP: no Mcp-Session-Id, the headers a streamable-HTTP client sends, plus a caller.
export const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'x-internal-key': BENCH_INTERNAL_KEY };

// The same call on protocol 2026-07-28: stateless by design, the _meta envelope and the standard headers.
export const mcpModernCall = (query: string, id: number) => {
  const call = mcpCall(query, id);
  const _meta = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'bench', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
  return { ...call, params: { ...call.params, _meta } };
};
export const MCP_MODERN_HEADERS = { ...MCP_HEADERS, 'mcp-protocol-version': '2026-07-28', 'mcp-method': 'tools/call', 'mcp-name': 'suggest_places' };

export const restRequests = (): Request[] => QUERIES.map((q) => ({ method: 'GET', path: restPath(q) }));

/**
 * Anonymous REST callers are metered per address (60 a minute on the free plan), so the
 * anonymous rows come from many addresses (X-Forwarded-For; the bench server trusts
 * loopback proxies): each connection of each run sends every query from each address of
 * its own block once (bench/load.ts), so the metering runs on every call, as in
 * production, and no address comes near its limit.
 */
export const ADDRESSES_PER_CONNECTION = 1_000;
export const mcpRequests = (): Request[] =>
  QUERIES.map((q, i) => ({ method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: JSON.stringify(mcpCall(q, i + 1)) }));
export const mcpModernRequests = (): Request[] =>
  QUERIES.map((q, i) => ({ method: 'POST', path: '/mcp', headers: MCP_MODERN_HEADERS, body: JSON.stringify(mcpModernCall(q, i + 1)) }));
