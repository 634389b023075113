import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPiiCipher } from '../crypto/pii-cipher.js';
import { webhookSecretSealing } from './webhook-secret-sealing.js';

const keyed = webhookSecretSealing(createPiiCipher({ key: randomBytes(32).toString('base64'), dataDir: 'memory://', embedded: false }));
const keyless = webhookSecretSealing(createPiiCipher({ dataDir: 'memory://', embedded: false }));

describe('webhook secret sealing', () => {
  it('seals with a key, bound to the endpoint, and opens it again', () => {
    const sealed = keyed.seal('whsec_abc', 'wh_1');
    expect(sealed.startsWith('v1:')).toBe(true);
    expect(sealed).not.toContain('abc');
    expect(keyed.open(sealed, 'wh_1')).toBe('whsec_abc');
    expect(() => keyed.open(sealed, 'wh_2')).toThrow();
  });

  it('keeps secrets as given without a key, and reads rows written before sealing', () => {
    expect(keyless.seal('whsec_abc', 'wh_1')).toBe('whsec_abc');
    expect(keyless.open('whsec_abc', 'wh_1')).toBe('whsec_abc');
    expect(keyed.open('whsec_legacy', 'wh_1')).toBe('whsec_legacy');
  });

  it('refuses a sealed value when the key is gone', () => {
    expect(() => keyless.open(keyed.seal('whsec_abc', 'wh_1'), 'wh_1')).toThrow();
  });
});
