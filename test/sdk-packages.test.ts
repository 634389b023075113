import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { API_VERSION } from '../tools/health/version.js';

// Issue 22: the SDKs are ready to publish: their version is the API's, they carry
// the project's MIT licence (and its text), and the TypeScript one is not private.

const read = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

describe('SDK packages', () => {
  const license = read('LICENSE');

  it('the project is MIT licensed by Deal Engine contributors, and each SDK ships the same text', () => {
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} Deal Engine contributors\n/);
    expect(read('sdk/typescript/LICENSE')).toBe(license);
    expect(read('sdk/python/LICENSE')).toBe(license);
  });

  it('TypeScript: publishable, versioned as the API, MIT, ships dist and the licence', () => {
    const pkg = JSON.parse(read('sdk/typescript/package.json')) as Record<string, unknown>;
    expect(pkg['private']).toBeUndefined();
    expect(pkg['version']).toBe(API_VERSION);
    expect(pkg['license']).toBe('MIT');
    expect(pkg['files']).toEqual(expect.arrayContaining(['dist', 'README.md', 'LICENSE']));
    const lock = JSON.parse(read('sdk/typescript/package-lock.json')) as { version: string; packages: Record<string, { version?: string; license?: string }> };
    expect([lock.version, lock.packages['']?.version, lock.packages['']?.license]).toEqual([API_VERSION, API_VERSION, 'MIT']);
  });

  it('Python: versioned as the API, MIT', () => {
    const pyproject = read('sdk/python/pyproject.toml');
    expect(pyproject).toMatch(new RegExp(`^version = "${API_VERSION.replace(/\./g, '\\.')}"`, 'm'));
    expect(pyproject).toMatch(/^license = \{ text = "MIT" \}$/m);
    expect(read('sdk/python/src/deal_engine/__init__.py')).toContain(`__version__ = "${API_VERSION}"`);
  });
});
