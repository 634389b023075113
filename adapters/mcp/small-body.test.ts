import { once } from 'node:events';
import { request, type IncomingHttpHeaders, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import express, { type ErrorRequestHandler, type RequestHandler } from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonBody, limitBytes } from './small-body.js';

// The short path must read every body exactly as express.json does: the same value, or
// the same error type (which is what the /mcp error handler answers from).
const servers: { close: () => void }[] = [];
const urls: Record<'ours' | 'theirs', string> = { ours: '', theirs: '' };

async function serve(parser: RequestHandler): Promise<string> {
  const app = express();
  app.post('/', parser, (req, res) => void res.json({ body: req.body as unknown }));
  app.use(((err: { type?: string }, _req, res, _next) => void res.status(400).json({ error: err.type })) as ErrorRequestHandler);
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
}

beforeAll(async () => {
  urls.ours = await serve(jsonBody('1mb'));
  urls.theirs = await serve(express.json({ limit: '1mb' }));
});
afterAll(() => servers.forEach((s) => s.close()));

/** Sends raw bytes (in two pieces when asked) and returns what the app saw. */
async function send(url: string, body: Buffer, headers: IncomingHttpHeaders, split = false): Promise<string> {
  const req = request(url, { method: 'POST', headers });
  if (split) {
    req.write(body.subarray(0, 3));
    await new Promise((r) => setTimeout(r, 20));
    req.end(body.subarray(3));
  } else req.end(body);
  const [res] = (await once(req, 'response')) as [IncomingMessage];
  let text = '';
  for await (const chunk of res) text += String(chunk);
  return `${res.statusCode} ${text}`;
}

const json = 'application/json';
const cases: [string, string | Buffer, IncomingHttpHeaders, boolean?][] = [
  ['a JSON-RPC call', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}', { 'content-type': json }],
  ['the same in two pieces', '{"jsonrpc":"2.0","id":1,"method":"ping"}', { 'content-type': json }, true],
  ['charset utf-8', '{"a":"é"}', { 'content-type': 'application/json; charset=utf-8' }],
  ['a batch', '[{"a":1}]', { 'content-type': json }],
  ['leading whitespace', ' \n\t{"a":1}', { 'content-type': json }],
  ['a UTF-8 byte-order mark', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"a":1}')]), { 'content-type': json }],
  ['a bare number', '123', { 'content-type': json }],
  ['a string', '"x"', { 'content-type': json }],
  ['broken JSON', '{"a":', { 'content-type': json }],
  ['an empty body', '', { 'content-type': json, 'content-length': '0' }],
  ['chunked, no length', '{"a":1}', { 'content-type': json, 'transfer-encoding': 'chunked' }],
  ['another media type', '{"a":1}', { 'content-type': 'text/plain' }],
  ['utf-16', Buffer.from('{"a":1}', 'utf16le'), { 'content-type': 'application/json; charset=utf-16le' }],
  ['a charset body-parser refuses', '{"a":1}', { 'content-type': 'application/json; charset=latin1' }],
  ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]), { 'content-type': json }],
];

describe('jsonBody', () => {
  it.each(cases)('reads %s as express.json does', async (_case, raw, headers, split) => {
    const body = Buffer.isBuffer(raw) ? raw : Buffer.from(raw);
    const withLength = headers['transfer-encoding'] ? headers : { 'content-length': String(body.length), ...headers };
    const ours = await send(urls.ours, body, withLength, split);
    expect(ours).toBe(await send(urls.theirs, body, withLength, split));
  });

  it('reads limits in body-parser notation', () => {
    expect(limitBytes('1mb')).toBe(1024 * 1024);
    expect(limitBytes('100kb')).toBe(102_400);
    expect(limitBytes('512')).toBe(512);
    expect(limitBytes('lots')).toBe(0);
  });
});
