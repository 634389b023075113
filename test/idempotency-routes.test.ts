import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/_kit/define-tool.js';
import { ToolError } from '../tools/_kit/errors.js';
import { TOOLS } from '../tools/index.js';
import { findOffer } from './booking/booking-helpers.js';
import { bearer } from './helpers/api.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Issue 22: every route that takes an Idempotency-Key answers a reuse with another
// body 409 (before any work: the card processor's own 422 never shows), replays the
// first answer for the same body with `Idempotent-Replayed: true`, and every error
// body carries the request id.

let runs = 0;
/** A route that counts its runs, so a replay is seen not to run again; `fail` makes it fail. */
const counterTool = defineTool({
  name: 'test.idempotent_counter',
  title: 'Idempotent counter',
  description: 'Counts its runs.',
  area: 'Test',
  input: z.object({ label: z.string(), fail: z.boolean().default(false) }).strict(),
  output: z.object({ label: z.string(), run: z.number() }),
  errors: ['CONFLICT', 'UPSTREAM_FAILED'],
  auth: 'user',
  rest: { method: 'POST', path: '/api/test/idempotent-counter', idempotencyKey: true },
  mcp: false,
  handler: async (_ctx, input) => {
    if (input.fail) throw new ToolError('UPSTREAM_FAILED', 'told to fail');
    runs++;
    return { label: input.label, run: runs };
  },
});

let server: TestServer;
let me: Record<string, string>;
beforeAll(async () => {
  server = await startTestServer({ tools: [...TOOLS, counterTool] });
  me = await bearer(server, 'idempotency-routes');
});
afterAll(() => server.close());

const withKey = (key: string) => ({ headers: { ...me, 'idempotency-key': key } });

describe('Idempotency-Key on every route that takes one', () => {
  it('replays the same body with Idempotent-Replayed: true and refuses another body with 409', async () => {
    const first = await server.post('/api/test/idempotent-counter', { label: 'a' }, withKey('counter-1'));
    expect(first.status).toBe(200);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const body = (await first.json()) as { run: number };

    const again = await server.post('/api/test/idempotent-counter', { label: 'a' }, withKey('counter-1'));
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(await again.json()).toEqual(body);
    expect(runs).toBe(body.run); // it did not run again

    const other = await server.post('/api/test/idempotent-counter', { label: 'b' }, withKey('counter-1'));
    expect(other.status).toBe(409);
    const err = (await other.json()) as { code: string; request_id: string };
    expect(err.code).toBe('CONFLICT');
    expect(err.request_id).toBe(other.headers.get('x-request-id'));

    const noKey = await server.post('/api/test/idempotent-counter', { label: 'a' }, { headers: me });
    expect(noKey.headers.get('idempotent-replayed')).toBeNull();
    expect(((await noKey.json()) as { run: number }).run).toBe(body.run + 1);
  });

  it('records no failure: a retry after one runs, with any body', async () => {
    expect((await server.post('/api/test/idempotent-counter', { label: 'x', fail: true }, withKey('counter-2'))).status).toBe(502);
    const retry = await server.post('/api/test/idempotent-counter', { label: 'y' }, withKey('counter-2'));
    expect(retry.status).toBe(200);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('POST /api/booking/payment-intent: same key, other offer is 409 (not the processor\'s 422); same offer replays the intent', async () => {
    const a = await findOffer(server, () => true);
    const b = await findOffer(server, (o) => o.offer_id !== a.offer_id);
    const first = await server.post('/api/booking/payment-intent', { offer_id: a.offer_id }, withKey('pi-key-1'));
    expect(first.status, await first.clone().text()).toBe(200);
    const intent = (await first.json()) as { payment_intent_id: string };

    const replay = await server.post('/api/booking/payment-intent', { offer_id: a.offer_id }, withKey('pi-key-1'));
    expect(replay.status).toBe(200);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(((await replay.json()) as { payment_intent_id: string }).payment_intent_id).toBe(intent.payment_intent_id);

    const other = await server.post('/api/booking/payment-intent', { offer_id: b.offer_id }, withKey('pi-key-1'));
    expect(other.status, await other.clone().text()).toBe(409);
    expect(((await other.json()) as { code: string }).code).toBe('CONFLICT');
  });

  it('every route that documents an Idempotency-Key is a unary tool, so the check above applies to it', () => {
    const taking = TOOLS.filter((t) => t.rest && t.rest.idempotencyKey);
    expect(taking.length).toBeGreaterThanOrEqual(10);
    for (const t of taking) expect(t.kind, t.name).toBe('unary');
  });
});

describe('request_id in error bodies', () => {
  it('is the X-Request-Id, on 404, 422, 401 and on a caller-chosen id', async () => {
    const notFound = await server.get('/api/nowhere');
    expect(((await notFound.json()) as { request_id: string }).request_id).toBe(notFound.headers.get('x-request-id'));

    const invalid = await server.post('/api/test/idempotent-counter', { label: 3 }, { headers: me });
    expect(invalid.status).toBe(422);
    const body = (await invalid.json()) as { detail: unknown[]; request_id: string };
    expect(Array.isArray(body.detail)).toBe(true);
    expect(body.request_id).toBe(invalid.headers.get('x-request-id'));

    const anonymous = await server.post('/api/test/idempotent-counter', { label: 'a' }, { headers: { 'x-request-id': 'my-trace-42' } });
    expect(anonymous.status).toBe(401);
    expect(((await anonymous.json()) as { request_id: string }).request_id).toBe('my-trace-42');
  });
});
