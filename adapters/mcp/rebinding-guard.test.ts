import { describe, expect, it } from 'vitest';
import { rebindingPolicy, rebindingRefusal } from './rebinding-guard.js';

const local = rebindingPolicy({ allowedOrigins: ['https://claude.ai'], listenHost: '127.0.0.1' });
const deployed = rebindingPolicy({ allowedOrigins: [], publicBaseUrl: 'https://deals.example.com/', listenHost: '0.0.0.0' });

describe('DNS-rebinding guard', () => {
  it('refuses a rebound page: hostile name in both Host and Origin', () => {
    const headers = { host: 'evil.example.com', origin: 'http://evil.example.com' };
    expect(rebindingRefusal(headers, local)).toBe('Forbidden: Origin not allowed');
    expect(rebindingRefusal(headers, deployed)).toBe('Forbidden: Origin not allowed');
  });

  it('refuses a hostile Host without an Origin when listening on loopback (a same-origin GET)', () => {
    expect(rebindingRefusal({ host: 'evil.example.com:8080' }, local)).toBe('Forbidden: Host not allowed');
    expect(rebindingRefusal({}, local)).toBe('Forbidden: Host not allowed');
  });

  it('accepts loopback hosts and origins on any port, and the listed origins', () => {
    for (const host of ['localhost:8080', '127.0.0.1:3000', '[::1]:9', 'LOCALHOST']) {
      expect(rebindingRefusal({ host }, local)).toBeNull();
    }
    expect(rebindingRefusal({ host: '127.0.0.1:8080', origin: 'http://localhost:5173' }, local)).toBeNull();
    expect(rebindingRefusal({ host: '127.0.0.1:8080', origin: 'https://claude.ai' }, local)).toBeNull();
  });

  it('on a public listener, trusts PUBLIC_BASE_URL and does not judge the Host', () => {
    expect(rebindingRefusal({ host: 'deals.example.com', origin: 'https://deals.example.com' }, deployed)).toBeNull();
    expect(rebindingRefusal({ host: '10.0.0.7:8080' }, deployed)).toBeNull();
    expect(rebindingRefusal({ host: 'deals.example.com', origin: 'https://other.example.com' }, deployed)).toBe('Forbidden: Origin not allowed');
  });

  it('refuses origins that are not http(s) or not URLs', () => {
    for (const origin of ['null', 'file://', 'chrome-extension://abc', 'ftp://localhost']) {
      expect(rebindingRefusal({ host: 'localhost', origin }, local)).toBe('Forbidden: Origin not allowed');
    }
  });
});

describe('remembered verdicts', () => {
  it('are kept per policy and per exact header text', () => {
    const local = rebindingPolicy({ allowedOrigins: [], listenHost: '127.0.0.1' });
    const open = rebindingPolicy({ allowedOrigins: ['https://app.example.com'] });
    for (let i = 0; i < 3; i++) {
      expect(rebindingRefusal({ host: 'evil.example.com' }, local)).toBe('Forbidden: Host not allowed');
      expect(rebindingRefusal({ host: 'evil.example.com' }, open)).toBeNull();
      expect(rebindingRefusal({ host: 'localhost:3000', origin: 'https://app.example.com' }, open)).toBeNull();
      expect(rebindingRefusal({ host: 'localhost:3000', origin: 'https://app.example.com' }, local)).toBe('Forbidden: Origin not allowed');
      expect(rebindingRefusal({ host: 'localhost:3000', origin: 'https://APP.example.com' }, open)).toBeNull();
    }
  });
});
