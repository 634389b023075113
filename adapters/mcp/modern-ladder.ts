import { classifyInboundRequest } from '@modelcontextprotocol/server';

// The SDK's validation ladder for a 2026-07-28 POST (classifyInboundRequest) runs five
// zod parses per call: the JSON-RPC shapes and the `_meta` envelope. For a tools/call
// whose body has only the four JSON-RPC members, its verdict depends on nothing but the
// three Mcp-* headers and the `_meta` object: the other members are checked here by
// hand exactly as its schemas check them (jsonrpc "2.0", an integer or string id, a
// method string, params an object that is loose apart from `_meta`), and the answer
// for the headers and envelope is the SDK's own, reached once on a skeleton request
// carrying them and remembered. A client sends the same envelope on every call.

const MESSAGE_KEYS = new Set(['jsonrpc', 'id', 'method', 'params']);
const KEPT = 500;
const verdicts = new Map<string, boolean>();

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface LadderHeaders {
  protocolVersion: string | undefined;
  method: string | undefined;
  name: string | undefined;
}

/** The SDK's verdict on a message that differs from `body` only where its schemas do not look. */
function sdkSaysModernRequest(headers: LadderHeaders, meta: unknown): boolean {
  const route = classifyInboundRequest({
    httpMethod: 'POST',
    protocolVersionHeader: headers.protocolVersion,
    mcpMethodHeader: headers.method,
    mcpNameHeader: headers.name,
    body: { jsonrpc: '2.0', id: 0, method: 'tools/call', params: meta === undefined ? {} : { _meta: meta } },
  });
  return route.kind === 'modern' && route.messageKind === 'request';
}

/**
 * True when classifyInboundRequest would route this body and these headers as a
 * modern request; false when it would not, or when the body is not the plain tools/call
 * shape this shortcut covers (the caller then asks the SDK).
 */
export function passesModernLadder(headers: LadderHeaders, body: unknown): boolean {
  if (!isRecord(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call' || !isRecord(body.params)) return false;
  const id = body.id;
  if (typeof id !== 'string' && !(typeof id === 'number' && Number.isSafeInteger(id))) return false;
  for (const key in body) if (!MESSAGE_KEYS.has(key)) return false;
  const meta = body.params._meta;
  const key = JSON.stringify([headers.protocolVersion ?? null, headers.method ?? null, headers.name ?? null, meta ?? null]);
  const known = verdicts.get(key);
  if (known !== undefined) return known;
  const verdict = sdkSaysModernRequest(headers, meta);
  if (verdicts.size >= KEPT) verdicts.clear();
  verdicts.set(key, verdict);
  return verdict;
}
