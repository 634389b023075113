import { readFileSync } from 'node:fs';
import { Validator } from '@seriousme/openapi-schema-validator';
import type { ResponseObject } from 'openapi3-ts/oas31';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApi } from '../adapters/openapi/build-openapi.js';
import { TAG_DESCRIPTIONS } from '../adapters/openapi/document-info.js';
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
    expect(suggest?.responses?.['422']).toEqual({ $ref: '#/components/responses/ValidationFailed' });
    expect((doc.components?.responses?.['ValidationFailed'] as ResponseObject).content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/HTTPValidationError' });
    expect(suggest?.parameters).toContainEqual(expect.objectContaining({ name: 'query', in: 'query', required: true }));
    const stream = doc.paths?.['/api/test/count']?.post;
    expect(Object.keys(stream?.responses?.['200']?.content ?? {})).toEqual(['text/event-stream']);
    const echo = doc.paths?.['/api/test/items/{item_id}/echo']?.post;
    expect(echo?.parameters?.map((p) => ('name' in p ? `${p.in}:${p.name}` : ''))).toEqual(['path:item_id', 'query:verbose']);
    const bodyRef = (echo?.requestBody as { content: { 'application/json': { schema: { $ref: string } } } }).content['application/json'].schema.$ref;
    const body = doc.components?.schemas?.[bodyRef.replace('#/components/schemas/', '')] as { properties: object };
    expect(Object.keys(body.properties)).toEqual(['origin', 'passengers', 'cabin_class', 'tags']);
    expect(echo?.responses?.['410']).toBeDefined();
  });
});

describe('OpenAPI named schemas (issue 22)', () => {
  const doc = buildOpenApi(TOOLS);
  const schemas = doc.components?.schemas ?? {};
  const operations = Object.values(doc.paths ?? {}).flatMap((item) =>
    Object.values(item as Record<string, { operationId?: string; requestBody?: { content: Record<string, { schema: { $ref?: string } }> }; responses?: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }> }>)
      .filter((op) => op.operationId !== undefined && !op.operationId.startsWith('mcp_')));

  it('names the domain types and the spec request bodies under components.schemas', () => {
    const expected = [
      'FlightSearchRequest', 'HotelSearchRequest', 'BookingRequest', 'CreateOfferInput', 'SeatHoldInput', 'TravelerInput', 'Playbook',
      'CreateTripRequest', 'Flight', 'Offer', 'Segment', 'Passenger', 'Hotel', 'Booking', 'Order', 'Money', 'StayQuote', 'CarRate', 'Trip',
      'AlertResponse', 'HTTPValidationError', 'ErrorResponse',
    ];
    expect(Object.keys(schemas)).toEqual(expect.arrayContaining(expected));
  });

  it('refers to a named schema from every request body and every success answer', () => {
    const inline: string[] = [];
    for (const op of operations) {
      for (const media of Object.values(op.requestBody?.content ?? {})) if (!media.schema.$ref) inline.push(`${op.operationId} body`);
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!status.startsWith('2')) continue;
        for (const media of Object.values(response.content ?? {})) if (!media.schema.$ref) inline.push(`${op.operationId} ${status}`);
      }
    }
    expect(inline).toEqual([]);
  });

  it('keeps one schema per repeated shape: no inline copy of Money or Segment is left anywhere', () => {
    const shapeOf = (name: string) => JSON.stringify(Object.keys((schemas[name] as { properties: object }).properties).sort());
    const wanted = new Map([[shapeOf('Money'), 'Money'], [shapeOf('Segment'), 'Segment'], [shapeOf('FlightSegment'), 'FlightSegment']]);
    const copies: string[] = [];
    const visit = (node: unknown, where: string, root: boolean): void => {
      if (Array.isArray(node)) return node.forEach((n, i) => visit(n, `${where}/${i}`, false));
      if (typeof node !== 'object' || node === null) return;
      const props = (node as { properties?: object }).properties;
      if (!root && props && wanted.has(JSON.stringify(Object.keys(props).sort()))) copies.push(where);
      for (const [k, v] of Object.entries(node)) if (k !== 'examples' && k !== 'example') visit(v, `${where}/${k}`, false);
    };
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name, true);
    visit(doc.paths, 'paths', false);
    expect(copies).toEqual([]);
  });

  it('gives input-side and answer-side shapes that differ different names, and request defaults stay optional', () => {
    const request = schemas['FlightSearchRequest'] as { required?: string[]; properties: Record<string, { default?: unknown }> };
    expect(request.properties['passengers']?.default).toBe(1);
    expect(request.required ?? []).not.toContain('passengers');
    for (const name of Object.keys(schemas)) expect(name).not.toContain('@');
  });
});

describe('OpenAPI document completeness (issue 22)', () => {
  const doc = buildOpenApi(TOOLS);
  const toolOps = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.entries(item as Record<string, { operationId: string; tags?: string[]; parameters?: { name?: string }[]; responses: Record<string, { $ref?: string; headers?: Record<string, unknown> }> }>)
      .filter(([, op]) => !op.operationId.startsWith('mcp_'))
      .map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op })));

  it('documents 429 (RateLimit, Retry-After) and 503 (Retry-After) on every tool operation, and the headers on success', () => {
    expect(toolOps.length).toBe(TOOLS.filter((t) => t.rest).length);
    for (const { route, op } of toolOps) {
      expect(op.responses['429'], route).toEqual({ $ref: '#/components/responses/TooManyRequests' });
      expect(op.responses['503'], route).toEqual({ $ref: '#/components/responses/ServiceUnavailable' });
      const success = Object.entries(op.responses).find(([s]) => s.startsWith('2'))?.[1];
      const idempotent = (op.parameters ?? []).some((p) => p.name === 'Idempotency-Key');
      const headers = ['X-Request-Id', 'RateLimit', 'RateLimit-Policy', ...(idempotent ? ['Idempotent-Replayed'] : [])];
      if (success) expect(Object.keys(success.headers ?? {}), route).toEqual(headers);
      if (idempotent) expect(op.responses['409'], `${route}: a reused Idempotency-Key`).toBeDefined();
    }
    expect(Object.keys((doc.components?.responses?.['TooManyRequests'] as ResponseObject).headers ?? {})).toEqual(['X-Request-Id', 'RateLimit', 'RateLimit-Policy', 'Retry-After']);
    expect(Object.keys((doc.components?.responses?.['ServiceUnavailable'] as ResponseObject).headers ?? {})).toContain('Retry-After');
  });

  it('documents a 422 as HTTPValidationError, with ErrorResponse too only where the tool can answer UNPROCESSABLE', () => {
    for (const tool of TOOLS) {
      if (!tool.rest) continue;
      const op = (doc.paths?.[tool.rest.path] as Record<string, { responses: Record<string, { $ref?: string }> }>)[tool.rest.method.toLowerCase()];
      const documented = op?.responses['422']?.$ref;
      if (documented === undefined) continue;
      expect(documented, tool.name).toBe(tool.errors.includes('UNPROCESSABLE') ? '#/components/responses/ValidationFailedOrUnprocessable' : '#/components/responses/ValidationFailed');
    }
  });

  it('answers bad input with the documented HTTPValidationError body and an X-Request-Id header', async () => {
    const res = await server.post('/api/search', { origin: 'J' });
    expect(res.status).toBe(422);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    const body = (await res.json()) as { detail: { loc: unknown[]; msg: string; type: string }[] };
    expect(Array.isArray(body.detail)).toBe(true);
    expect(body.detail[0]).toEqual(expect.objectContaining({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) }));
  });

  it('declares every tag it uses with a description, a server, a licence and an introduction', () => {
    const used = new Set(toolOps.flatMap(({ op }) => op.tags ?? []));
    const declared = new Map((doc.tags ?? []).map((t) => [t.name, t.description]));
    for (const tag of used) expect(declared.get(tag), tag).toBeTruthy();
    for (const tool of TOOLS) expect(TAG_DESCRIPTIONS[tool.area], tool.area).toBeTruthy();
    expect(doc.servers?.length).toBeGreaterThan(0);
    expect(doc.info.license).toEqual({ name: 'MIT', identifier: 'MIT' });
    for (const section of ['## Getting started', '## Authentication', '## Errors', '## Idempotency', '## Rate limits']) expect(doc.info.description).toContain(section);
  });

  it("documents the SSE stream's error event", () => {
    const stream = doc.paths?.['/api/search']?.post?.responses?.['200']?.content?.['text/event-stream']?.schema as { $ref: string };
    const union = doc.components?.schemas?.[stream.$ref.replace('#/components/schemas/', '')] as { oneOf: { $ref: string }[] };
    expect(union.oneOf).toContainEqual({ $ref: '#/components/schemas/StreamError' });
    expect((doc.components?.schemas?.['StreamError'] as { properties: { type: unknown } }).properties.type).toEqual({ const: 'error' });
  });
});
