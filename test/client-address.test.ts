import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { clientAddress } from '../adapters/http/client-address.js';

// The remembered client address must be exactly what express's req.ip says, for every
// trust setting, including when two apps with different settings see the same strings.
function request(app: express.Express, remoteAddress: string, forwarded?: string): Request {
  const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  return Object.setPrototypeOf({ headers, socket: { remoteAddress } }, app.request) as Request;
}

describe('client address', () => {
  const settings: (boolean | number | string)[] = [false, true, 1, 2, 'loopback', '10.0.0.0/8'];
  const cases: [string, string | undefined][] = [
    ['127.0.0.1', undefined],
    ['127.0.0.1', '203.0.113.9'],
    ['127.0.0.1', '198.51.100.1, 10.1.2.3'],
    ['10.1.2.3', '198.51.100.1, 203.0.113.9, 10.0.0.7'],
    ['192.0.2.5', '203.0.113.9'],
    ['::1', 'not-an-address, 203.0.113.9'],
    // One hop, answered without proxy-addr: spaces, an empty header, a hop that is no address.
    ['127.0.0.1', '  203.0.113.9  '],
    ['127.0.0.1', ''],
    ['127.0.0.1', '   '],
    ['127.0.0.1', 'not an address'],
    ['10.1.2.3', '2001:db8::1'],
    ['::ffff:127.0.0.1', '203.0.113.9'],
  ];

  it('matches req.ip for every trust setting, first call and remembered', () => {
    for (const setting of settings) {
      const app = express();
      app.set('trust proxy', setting);
      for (const [remote, forwarded] of cases) {
        const expected = request(app, remote, forwarded).ip;
        expect(clientAddress(request(app, remote, forwarded)), `${String(setting)} ${remote} ${forwarded}`).toBe(expected);
        expect(clientAddress(request(app, remote, forwarded))).toBe(expected);
      }
    }
  });

  it('keeps apps with different trust settings apart', () => {
    const trusting = express();
    trusting.set('trust proxy', true);
    const wary = express();
    wary.set('trust proxy', false);
    expect(clientAddress(request(trusting, '127.0.0.1', '203.0.113.9'))).toBe('203.0.113.9');
    expect(clientAddress(request(wary, '127.0.0.1', '203.0.113.9'))).toBe('127.0.0.1');
  });
});
