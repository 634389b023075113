import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../adapters/openapi/build-openapi.js';
import { TOOLS } from '../tools/index.js';
import { countTool, echoTool } from './fixtures/demo-tools.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

describe('OpenAPI 3.1 document', () => {
  it('is valid OpenAPI 3.1 by a standard validator', async () => {
    const validator = new Validator();
    const res = await validator.validate(buildOpenApi([...TOOLS, echoTool, countTool]) as unknown as Parameters<Validator["validate"]>[0]);
    expect(res.errors ?? []).toEqual([]);
    expect(res.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('is served at /openapi.json and equals the committed openapi.json', async () => {
    const served = await (await server.get('/openapi.json')).json();
    const committed = JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8'));
    expect(served).toEqual(committed);
    expect(served).toMatchObject({ openapi: '3.1.0', info: { title: 'Deal Engine API', version: '1.0.0' } });
  });

  it('documents an Idempotency-Key header on exactly the tools that honour one (the SDKs read it)', () => {
    const doc = buildOpenApi(TOOLS);
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.entries(item as Record<string, { parameters?: { name: string; in: string }[] }>)
        .filter(([, op]) => op.parameters?.some((p) => p.in === 'header' && p.name === 'Idempotency-Key'))
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    const honoured = TOOLS.flatMap((t) => (t.rest && t.rest.idempotencyKey ? [`${t.rest.method} ${t.rest.path}`] : []));
    expect(documented.sort()).toEqual(honoured.sort());
    expect(documented).toEqual(expect.arrayContaining(['POST /api/book', 'POST /api/booking/hold', 'POST /api/hotels/book', 'POST /api/cars/book']));
  });

  it('declares 422 as HTTPValidationError and SSE as text/event-stream', () => {
    const doc = buildOpenApi([...TOOLS, echoTool, countTool]);
    const suggest = doc.paths?.['/api/places/suggest']?.get;
    expect(suggest?.responses?.['422']).toEqual({ description: 'Validation error', content: { 'application/json': { schema: { $ref: '#/components/schemas/HTTPValidationError' } } } });
    expect(suggest?.parameters).toContainEqual(expect.objectContaining({ name: 'query', in: 'query', required: true }));
    const stream = doc.paths?.['/api/test/count']?.post;
    expect(Object.keys(stream?.responses?.['200']?.content ?? {})).toEqual(['text/event-stream']);
    const echo = doc.paths?.['/api/test/items/{item_id}/echo']?.post;
    expect(echo?.parameters?.map((p) => ('name' in p ? `${p.in}:${p.name}` : ''))).toEqual(['path:item_id', 'query:verbose']);
    expect(Object.keys((echo?.requestBody as { content: { 'application/json': { schema: { properties: object } } } }).content['application/json'].schema.properties)).toEqual(['origin', 'passengers', 'cabin_class', 'tags']);
    expect(echo?.responses?.['410']).toBeDefined();
  });
});
