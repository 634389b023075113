import type { Request } from 'express';

/** The app's query parser (express's `query parser fn`); undefined when parsing is off. */
export type QueryParser = ((query: string) => Record<string, unknown>) | undefined;

/** What makes parseurl hand a path to url.parse instead of splitting it itself (the answer could then differ). */
const NOT_PLAIN = /[\t\n\f\r #\u00a0\ufeff]/;

/**
 * `req.query` as express computes it (the app's parser over parseurl's query part),
 * from the URL directly: express's getter builds a whole parsed-URL object per request
 * to read one substring. Unusual URLs still go through the getter itself.
 */
export function queryOf(req: Request, parse: QueryParser): Record<string, unknown> {
  const url = req.url;
  if (!parse || url.charCodeAt(0) !== 0x2f || NOT_PLAIN.test(url)) return req.query as Record<string, unknown>;
  const q = url.indexOf('?');
  return parse(q < 0 ? '' : url.slice(q + 1));
}
