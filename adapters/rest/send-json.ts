import type { Response } from 'express';

/**
 * What express's res.json answers (same headers and bytes, ETag off as in our app),
 * without its detour through res.send's type and freshness checks. 204 and 304 have
 * no body, so they go through express.
 */
export function sendJson(res: Response, status: number, value: unknown): void {
  if (status === 204 || status === 304) {
    res.status(status).json(value);
    return;
  }
  const text = JSON.stringify(value);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(text);
}
