import { Agent, errors as undiciErrors, request } from 'undici';
import { parseJsonBytes } from './json-pieces.js';

// One small HTTP seam under every JSON provider adapter. The real transport is
// undici's request() on a keep-alive Agent; a simulator plugs in the same seam and
// speaks the same wire format, so the adapters' mapping code runs identically
// against both.

export type QueryValue = string | number | boolean | undefined;

export interface HttpRequest {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Path under the provider's base URL, starting with "/". */
  path: string;
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  /** Serialized body (JSON text, or form-encoded). */
  body?: string;
  signal: AbortSignal;
}

export interface HttpResponse {
  status: number;
  header(name: string): string | null;
  /** Raw body text. */
  text(): Promise<string>;
  /** Parsed JSON body; throws SyntaxError when the body is not JSON. */
  json(): Promise<unknown>;
  /** The body's bytes as received, when the transport has them (for a decode thread: no string on the event loop). */
  raw?(): Uint8Array;
}

export type HttpTransport = (req: HttpRequest) => Promise<HttpResponse>;

/** PROVIDER_MAX_BODY_BYTES' default: far above a capped search page, far below what would bloat the heap. */
export const DEFAULT_MAX_BODY_BYTES = 16 * 1024 * 1024;

/** The upstream's body passed the size cap; reading stopped there and the connection was dropped. */
export class BodyTooLargeError extends Error {
  readonly limitBytes: number;
  constructor(limitBytes: number, cause?: unknown) {
    super(`the answer is larger than ${limitBytes} bytes`, { cause });
    this.name = 'BodyTooLargeError';
    this.limitBytes = limitBytes;
  }
}

/**
 * The upstream could not be reached or the connection broke. A TypeError, as fetch
 * reports it, so every layer above tells it apart the same way; the message names
 * the origin only (a query string may hold an API key).
 */
export class NetworkError extends TypeError {
  constructor(origin: string, cause: unknown) {
    super(`could not reach ${origin}`, { cause });
    this.name = 'NetworkError';
  }
}

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

export interface HttpTransportOptions {
  /** Bytes of body read at most; past it the call fails with BodyTooLargeError. */
  maxBodyBytes?: number;
  /** How long an idle connection is kept for the next call. */
  keepAliveMs?: number;
}

function firstValue(v: string | string[] | undefined): string | null {
  if (v === undefined) return null;
  return Array.isArray(v) ? (v[0] ?? null) : v;
}

/** The caller's abort wins over undici's own wording; everything else is a cap or a broken connection. */
function transportError(err: unknown, signal: AbortSignal, origin: string, limit: number): unknown {
  if (signal.aborted) return signal.reason ?? err;
  if (err instanceof undiciErrors.ResponseExceededMaxSizeError) return new BodyTooLargeError(limit, err);
  if (err instanceof BodyTooLargeError || err instanceof SyntaxError) return err;
  return new NetworkError(origin, err);
}

/**
 * The real transport against a base URL (the provider's, or a local fake's in tests).
 * The body is read once, as bytes, under the size cap (undici's maxResponseSize
 * checks Content-Length first and counts bytes as they arrive), then decoded and
 * parsed at most once (a big body in pieces: see json-pieces.ts).
 */
export function httpTransport(baseUrl: string, opts: HttpTransportOptions = {}): HttpTransport {
  const limit = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const keepAlive = opts.keepAliveMs ?? 10_000;
  const agent = new Agent({ keepAliveTimeout: keepAlive, keepAliveMaxTimeout: keepAlive * 6, maxResponseSize: limit });
  const origin = new URL(baseUrl).origin;
  return async (req) => {
    let bytes: Buffer;
    let status: number;
    let headers: Record<string, string | string[] | undefined>;
    try {
      const res = await request(buildUrl(baseUrl, req.path, req.query), {
        method: req.method,
        headers: req.headers,
        body: req.body,
        signal: req.signal,
        dispatcher: agent,
      });
      status = res.statusCode;
      headers = res.headers;
      // A declared length over the cap fails before a byte of the body is read.
      if (Number(firstValue(headers['content-length']) ?? 0) > limit) {
        res.body.destroy();
        throw new BodyTooLargeError(limit);
      }
      // Reading here, always, frees the connection for the next call even when nobody wants the body.
      bytes = Buffer.from(await res.body.arrayBuffer());
    } catch (err) {
      throw transportError(err, req.signal, origin, limit);
    }
    let text: string | undefined;
    let parsed: { value: unknown } | undefined;
    const readText = () => (text ??= bytes.toString('utf8'));
    return {
      status,
      header: (name) => firstValue(headers[name.toLowerCase()]),
      text: () => Promise.resolve(readText()),
      raw: () => bytes,
      json: () => {
        try {
          parsed ??= { value: parseJsonBytes(bytes) };
          return Promise.resolve(parsed.value);
        } catch (err) {
          return Promise.reject(err as Error);
        }
      },
    };
  };
}
