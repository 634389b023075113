import { classifyInboundRequest } from '@modelcontextprotocol/server';
import { describe, expect, it } from 'vitest';
import { passesModernLadder, type LadderHeaders } from './modern-ladder.js';

const envelope = { 'io.modelcontextprotocol/protocolVersion': '2026-07-28', 'io.modelcontextprotocol/clientInfo': { name: 'ladder', version: '1' }, 'io.modelcontextprotocol/clientCapabilities': {} };
const good: LadderHeaders = { protocolVersion: '2026-07-28', method: 'tools/call', name: 'suggest_places' };
const call = (over: Record<string, unknown> = {}, params: Record<string, unknown> = {}) => ({
  jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'suggest_places', arguments: { query: 'lis' }, _meta: envelope, ...params }, ...over,
});

const sdk = (headers: LadderHeaders, body: unknown) => {
  const route = classifyInboundRequest({ httpMethod: 'POST', protocolVersionHeader: headers.protocolVersion, mcpMethodHeader: headers.method, mcpNameHeader: headers.name, body });
  return route.kind === 'modern' && route.messageKind === 'request';
};

// Each case twice: the second answer comes from the remembered verdict.
const cases: [string, LadderHeaders, unknown][] = [
  ['a plain call', good, call()],
  ['a string id', good, call({ id: 'a' })],
  ['no MCP-Protocol-Version header', { ...good, protocolVersion: undefined }, call()],
  ['no Mcp-Method header', { ...good, method: undefined }, call()],
  ['header padded with spaces', { ...good, protocolVersion: ' 2026-07-28 ' }, call()],
  ['another method header', { ...good, method: 'tools/list' }, call()],
  ['a 2025 header', { ...good, protocolVersion: '2025-11-25' }, call()],
  ['an envelope missing clientInfo', good, call({}, { _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': undefined } })],
  ['a malformed clientInfo', good, call({}, { _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 7 } } })],
  ['a bad progress token', good, call({}, { _meta: { ...envelope, progressToken: 1.5 } })],
  ['a claim naming a 2025 version', good, call({}, { _meta: { ...envelope, 'io.modelcontextprotocol/protocolVersion': '2025-11-25' } })],
  ['no envelope', good, call({}, { _meta: undefined })],
  ['a fractional id', good, call({ id: 1.5 })],
  ['an unsafe integer id', good, call({ id: 2 ** 60 })],
  ['a null id', good, call({ id: null })],
  ['an extra member', good, call({ extra: true })],
  ['a result member', good, call({ result: {} })],
  ['jsonrpc 1.0', good, call({ jsonrpc: '1.0' })],
  ['params not an object', good, { jsonrpc: '2.0', id: 1, method: 'tools/call', params: [] }],
  ['a batch', good, [call()]],
];

describe('passesModernLadder', () => {
  it.each(cases)('agrees with classifyInboundRequest: %s', (_case, headers, raw) => {
    const body = JSON.parse(JSON.stringify(raw)) as unknown; // as it arrives: undefined members dropped
    for (let i = 0; i < 2; i++) expect(passesModernLadder(headers, body)).toBe(sdk(headers, body));
  });

  it('says yes to the calls a 2026-07-28 client sends, and no to what the SDK refuses', () => {
    expect(passesModernLadder(good, call())).toBe(true);
    expect(passesModernLadder({ ...good, protocolVersion: undefined }, call())).toBe(true);
    expect(passesModernLadder({ ...good, method: 'tools/list' }, call())).toBe(false);
    expect(passesModernLadder(good, call({}, { _meta: { ...envelope, 'io.modelcontextprotocol/clientInfo': { name: 7 } } }))).toBe(false);
    expect(passesModernLadder(good, call({ id: 1.5 }))).toBe(false);
  });
});
