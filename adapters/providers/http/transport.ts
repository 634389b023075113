// One small HTTP seam under every JSON provider adapter. The real transport is
// fetch; a simulator plugs in the same seam and speaks the same wire format, so
// the adapters' mapping code runs identically against both.

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
}

export type HttpTransport = (req: HttpRequest) => Promise<HttpResponse>;

export function buildUrl(baseUrl: string, path: string, query: Record<string, QueryValue> = {}): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

/** The real transport: fetch against a base URL (the provider's, or a local fake's in tests). */
export function fetchTransport(baseUrl: string, fetchImpl: typeof fetch = fetch): HttpTransport {
  return async (req) => {
    const res = await fetchImpl(buildUrl(baseUrl, req.path, req.query), {
      method: req.method,
      headers: req.headers,
      body: req.body,
      signal: req.signal,
    });
    let text: Promise<string> | undefined;
    const readText = () => (text ??= res.text());
    return {
      status: res.status,
      header: (name) => res.headers.get(name),
      text: readText,
      json: async () => JSON.parse(await readText()) as unknown,
    };
  };
}
