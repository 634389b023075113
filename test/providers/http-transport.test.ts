import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BodyTooLargeError, NetworkError, httpTransport } from '../../adapters/providers/http/transport.js';

// The real transport against a local server: what it sends, what it hands back,
// the body cap (declared and streamed), the caller's abort and a refused connection.

const LIMIT = 64 * 1024;
/** A seats.aero-sized page (~300 KB, past V8's 128 KB large-string line) with text in several scripts. */
const BIG_PAGE = JSON.stringify({
  data: Array.from({ length: 700 }, (_, i) => ({ ID: `row${i}`, Route: { Name: i % 7 ? 'Heathrow' : 'Zürich – "Kloten" {a,b} [c]' }, Note: i % 11 ? 'x'.repeat(400) : 'é東😀' })),
  hasMore: false,
});
let base = '';
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
const routes: Record<string, (req: IncomingMessage, res: ServerResponse) => void> = {
  '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] }).end('{"b":1,"a":[1,2],"é":"Zürich"}'),
  '/echo': (req, res) => res.writeHead(201).end(JSON.stringify(seen.at(-1))),
  '/declared-big': (_req, res) => res.writeHead(200, { 'content-length': String(LIMIT + 1) }).end('x'.repeat(LIMIT + 1)),
  '/streamed-big': (_req, res) => {
    // Chunked, no length: the cap is found while reading.
    res.writeHead(200);
    for (let i = 0; i < 20; i++) res.write('y'.repeat(8 * 1024));
    res.end();
  },
  '/slow-body': (_req, res) => {
    res.writeHead(200);
    res.write('{"partial":');
    // Never ends: only the caller's abort stops it.
  },
  '/not-json': (_req, res) => res.writeHead(502).end('<html>bad gateway</html>'),
  '/big-page': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(BIG_PAGE),
};
const server = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString() });
    routes[new URL(req.url!, 'http://x').pathname.replace(/^\/base/, '')]!(req, res);
  });
});

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base/`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

const signal = () => new AbortController().signal;
const failure = async (p: Promise<unknown>) => p.then(() => { throw new Error('expected a failure'); }, (err: unknown) => err);

describe('httpTransport', () => {
  let made: ReturnType<typeof httpTransport> | undefined;
  // Made on first use: the server's port is known only once it listens.
  const transport: ReturnType<typeof httpTransport> = (req) => (made ??= httpTransport(base, { maxBodyBytes: LIMIT }))(req);

  it('hands back status, headers, text and parsed JSON of one read body', async () => {
    const res = await transport({ method: 'GET', path: '/json', signal: signal() });
    expect(res.status).toBe(200);
    expect(res.header('Content-Type')).toBe('application/json');
    expect(res.header('x-twice')).toBe('a');
    expect(res.header('x-missing')).toBeNull();
    expect(await res.json()).toEqual({ b: 1, a: [1, 2], é: 'Zürich' });
    expect(await res.text()).toBe('{"b":1,"a":[1,2],"é":"Zürich"}');
    expect(Buffer.from(res.raw!()).toString()).toBe('{"b":1,"a":[1,2],"é":"Zürich"}');
  });

  it('parses a big answer with non-ASCII text to what JSON.parse of its UTF-8 gives', async () => {
    const res = await httpTransport(base)({ method: 'GET', path: '/big-page', signal: signal() });
    expect(Buffer.byteLength(BIG_PAGE)).toBeGreaterThan(256 * 1024);
    const value = (await res.json()) as { data: { Route: { Name: string }; Note: string }[] };
    expect(JSON.stringify(value)).toBe(BIG_PAGE);
    expect(value.data[0]!.Route.Name).toBe('Zürich – "Kloten" {a,b} [c]');
    expect(value.data[0]!.Note).toBe('é東😀');
  });

  it('sends method, headers, body and the query under the base path', async () => {
    seen = [];
    const res = await transport({ method: 'POST', path: '/echo', query: { q: 'a b&c', n: 3, yes: true, skip: undefined }, headers: { 'x-key': 'k' }, body: '{"x":1}', signal: signal() });
    expect(res.status).toBe(201);
    const got = (await res.json()) as (typeof seen)[number];
    expect(got.method).toBe('POST');
    expect(got.url).toBe('/base/echo?q=a+b%26c&n=3&yes=true');
    expect(got.headers['x-key']).toBe('k');
    expect(got.headers['content-length']).toBe('7');
    expect(got.body).toBe('{"x":1}');
  });

  it('keeps a body that is not JSON readable as text, and json() fails with a SyntaxError', async () => {
    const res = await transport({ method: 'GET', path: '/not-json', signal: signal() });
    expect(res.status).toBe(502);
    expect(await res.text()).toBe('<html>bad gateway</html>');
    expect(await failure(res.json())).toBeInstanceOf(SyntaxError);
  });

  it('fails a body over the cap, declared or streamed, and goes on serving calls', async () => {
    for (const path of ['/declared-big', '/streamed-big']) {
      const err = await failure(transport({ method: 'GET', path, signal: signal() }));
      expect(err).toBeInstanceOf(BodyTooLargeError);
      expect((err as BodyTooLargeError).limitBytes).toBe(LIMIT);
    }
    expect((await transport({ method: 'GET', path: '/json', signal: signal() })).status).toBe(200);
  });

  it("fails with the caller's reason when it aborts before or while the body arrives", async () => {
    const before = new AbortController();
    before.abort(new Error('gone before'));
    expect(await failure(transport({ method: 'GET', path: '/json', signal: before.signal }))).toMatchObject({ message: 'gone before' });
    const during = new AbortController();
    setTimeout(() => during.abort(new Error('gone during')), 50);
    expect(await failure(transport({ method: 'GET', path: '/slow-body', signal: during.signal }))).toMatchObject({ message: 'gone during' });
  });

  it('reports an unreachable upstream as a NetworkError naming the origin only', async () => {
    const closed = createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((r) => closed.close(r));
    const err = await failure(httpTransport(`http://127.0.0.1:${port}`)({ method: 'GET', path: '/x', query: { api_key: 'secret' }, signal: signal() }));
    expect(err).toBeInstanceOf(NetworkError);
    expect((err as Error).message).toBe(`could not reach http://127.0.0.1:${port}`);
  });
});
