import { describe, expect, it } from 'vitest';
import { callTool } from '../adapters/mcp/call-tool.js';
import { ToolCatalog } from '../adapters/mcp/tool-catalog.js';
import { TOOLS } from '../tools/index.js';
import { testContext } from './kit/test-context.js';

// tools/list goes into the model's context on every turn: it was ~125,800 characters
// (~31k tokens), most of it output schemas, a 213-character leap-year date regex 16
// times and ±9007199254740991 integer bounds 108 times. The README states the figure.

/** The budget for the whole tools/list answer, every tool included. */
const BUDGET = 60_000;

const catalog = new ToolCatalog(TOOLS);

/** Every object inside a JSON value (every schema node of a schema). */
function nodes(value: unknown, found: Record<string, unknown>[] = []): Record<string, unknown>[] {
  if (Array.isArray(value)) for (const v of value) nodes(v, found);
  else if (value && typeof value === 'object') {
    found.push(value as Record<string, unknown>);
    for (const v of Object.values(value)) nodes(v, found);
  }
  return found;
}
const listed = JSON.stringify({ tools: catalog.listings });

describe('tools/list weight', () => {
  it(`is at most ${BUDGET} characters with every MCP tool of the registry`, () => {
    expect(catalog.listings.length).toBe(TOOLS.filter((t) => t.mcp).length);
    expect(listed.length).toBeLessThanOrEqual(BUDGET);
  });

  it('carries no regex where a format says it, and no safe-integer bounds', () => {
    const formats = nodes(catalog.listings.map((l) => l.inputSchema)).filter((n) => typeof n.format === 'string');
    expect(formats.length).toBeGreaterThan(10);
    expect(formats.filter((n) => n.pattern !== undefined)).toEqual([]);
    expect(listed).not.toContain('9007199254740991');
  });

  it('lists no output schemas: the answer names its own fields', () => {
    expect(catalog.listings.filter((l) => l.outputSchema !== undefined).map((l) => l.name)).toEqual([]);
  });

  it('lists no destructive or idempotent hint on a read-only tool, nor an idempotentHint of false', () => {
    for (const l of catalog.listings) {
      if (l.annotations?.readOnlyHint) expect(l.annotations, l.name).not.toHaveProperty('destructiveHint');
      expect(l.annotations?.idempotentHint, l.name).not.toBe(false);
    }
  });

  it('still validates what the schema no longer spells out: an impossible date is refused', async () => {
    const entry = catalog.get('search_flights');
    if (!entry) throw new Error('search_flights is not exposed');
    const listedDate = (entry.listing.inputSchema.properties as Record<string, Record<string, unknown>>).date;
    expect(listedDate).toMatchObject({ format: 'date' });
    expect(listedDate).not.toHaveProperty('pattern');
    // Invalid arguments are refused before the handler runs, so no services are needed.
    const result = await callTool(entry.tool, entry.fromArgs({ origin: 'JFK', destination: 'LHR', date: '2099-02-30' }), testContext());
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/VALIDATION_FAILED[\s\S]*date/);
  });
});
