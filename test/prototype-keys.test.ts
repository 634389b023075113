import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleInput } from '../adapters/rest/assemble-input.js';
import { planInput } from '../adapters/rest/input-plan.js';
import { countTool, echoTool } from './fixtures/demo-tools.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// A body key "__proto__" is an ordinary (unknown) key of the tool input: it never
// becomes the input's prototype, so its fields cannot stand in for real ones.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ tools: [echoTool, countTool] });
});
afterAll(() => server.close());

const ECHO = '/api/test/items/abc/echo';
type Detail = { loc: (string | number)[]; msg: string; type: string };

describe('prototype keys in a body', () => {
  it('are kept as own keys when the input is assembled, leaving the prototype alone', () => {
    const body = JSON.parse('{"origin":"LIS","__proto__":{"passengers":2,"polluted":true}}') as unknown;
    const assembled = assembleInput(planInput(echoTool), { item_id: 'abc' }, {}, body);
    expect(assembled.ok).toBe(true);
    if (!assembled.ok) return;
    expect(Object.getPrototypeOf(assembled.input)).toBe(Object.prototype);
    expect(Object.keys(assembled.input)).toContain('__proto__');
    expect((assembled.input as { passengers?: unknown }).passengers).toBeUndefined();
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  });

  it('are an unknown key (422) on a strict schema, and lend no field', async () => {
    const res = await server.post(ECHO, '{"origin":"LIS","__proto__":{"passengers":2}}');
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: Detail[] };
    expect(detail).toContainEqual({ loc: ['body', '__proto__'], msg: 'Extra inputs are not permitted', type: 'extra_forbidden' });
    expect(detail).toContainEqual({ loc: ['body', 'passengers'], msg: 'Field required', type: 'missing' });
    const withAll = await server.post(ECHO, '{"origin":"LIS","passengers":2,"__proto__":{"cabin_class":"business"}}');
    expect(withAll.status).toBe(422);
    const both = (await withAll.json()) as { detail: Detail[] };
    expect(both.detail.map((d) => d.loc)).toEqual([['body', '__proto__']]);
  });

  it('lend no field on a non-strict schema either', async () => {
    const res = await server.post('/api/test/count', '{"__proto__":{"count":2}}');
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: Detail[] };
    expect(detail).toContainEqual({ loc: ['body', 'count'], msg: 'Field required', type: 'missing' });
  });

  it('constructor and prototype keys are plain unknown keys too', async () => {
    const res = await server.post(ECHO, '{"origin":"LIS","passengers":2,"constructor":{"prototype":{"x":1}},"prototype":{}}');
    expect(res.status).toBe(422);
    const { detail } = (await res.json()) as { detail: Detail[] };
    expect(detail.map((d) => d.loc)).toEqual(expect.arrayContaining([['body', 'constructor'], ['body', 'prototype']]));
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});
