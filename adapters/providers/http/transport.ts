import { Agent, errors as undiciErrors, type Dispatcher } from 'undici';
import { answerQueue } from './answer-queue.js';
import { jsonText } from './json-text.js';

// One small HTTP seam under every JSON provider adapter. The real transport is
// undici's dispatcher on a keep-alive Agent; a simulator plugs in the same seam and
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

/** The call's URL: the base without trailing slashes, the path, and each query value that is set. */
export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): URL {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url;
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

/** What a finished exchange left: status, headers and the body's bytes. */
interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  bytes: Buffer;
}

/**
 * One request through undici's dispatcher, the body gathered as the chunks
 * arrive. Not `request()`: that wraps every answer in a Node Readable and an
 * AsyncResource before `arrayBuffer()` copies the chunks out again, 2–3x the
 * CPU of this per call (~60–150 vs ~170–320 µs for the bench's bodies). The cap
 * is undici's maxResponseSize (Content-Length first, then bytes as they come),
 * and the caller's abort stops the request at any point, as with `request()`.
 */
function exchange(agent: Agent, url: URL, req: HttpRequest, limit: number): Promise<Exchange> {
  const { signal } = req;
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    let controller: Dispatcher.DispatchController | null = null;
    let status = 0;
    let headers: Exchange['headers'] = {};
    const chunks: Buffer[] = [];
    const onAbort = () => controller?.abort(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal.removeEventListener('abort', onAbort);
    const handler: Dispatcher.DispatchHandler = {
      onRequestStart(c) {
        controller = c;
        // Aborted while queued for a connection.
        if (signal.aborted) c.abort(signal.reason as Error);
      },
      onResponseStart(c, statusCode, h) {
        if (statusCode < 200) return; // an informational answer; the real one follows
        status = statusCode;
        headers = h;
        // A declared length over the cap fails before a byte of the body is read.
        if (Number(firstValue(h['content-length']) ?? 0) > limit) c.abort(new BodyTooLargeError(limit));
      },
      onResponseData(_c, chunk) {
        chunks.push(chunk);
      },
      onResponseEnd() {
        settle();
        resolve({ status, headers, bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks) });
      },
      onResponseError(_c, err) {
        settle();
        reject(err);
      },
    };
    const path = url.pathname + url.search;
    agent.dispatch({ origin: url.origin, path, method: req.method, headers: req.headers, body: req.body ?? null }, handler);
  });
}

/**
 * The real transport against a base URL (the provider's, or a local fake's in tests).
 * The body is read once, as bytes, under the size cap, then decoded and parsed at
 * most once, whole. (Big bodies used to be parsed in pieces to keep each string
 * under V8's 128 KB large-object line; with npm start's 64 MB young generation
 * the pass that found the pieces cost more than the large string it avoided:
 * a seats.aero page parsed in 0.56 ms instead of 0.90, README "Performance".)
 */
export function httpTransport(baseUrl: string, opts: HttpTransportOptions = {}): HttpTransport {
  const limit = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const keepAlive = opts.keepAliveMs ?? 10_000;
  const agent = new Agent({ keepAliveTimeout: keepAlive, keepAliveMaxTimeout: keepAlive * 6, maxResponseSize: limit });
  const origin = new URL(baseUrl).origin;
  return async (req) => {
    let answer: Exchange;
    try {
      // Read here, always: the connection is free for the next call even when nobody wants the body.
      answer = await exchange(agent, buildUrl(baseUrl, req.path, req.query), req, limit);
    } catch (err) {
      throw transportError(err, req.signal, origin, limit);
    }
    // A follow-up (its search already shows results) is read after first results (answer-queue.ts).
    const turn = answerQueue.turn(req.signal);
    if (turn) await turn;
    const { status, headers, bytes } = answer;
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
          parsed ??= { value: JSON.parse(jsonText(bytes)) as unknown };
          return Promise.resolve(parsed.value);
        } catch (err) {
          return Promise.reject(err as Error);
        }
      },
    };
  };
}
