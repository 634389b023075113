/* global document, fetch, TextDecoder, crypto */
// How the search page talks to the API: JSON calls whose failures carry the API's own
// words, and the Server-Sent Events of POST /api/search read from a fetch body.

/** The API's message for a failed answer: each 422 issue as "field: message", else its detail and hint. */
export function problemText(status, problem) {
  if (Array.isArray(problem?.detail)) {
    const issues = problem.detail.map((d) => {
      const field = (d.loc ?? []).filter((p) => p !== 'body' && p !== 'query' && p !== 'path').join('.');
      return field ? `${field}: ${d.msg}` : d.msg;
    });
    return `HTTP ${status}: ${issues.join('; ')}`;
  }
  if (typeof problem?.detail === 'string') return `HTTP ${status}: ${problem.detail}${problem.hint ? ` (${problem.hint})` : ''}`;
  return `HTTP ${status}`;
}

export class ApiError extends Error {
  constructor(status, problem) {
    super(problemText(status, problem));
    this.status = status;
    this.problem = problem;
  }
}

/** One JSON call; spending calls carry a fresh random Idempotency-Key (a guest's key must be unguessable). */
export async function api(method, path, body, { idempotent = false } = {}) {
  const headers = { accept: 'application/json' };
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (idempotent) headers['idempotency-key'] = crypto.randomUUID();
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const problem = await res.json().catch(() => null);
  if (!res.ok) throw new ApiError(res.status, problem);
  return problem;
}

/** Splits a fetch body into SSE events: blank-line separated blocks of `data:` lines holding JSON. */
export async function* readEvents(body, signal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (!signal.aborted) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

/** Builds an element; text always goes through textContent so provider data never becomes markup. */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v === true ? '' : String(v));
  for (const c of children) if (c !== undefined && c !== null) node.append(typeof c === 'string' ? document.createTextNode(c) : c);
  return node;
}
