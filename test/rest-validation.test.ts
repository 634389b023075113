import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { echoTool } from './fixtures/demo-tools.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ tools: [...TOOLS, echoTool], env: { BODY_LIMIT: '2kb' } });
});
afterAll(() => server.close());

const ECHO = '/api/test/items/abc/echo';
const valid = { origin: 'LIS', passengers: 2 };

async function detail(res: Response) {
  expect(res.status).toBe(422);
  const body = (await res.json()) as { detail: { loc: (string | number)[]; msg: string; type: string }[] };
  expect(Array.isArray(body.detail)).toBe(true);
  for (const d of body.detail) {
    expect(typeof d.msg).toBe('string');
    expect(typeof d.type).toBe('string');
    expect(Array.isArray(d.loc)).toBe(true);
  }
  return body.detail;
}

describe('REST adapter: input split and validation', () => {
  it('assembles path, query and body into one tool input', async () => {
    const res = await server.post(`${ECHO}?verbose=true`, { ...valid, cabin_class: 'business' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ item_id: 'abc', origin: 'LIS', passengers: 2, cabin_class: 'business', verbose: true });
  });

  it('names a missing body field with loc ["body", field]', async () => {
    const d = await detail(await server.post(ECHO, { origin: 'LIS' }));
    expect(d).toContainEqual({ loc: ['body', 'passengers'], msg: 'Field required', type: 'missing' });
  });

  it('reports wrong types, bounds, enums and extra fields FastAPI-style', async () => {
    const d = await detail(await server.post(ECHO, { origin: 7, passengers: 12, cabin_class: 'first', surprise: 1 }));
    const byField = Object.fromEntries(d.map((x) => [x.loc.join('.'), x.type]));
    expect(byField['body.origin']).toBe('string_type');
    expect(byField['body.passengers']).toBe('less_than_equal');
    expect(byField['body.cabin_class']).toBe('enum');
    expect(byField['body.surprise']).toBe('extra_forbidden');
  });

  it('puts path and query problems under "path" and "query"', async () => {
    const d = await detail(await server.post('/api/test/items/a/echo?verbose=maybe', valid));
    expect(d.map((x) => x.loc)).toEqual(expect.arrayContaining([['path', 'item_id'], ['query', 'verbose']]));
  });

  it('answers malformed JSON with 422 json_invalid', async () => {
    const d = await detail(await server.post(ECHO, '{"origin": "LIS",'));
    expect(d[0]).toMatchObject({ loc: ['body'], type: 'json_invalid' });
  });

  it('answers a non-JSON content type with 422', async () => {
    const d = await detail(await server.post(ECHO, 'origin=LIS', { headers: { 'content-type': 'application/x-www-form-urlencoded' } }));
    expect(d[0]).toMatchObject({ loc: ['body'], type: 'content_type' });
  });

  it('answers a body that is not an object with 422', async () => {
    for (const body of ['[1,2]', '"text"', 'null', '42']) {
      const d = await detail(await server.post(ECHO, body));
      expect(d[0]?.loc[0]).toBe('body');
    }
  });

  it('answers an empty body with the missing fields', async () => {
    const res = await fetch(server.url + ECHO, { method: 'POST' });
    const d = await detail(res);
    expect(d.map((x) => x.loc.join('.'))).toEqual(expect.arrayContaining(['body.origin', 'body.passengers']));
  });

  it('answers an oversized body with 413', async () => {
    const res = await server.post(ECHO, { ...valid, pad: 'x'.repeat(5000) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('maps a tool error through the vocabulary and hides internal errors', async () => {
    const gone = await server.post('/api/test/items/expired/echo', valid);
    expect(gone.status).toBe(410);
    expect(await gone.json()).toMatchObject({ code: 'GONE', detail: 'That item expired' });
    const crash = await server.post('/api/test/items/crash/echo', valid);
    expect(crash.status).toBe(500);
    const body = await crash.text();
    expect(body).not.toContain('secret internal detail');
  });

  it('never lets an output that breaks its schema through', async () => {
    const res = await server.post('/api/test/items/broken/echo', valid);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'INTERNAL' });
  });

  it('validates query parameters with coercion (places.suggest)', async () => {
    let d = await detail(await server.get('/api/places/suggest'));
    expect(d).toContainEqual({ loc: ['query', 'query'], msg: 'Field required', type: 'missing' });
    d = await detail(await server.get('/api/places/suggest?query=lis&limit=abc'));
    expect(d[0]).toMatchObject({ loc: ['query', 'limit'], type: 'float_parsing' });
    d = await detail(await server.get('/api/places/suggest?query=lis&limit=0'));
    expect(d[0]).toMatchObject({ loc: ['query', 'limit'], type: 'greater_than_equal' });
    d = await detail(await server.get('/api/places/suggest?query=lis&limit=51'));
    expect(d[0]).toMatchObject({ loc: ['query', 'limit'], type: 'less_than_equal' });
    d = await detail(await server.get('/api/places/suggest?query=lis&limit=2.5'));
    expect(d[0]).toMatchObject({ loc: ['query', 'limit'], type: 'int_from_float' });
  });

  it('answers unknown routes 404 and wrong methods 405 with Allow', async () => {
    const missing = await server.get('/api/nope');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ detail: 'Not Found', code: 'NOT_FOUND' });
    const wrong = await fetch(`${server.url}/api/places/suggest?query=x`, { method: 'DELETE' });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toContain('GET');
  });

  it('answers a malformed percent-encoding with a 4xx, not a 5xx', async () => {
    const res = await server.post('/api/test/items/%E0%A4%A/echo', valid);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });

  it('carries a request id on every answer', async () => {
    const res = await server.get('/health', { headers: { 'x-request-id': 'abc-123' } });
    expect(res.headers.get('x-request-id')).toBe('abc-123');
  });
});
