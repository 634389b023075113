import { CLIENT_CAPABILITIES_META_KEY, LOG_LEVEL_META_KEY, SERVER_INFO_META_KEY, type ClientCapabilities, type JSONRPCRequest } from '@modelcontextprotocol/server';
import type { Request, Response } from 'express';
import type { ToolContext } from '../../tools/_kit/context.js';
import { STRUCTURED_IS_TEXT, callTool, type ToolCallResult } from './call-tool.js';
import { canElicitForm } from './confirm-by-elicitation.js';
import { passesModernLadder } from './modern-ladder.js';
import { SERVER_INFO } from './server-factory.js';
import type { ToolCatalog } from './tool-catalog.js';

// The common tools/call goes straight from the validated JSON-RPC request to the tool:
// dispatching it through an SDK Server (and, on 2026-07-28, building one per request
// and converting to and from web Request/Response objects) cost more CPU than the call
// itself (bench/run.ts). Only calls the SDK would add nothing to are taken: no progress
// token, no log level, no multi-round-trip fields, and no question the tool may put to
// the person (a client that can answer one only goes direct for a read-only tool).
// Everything else, and every malformed request, is served by the SDK as before.

interface DirectCall {
  id: JSONRPCRequest['id'];
  name: string;
  args: Record<string, unknown>;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A well-formed JSON-RPC tools/call request, by shape: the router then skips the SDK's
 * full message parse (a zod parse per call). A call that does not go direct is still
 * validated by the SDK Server when it dispatches it.
 */
export function isToolsCallShape(body: unknown): body is JSONRPCRequest {
  if (!isRecord(body) || body.jsonrpc !== '2.0' || body.method !== 'tools/call' || !isRecord(body.params)) return false;
  return (typeof body.id === 'string' || (typeof body.id === 'number' && Number.isInteger(body.id))) && typeof body.params.name === 'string';
}

/** The call when `message` is a plain tools/call the SDK's handler would only pass on. */
function plainCall(message: unknown, catalog: ToolCatalog, canAsk: boolean): DirectCall | undefined {
  if (!isRecord(message) || message.method !== 'tools/call' || !isRecord(message.params)) return undefined;
  const { name, arguments: args, _meta: meta, requestState, inputResponses } = message.params;
  if (typeof name !== 'string' || (args !== undefined && !isRecord(args))) return undefined;
  if (requestState !== undefined || inputResponses !== undefined) return undefined;
  if (isRecord(meta) && ('progressToken' in meta || LOG_LEVEL_META_KEY in meta)) return undefined;
  const entry = catalog.get(name);
  if (!entry || (canAsk && !(entry.tool.mcp && entry.tool.mcp.annotations?.readOnlyHint === true))) return undefined;
  return { id: message.id as JSONRPCRequest['id'], name, args: args ?? {} };
}

async function run(catalog: ToolCatalog, call: DirectCall, ctx: ToolContext): Promise<ToolCallResult> {
  const entry = catalog.get(call.name)!;
  return callTool(entry.tool, entry.fromArgs(call.args), ctx, undefined, (issues) => entry.issuesAsSent(call.args, issues));
}

/** A 2025-era call (session already checked by the router); undefined when the SDK should serve it. */
export function legacyDirect(catalog: ToolCatalog, message: unknown, canAsk: boolean, logLevelSet: boolean): DirectCall | undefined {
  return logLevelSet ? undefined : plainCall(message, catalog, canAsk);
}

/**
 * A 2026-07-28 call that passes the SDK's own validation ladder (classifyInboundRequest:
 * envelope, standard headers, params; its verdict remembered per envelope, modern-ladder.ts);
 * undefined otherwise.
 */
export function modernDirect(catalog: ToolCatalog, req: Request): DirectCall | undefined {
  const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : undefined);
  const headers = { protocolVersion: header('mcp-protocol-version'), method: header('mcp-method'), name: header('mcp-name') };
  if (!passesModernLadder(headers, req.body)) return undefined;
  // The ladder leaves Mcp-Name to the entry: a missing or different one goes to the SDK, which refuses it.
  const message = req.body as JSONRPCRequest;
  const params = message.params;
  if (headers.method !== 'tools/call' || !isRecord(params) || headers.name !== params.name) return undefined;
  const meta = params._meta;
  const capabilities = isRecord(meta) ? (meta[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined) : undefined;
  return plainCall(message, catalog, canElicitForm(capabilities));
}

/**
 * Answers a direct call as the SDK path writes it, byte for byte: the SDK re-parses a
 * result against its schema (content, structuredContent, isError, then the 2026-07-28
 * stamps: complete, and who answered) and sends `result` before `jsonrpc` and `id`;
 * the 2026-07-28 entry answers through a web Response, whose JSON type names no charset.
 */
export async function answerDirect(catalog: ToolCatalog, call: DirectCall, ctx: ToolContext, modern: boolean): Promise<{ text: string; contentType: string }> {
  const answered = await run(catalog, call, ctx);
  const { content, structuredContent, isError } = answered;
  const stamps = modern ? { resultType: 'complete', _meta: { [SERVER_INFO_META_KEY]: SERVER_INFO } } : undefined;
  const contentType = modern ? 'application/json' : 'application/json; charset=utf-8';
  const text = content.length === 1 && content[0]?.type === 'text' ? content[0].text : undefined;
  if (answered[STRUCTURED_IS_TEXT] && text !== undefined && isError === undefined) {
    // The output's JSON is the text already: written in place of structuredContent, not made again.
    const tail = stamps ? `,${JSON.stringify(stamps).slice(1, -1)}` : '';
    return { text: `{"result":{"content":[{"type":"text","text":${JSON.stringify(text)}}],"structuredContent":${text}${tail}},"jsonrpc":"2.0","id":${JSON.stringify(call.id)}}`, contentType };
  }
  const result = {
    content,
    ...(structuredContent !== undefined ? { structuredContent } : {}),
    ...(isError !== undefined ? { isError } : {}),
    ...stamps,
  };
  return { text: JSON.stringify({ result, jsonrpc: '2.0', id: call.id }), contentType };
}

/** Writes a direct answer: serialized once, no detour through res.json. */
export function sendAnswer(res: Response, answer: { text: string; contentType: string }): void {
  res.statusCode = 200;
  res.setHeader('Content-Type', answer.contentType);
  res.setHeader('Content-Length', Buffer.byteLength(answer.text));
  res.end(answer.text);
}
