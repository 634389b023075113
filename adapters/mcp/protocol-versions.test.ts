import { LATEST_PROTOCOL_VERSION, SUPPORTED_PROTOCOL_VERSIONS } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { negotiate, SUPPORTED_VERSIONS } from './protocol-versions.js';

describe('MCP protocol versions', () => {
  // Fails when the SDK moves on, so a new revision is checked before we claim it.
  it('tracks the SDK: our newest is its newest, and it speaks every version we answer', () => {
    expect(SUPPORTED_VERSIONS[0]).toBe(LATEST_PROTOCOL_VERSION);
    for (const v of SUPPORTED_VERSIONS) expect(SUPPORTED_PROTOCOL_VERSIONS).toContain(v);
  });

  it('echoes a version we speak and offers our newest otherwise', () => {
    expect(negotiate('2025-06-18')).toBe('2025-06-18');
    expect(negotiate('2024-11-05')).toBe('2025-11-25');
  });
});
