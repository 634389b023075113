import express, { type RequestHandler } from 'express';

// A JSON-RPC message is a few hundred bytes, and body-parser's path for it (type-is,
// charset lookup, raw-body with its decoder and on-finished listeners) cost more CPU
// than the tool it carried. A plain UTF-8 JSON body with a small declared length is
// read here from the request's data events and parsed once; anything else (other
// charsets, compressed or chunked bodies, larger ones) goes through express.json as
// before. Failures carry body-parser's error types, so the router's error handler
// answers them exactly as it did.

/** Bodies up to this many bytes take the short path; a tools/call envelope is far below it. */
export const SMALL_BODY_BYTES = 16 * 1024;

const PLAIN_JSON = /^application\/json\s*(?:;\s*charset="?utf-8"?\s*)?$/i;

interface TypedError extends Error {
  type: string;
  status: number;
}

const typed = (type: string, status: number, message: string): TypedError => Object.assign(new Error(message), { type, status });

/** body-parser's strict rule: a JSON body is an object or an array; an empty one reads as {}. */
function parseStrict(text: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text; // iconv drops a UTF-8 BOM too
  if (body.length === 0) return {};
  const first = /^[ \t\n\r]*(.)/.exec(body)?.[1];
  if (first !== '{' && first !== '[') throw typed('entity.parse.failed', 400, 'JSON body must be an object or an array');
  try {
    return JSON.parse(body);
  } catch (err) {
    throw Object.assign(typed('entity.parse.failed', 400, (err as Error).message), { body });
  }
}

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** body-parser's limit in bytes (its `bytes` notation); 0 when unreadable, which turns the short path off. */
export function limitBytes(limit: string): number {
  const m = /^\s*(\d+(?:\.\d+)?)\s*(b|kb|mb|gb)?\s*$/i.exec(limit);
  return m ? Math.floor(Number(m[1]) * UNITS[(m[2] ?? 'b').toLowerCase()]!) : 0;
}

/** express.json({ limit }) with a short path for small plain JSON bodies. */
export function jsonBody(limit: string): RequestHandler {
  const general = express.json({ limit });
  const shortest = Math.min(SMALL_BODY_BYTES, limitBytes(limit));
  return (req, res, next) => {
    const declared = Number(req.headers['content-length']);
    const encoding = req.headers['content-encoding'];
    const small = Number.isInteger(declared) && declared > 0 && declared <= shortest;
    if (!small || (encoding !== undefined && encoding.toLowerCase() !== 'identity') || !PLAIN_JSON.test(req.headers['content-type'] ?? '') || req.headers['transfer-encoding'] !== undefined) {
      return general(req, res, next);
    }
    const chunks: Buffer[] = [];
    let received = 0;
    let settled = false;
    const finish = (err?: Error) => {
      if (settled) return;
      settled = true;
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('aborted', onAborted);
      req.removeListener('error', onError);
      if (err) {
        req.resume(); // drain what is left, as raw-body does
        return next(err);
      }
      try {
        const text = chunks.length === 1 ? chunks[0]!.toString('utf8') : Buffer.concat(chunks, received).toString('utf8');
        req.body = parseStrict(text);
        (req as { _body?: boolean })._body = true;
      } catch (parseErr) {
        return next(parseErr);
      }
      next();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > declared) return finish(typed('request.size.invalid', 400, 'request size did not match content length'));
      chunks.push(chunk);
    };
    const onEnd = () => finish(received === declared ? undefined : typed('request.size.invalid', 400, 'request size did not match content length'));
    const onAborted = () => finish(typed('request.aborted', 400, 'request aborted'));
    const onError = (err: Error) => finish(Object.assign(err, { type: 'stream.error', status: 400 }));
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('aborted', onAborted);
    req.on('error', onError);
  };
}
