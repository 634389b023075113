import type { Response } from 'express';

/** HTTP-level failures on /mcp are answered as JSON-RPC errors, as the SDK's own transport does. */
export function rpcError(res: Response, status: number, code: number, message: string, id: string | number | null = null): void {
  res.status(status).json({ jsonrpc: '2.0', error: { code, message }, id });
}

export const RPC = {
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  SERVER_ERROR: -32000,
  SESSION_NOT_FOUND: -32001,
} as const;
