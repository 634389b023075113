import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nextAttemptAt } from '../../tools/webhooks/retry-schedule.js';
import { signatureHeader, verifyWebhookSignature } from '../../tools/webhooks/signature.js';
import { checkWebhookUrl } from '../../tools/webhooks/url-check.js';

// The pure parts: signing and its check (and that docs/webhooks.md's snippet
// agrees with it), the retry schedule, and the URL policy on IP literals.

type Verify = (secret: string, header: string, rawBody: string, toleranceS?: number) => boolean;

async function docSnippet(): Promise<Verify> {
  const doc = await readFile(path.resolve(import.meta.dirname, '../../docs/webhooks.md'), 'utf8');
  const code = /```js\n([\s\S]*?)```/.exec(doc)?.[1];
  if (!code) throw new Error('no js snippet in docs/webhooks.md');
  const mod = (await import(`data:text/javascript,${encodeURIComponent(code)}`)) as { verifyWebhookSignature: Verify };
  return mod.verifyWebhookSignature;
}

describe('webhook signatures', () => {
  const body = JSON.stringify({ id: 'evt_1', type: 'booking.created', created_at: '2026-11-21T00:00:00.000Z', data: { a: 1 } });
  const now = Math.floor(Date.now() / 1000);

  it('verifies each secret of a two-secret header and nothing else', async () => {
    const header = signatureHeader(['whsec_new', 'whsec_old'], now, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    const fromDoc = await docSnippet();
    for (const verify of [verifyWebhookSignature, fromDoc]) {
      expect(verify('whsec_new', header, body)).toBe(true);
      expect(verify('whsec_old', header, body)).toBe(true);
      expect(verify('whsec_other', header, body)).toBe(false);
      expect(verify('whsec_new', header, body.replace('"a":1', '"a":2'))).toBe(false);
      expect(verify('whsec_new', header.replace(/^t=\d+/, `t=${now - 1}`), body)).toBe(false);
      expect(verify('whsec_new', signatureHeader(['whsec_new'], now - 301, body), body)).toBe(false);
      expect(verify('whsec_new', signatureHeader(['whsec_new'], now - 200, body), body)).toBe(true);
      for (const junk of ['', 't=', 'v1=zz', `t=${now}`, `t=${now},v1=abc`, `t=abc,v1=${'0'.repeat(64)}`]) expect(verify('whsec_new', junk, body)).toBe(false);
    }
  });
});

describe('retry schedule', () => {
  const first = new Date('2026-11-21T00:00:00Z');
  it('doubles from 30 s to a 2 h cap with ±20 % jitter and gives up after a day', () => {
    const at = (attempts: number, r: number, now = first) => (nextAttemptAt(attempts, first, now, r)!.getTime() - now.getTime()) / 1000;
    expect(at(1, 0.5)).toBe(30);
    expect(at(2, 0.5)).toBe(60);
    expect(at(4, 0.5)).toBe(240);
    expect(at(12, 0.5)).toBe(7200);
    expect(at(1, 0)).toBe(24);
    expect(at(1, 0.999)).toBeCloseTo(35.99, 1);
    expect(nextAttemptAt(10, first, new Date(first.getTime() + 23 * 3600_000), 0.5)).toBeNull();
    expect(nextAttemptAt(10, first, new Date(first.getTime() + 21 * 3600_000), 0.5)).not.toBeNull();
  });
});

describe('webhook URL policy', () => {
  it('allows https to public addresses only, unless private URLs are allowed', async () => {
    const verdict = async (url: string, allow: boolean) => (await checkWebhookUrl(url, allow)).ok;
    expect(await verdict('https://93.184.215.14/x', false)).toBe(true);
    expect(await verdict('https://[2606:2800:21f:cb07:6820:80da:af6b:8b2c]/x', false)).toBe(true);
    for (const url of ['https://127.0.0.1/x', 'https://10.0.0.5/x', 'https://192.168.1.1/x', 'https://[fe80::1]/x', 'https://[::ffff:127.0.0.1]/x', 'https://100.64.0.1/x', 'http://93.184.215.14/x', 'ftp://93.184.215.14/x', 'nonsense']) {
      expect(await verdict(url, false), url).toBe(false);
    }
    expect(await verdict('http://127.0.0.1:8080/x', true)).toBe(true);
    expect(await verdict('http://93.184.215.14/x', true)).toBe(false); // plain http never goes to the internet
    expect(await verdict('https://host.invalid/x', true)).toBe(false);
  });
});
