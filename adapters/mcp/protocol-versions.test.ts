import { isLegacyRequest, LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { claimsModern } from './modern-handler.js';
import { isModernVersion, negotiate, SUPPORTED_VERSIONS } from './protocol-versions.js';

describe('MCP protocol versions', () => {
  // Fails when the SDK moves on, so a new 2025-era revision is checked before we claim it.
  it('tracks the SDK: our newest initialize revision is its newest, and it speaks every one we answer', () => {
    expect(SUPPORTED_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    for (const v of SUPPORTED_VERSIONS) expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(v);
  });

  it('echoes a version we speak and offers our newest otherwise', () => {
    expect(negotiate('2025-06-18')).toBe('2025-06-18');
    expect(negotiate('2024-11-05')).toBe('2025-11-25');
  });

  it('routes a request to the 2026-07-28 leg by its header or its _meta envelope claim, nothing else', () => {
    expect(isModernVersion('2026-07-28')).toBe(true);
    expect(claimsModern('2026-07-28', {})).toBe(true);
    const enveloped = { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { 'io.modelcontextprotocol/protocolVersion': '2026-07-28' } } };
    expect(claimsModern(undefined, enveloped)).toBe(true);
    expect(claimsModern('2025-11-25', { jsonrpc: '2.0', id: 1, method: 'tools/list', params: { _meta: { progressToken: 1 } } })).toBe(false);
    expect(claimsModern(undefined, [enveloped])).toBe(false);
    expect(claimsModern(undefined, undefined)).toBe(false);
  });

  it('routes as the SDK\'s own isLegacyRequest does, for every kind of POST the router sees', async () => {
    const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'x', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
    const cases: [string | undefined, unknown][] = [
      [undefined, { jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'x', version: '1' } } }],
      ['2025-11-25', { jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'suggest_places', arguments: {} } }],
      ['2025-06-18', { jsonrpc: '2.0', method: 'notifications/initialized' }],
      [undefined, { jsonrpc: '2.0', id: 3, result: {} }],
      [undefined, [{ jsonrpc: '2.0', id: 4, method: 'ping' }]],
      ['2026-07-28', { jsonrpc: '2.0', id: 5, method: 'server/discover', params: { _meta: envelope } }],
      [undefined, { jsonrpc: '2.0', id: 6, method: 'tools/list', params: { _meta: envelope } }],
      ['2026-07-28', { jsonrpc: '2.0', id: 7, method: 'tools/list', params: {} }],
    ];
    for (const [header, body] of cases) {
      const request = new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(header ? { 'mcp-protocol-version': header } : {}) },
        body: JSON.stringify(body),
      });
      expect(claimsModern(header, body), JSON.stringify(body)).toBe(!(await isLegacyRequest(request, body)));
    }
  });
});
