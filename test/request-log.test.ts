import express from 'express';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { logRequests } from '../adapters/http/request-log.js';

// The access log is written as one prebuilt string (issue 19): it must stay the line
// pino itself would write, for every request, completed or aborted.
function capture() {
  const lines: string[] = [];
  return { lines, stream: { write: (s: string) => void lines.push(s) } };
}

const servers: Server[] = [];
afterEach(() => servers.splice(0).forEach((s) => s.close()));

async function serve(logger: pino.Logger): Promise<string> {
  const app = express();
  app.use(logRequests(app, logger));
  app.get('/ok', (_req, res) => void res.json({ ok: true }));
  app.get('/gone', (_req, res) => void res.status(404).json({}));
  app.get('/boom', (_req, res) => void res.status(503).end());
  app.get('/hang', (req) => void req.socket.destroy());
  const server = app.listen(0, '127.0.0.1');
  servers.push(server);
  await new Promise((r) => server.once('listening', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('request log', () => {
  it('writes the same JSON line as pino, one per request, at the level the status calls for', async () => {
    const fast = capture();
    const url = await serve(pino({ level: 'info' }, fast.stream));
    await fetch(`${url}/ok?q="x"\\y`, { headers: { 'x-request-id': 'abc-1' } });
    await fetch(`${url}/gone`);
    await fetch(`${url}/boom`);
    await fetch(`${url}/hang`).catch(() => undefined);
    await settle();
    const got = fast.lines.map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(got).toHaveLength(4);
    expect(Object.keys(got[0]!)).toEqual(['level', 'time', 'pid', 'hostname', 'req_id', 'method', 'url', 'status', 'ms', 'msg']);
    expect(got[0]).toMatchObject({ level: 30, req_id: 'abc-1', method: 'GET', url: '/ok?q=%22x%22\\y', status: 200, msg: 'request completed' });
    expect(got[1]).toMatchObject({ level: 40, status: 404, msg: 'request completed' });
    expect(got[1]!.req_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got[2]).toMatchObject({ level: 50, status: 503 });
    expect(got[3]).toMatchObject({ url: '/hang', msg: 'request aborted' });
    expect(typeof got[0]!.ms).toBe('number');

    // pino's own call for the same entry gives the same keys in the same order.
    const ref = capture();
    pino({ level: 'info' }, ref.stream).info({ req_id: 'abc-1', method: 'GET', url: '/x', status: 200, ms: 1.5 }, 'request completed');
    expect(Object.keys(JSON.parse(ref.lines[0]!) as object)).toEqual(Object.keys(got[0]!));
  });

  it('honours the level and falls back to pino for loggers with a mixin', async () => {
    const quiet = capture();
    const url = await serve(pino({ level: 'warn' }, quiet.stream));
    await fetch(`${url}/ok`);
    await fetch(`${url}/gone`);
    await settle();
    expect(quiet.lines.map((l) => (JSON.parse(l) as { status: number }).status)).toEqual([404]);

    const mixed = capture();
    const url2 = await serve(pino({ level: 'info', mixin: () => ({ svc: 'de' }) }, mixed.stream));
    await fetch(`${url2}/ok`);
    await settle();
    expect(JSON.parse(mixed.lines[0]!)).toMatchObject({ svc: 'de', status: 200, msg: 'request completed' });
  });
});
