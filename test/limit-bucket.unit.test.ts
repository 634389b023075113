import { describe, expect, it } from 'vitest';
import { limitBucket } from '../adapters/identity/limit-bucket.js';

describe('limitBucket', () => {
  it('keeps IPv4 addresses and unknown values as they are', () => {
    expect(limitBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(limitBucket('unknown')).toBe('unknown');
    expect(limitBucket('')).toBe('');
    expect(limitBucket('2001:db8::g')).toBe('2001:db8::g');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4 client', () => {
    expect(limitBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(limitBucket('::FFFF:cb00:7107')).toBe('203.0.113.7');
  });

  it('counts every address of one /56 as one client, however it is written', () => {
    const bucket = '2001:db8:ab:1200::/56';
    for (const a of ['2001:db8:ab:1200::1', '2001:0db8:00ab:12ff:ffff:ffff:ffff:ffff', '2001:DB8:AB:1234:5::6', '2001:db8:ab:1200:0:0:0:0', '2001:db8:ab:12aa::1%eth0', '2001:db8:ab:1200:0:0:0.0.0.1']) {
      expect(limitBucket(a), a).toBe(bucket);
    }
  });

  it('keeps different /56 networks apart', () => {
    expect(limitBucket('2001:db8:ab:1300::1')).toBe('2001:db8:ab:1300::/56');
    expect(limitBucket('2001:db8:ac:1200::1')).toBe('2001:db8:ac:1200::/56');
    expect(limitBucket('::1')).toBe('0:0:0:0::/56');
  });
});
