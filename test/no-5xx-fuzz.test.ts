import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOLS } from '../tools/index.js';
import { bearer } from './helpers/api.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Throws hostile input at every bound route: nothing a caller sends may yield a 5xx.
// Signed in (an API key and the internal key) it sends NUL bytes, lone surrogates,
// numbers past a double and prototype keys in the path, query and body of each.

const INTERNAL_KEY = 'internal-key-for-fuzz-tests-0123456789';
let server: TestServer;
let callers: Record<string, string>[];
beforeAll(async () => {
  server = await startTestServer({ env: { INTERNAL_API_KEY: INTERNAL_KEY } });
  callers = [await bearer(server, 'fuzz-user', 'business'), { 'x-internal-key': INTERNAL_KEY }];
});
afterAll(() => server.close());

const WEIRD_VALUES: unknown[] = ['', ' ', 'a'.repeat(500), -1, 0, 1e308, 3.7, true, null, [], {}, ['x', 'y'], { $gt: '' }, '../../etc/passwd', '\u0000', '😀', "' OR 1=1 --"];
const WEIRD_SEGMENTS = ['x', '%00', '%2F', '..', 'a'.repeat(300), '%E2%82', '😀'];
const WEIRD_BODIES = ['', '{', '[]', 'null', '"s"', '{"a":', JSON.stringify({ deep: JSON.parse('['.repeat(50) + ']'.repeat(50)) })];

const PROTO_BODY = '{"__proto__":{"user_id":"x","admin":true},"constructor":{"prototype":{"polluted":true}},"prototype":{}}';
const NUL_CASES: [string, unknown][] = [['%00', 'a\u0000'], ['a%00b', '\u0000'], ['x', ['x\u0000']], ['x', { 'k\u0000': 'v', k: 'v\u0000' }]];
// A lone surrogate only survives in JSON ("\ud800"); in a URL it is invalid UTF-8 (%ED%A0%80) or becomes U+FFFD.
const SURROGATE_CASES: [string, unknown][] = [['%ED%A0%80', '\ud800'], ['x', 'a\udc00b'], ['x', ['\udbff']], ['x', { 'k\ud800': 'v', k: '\udfff' }]];
const NUMBER_CASES: [string, unknown][] = [['1e308', 1e308], ['x', -1e308], ['9007199254740993', 2 ** 53 + 1], ['x', Number.MAX_VALUE], ['99999999999999999999999999', '99999999999999999999999999']];
const HOSTILE_CASES = [...NUL_CASES, ...SURROGATE_CASES, ...NUMBER_CASES];
/** Numbers JSON.stringify cannot write: beyond a double (Infinity once parsed) and more digits than one holds. */
const hugeNumbersBody = (keys: string[]) => `{${keys.map((k, i) => `${JSON.stringify(k)}:${i % 2 ? '-1e400' : '1' + '0'.repeat(400)}`).join(',')}}`;
const PROTO_QUERY = '__proto__[user_id]=x&__proto__[admin]=true&constructor[prototype][polluted]=1&prototype=x';

function fillPath(path: string, segment: string): string {
  return path.replace(/\{[^}]+\}/g, segment);
}

describe('no input yields a 5xx', () => {
  for (const tool of TOOLS) {
    if (!tool.rest) continue;
    const { method, path } = tool.rest;
    it(`${method} ${path}`, async () => {
      const keys = Object.keys(tool.input.shape);
      const statuses: number[] = [];
      for (const segment of WEIRD_SEGMENTS) {
        for (const value of WEIRD_VALUES) {
          const url = new URL(server.url + fillPath(path, segment));
          for (const k of keys) url.searchParams.append(k, typeof value === 'string' ? value : JSON.stringify(value));
          const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(Object.fromEntries(keys.map((k) => [k, value])));
          const res = await fetch(url, { method, ...(body ? { body, headers: { 'content-type': 'application/json' } } : {}) });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
      }
      if (method !== 'GET' && method !== 'DELETE') {
        for (const raw of WEIRD_BODIES) {
          const res = await fetch(server.url + fillPath(path, 'x'), { method, body: raw, headers: { 'content-type': 'application/json' } });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
      }
      // NUL characters, lone surrogates, huge numbers and prototype keys as signed-in callers, so they get past authentication to the stores.
      for (const headers of callers) {
        for (const [segment, value] of HOSTILE_CASES) {
          const url = new URL(server.url + fillPath(path, segment));
          for (const k of keys) url.searchParams.append(k, typeof value === 'string' ? value : JSON.stringify(value));
          const body = method === 'GET' || method === 'DELETE' ? undefined : JSON.stringify(Object.fromEntries(keys.map((k) => [k, value])));
          const res = await fetch(url, { method, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) }, ...(body ? { body } : {}) });
          await res.arrayBuffer();
          statuses.push(res.status);
        }
        const query = await fetch(`${server.url}${fillPath(path, 'x')}?${PROTO_QUERY}`, { method, headers });
        await query.arrayBuffer();
        statuses.push(query.status);
        if (method !== 'GET' && method !== 'DELETE') {
          for (const body of [PROTO_BODY, hugeNumbersBody(keys)]) {
            const res = await fetch(server.url + fillPath(path, 'x'), { method, body, headers: { ...headers, 'content-type': 'application/json' } });
            await res.arrayBuffer();
            statuses.push(res.status);
          }
        }
      }
      expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
      expect(statuses.filter((s) => s >= 500)).toEqual([]);
    });
  }
});
