import type { Request, Response } from 'express';
import { createMcpHandler, PROTOCOL_VERSION_META_KEY } from '@modelcontextprotocol/server';
import { toNodeHandler } from '@modelcontextprotocol/node';
import type { Cache } from '../../tools/_kit/ports.js';
import { ConfirmationStates } from './confirm-by-input-required.js';
import { createModernServer, ownerOf } from './modern-server.js';
import { isModernVersion } from './protocol-versions.js';
import type { ToolCatalog } from './tool-catalog.js';

/**
 * True when a POST belongs to the 2026-07-28 era: it names a modern revision in its
 * MCP-Protocol-Version header or carries the per-request `_meta` envelope claim. This
 * is the rule of the SDK's isLegacyRequest, read off the body express already parsed
 * (the SDK's own predicate wants a web Request, which costs more than the check); the
 * modern leg validates the rest and answers malformed claims itself.
 */
export function claimsModern(header: string | string[] | undefined, body: unknown): boolean {
  if (typeof header === 'string' && isModernVersion(header)) return true;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return false;
  const params = (body as { params?: unknown }).params;
  const meta = typeof params === 'object' && params !== null ? (params as { _meta?: unknown })._meta : undefined;
  return typeof meta === 'object' && meta !== null && PROTOCOL_VERSION_META_KEY in meta;
}

/**
 * The SDK v2 entry for 2026-07-28 requests (strict: 2025 traffic never reaches it, the
 * router serves that with sessions). The router has authenticated the caller and built
 * the call's context; both reach the handler as the request's pass-through authInfo
 * (`req.auth`, which toNodeHandler forwards). Tool failures are logged by call-tool.ts;
 * what the entry refuses (bad envelope, header mismatch) is answered to the client.
 */
export function modernHandler(catalog: ToolCatalog, cache: Cache): (req: Request, res: Response) => Promise<void> {
  const states = new ConfirmationStates(cache, ownerOf);
  const handler = createMcpHandler(() => createModernServer(catalog, states), { legacy: 'reject' });
  const node = toNodeHandler(handler);
  return (req, res) => node(req, res, req.body);
}
