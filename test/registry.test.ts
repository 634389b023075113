import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineTool } from '../tools/_kit/define-tool.js';
import { assertRegistry } from '../tools/_kit/registry-checks.js';
import { TOOLS } from '../tools/index.js';
import { ADAPTER_ROUTES, DELIBERATE_ADDITIONS } from '../adapters/http/extra-routes.js';

const documented = readFileSync(new URL('../docs/endpoints.tsv', import.meta.url), 'utf8')
  .trim().split('\n').slice(1).map((line) => line.split('\t')).map(([method, path]) => `${method} ${path}`);

const bound = [
  ...TOOLS.flatMap((t) => (t.rest ? [`${t.rest.method} ${t.rest.path}`] : [])),
  ...ADAPTER_ROUTES.map((r) => `${r.method} ${r.path}`),
];

describe('registry', () => {
  it('refuses duplicate names and routes', () => {
    const make = (name: string, path: string) => defineTool({
      name, title: name, description: name, area: 't', input: z.object({}), output: z.object({}), errors: [], auth: 'none',
      rest: { method: 'GET', path }, mcp: false, handler: async () => ({}),
    });
    expect(() => assertRegistry([make('a', '/x'), make('a', '/y')])).toThrow(/tool name "a"/);
    expect(() => assertRegistry([make('a', '/x/{id}'), make('b', '/x/{other}')])).toThrow(/route/);
    expect(() => assertRegistry([make('a', '/x'), make('b', '/y')])).not.toThrow();
  });

  it('binds only documented routes or deliberate additions, and counts what is left', () => {
    const additions = new Set(DELIBERATE_ADDITIONS.map((r) => `${r.method} ${r.path}`));
    const undocumented = bound.filter((r) => !documented.includes(r) && !additions.has(r));
    expect(undocumented).toEqual([]);
    const unbound = documented.filter((r) => !bound.includes(r));
    console.log(`routes: ${documented.length} documented, ${documented.length - unbound.length} bound, ${unbound.length} not bound yet`);
    expect(unbound.length).toBeLessThan(documented.length);
  });

  it('gives every tool a description, and every exposed MCP tool an object input schema', () => {
    for (const tool of TOOLS) {
      expect(tool.description.length, tool.name).toBeGreaterThan(20);
      expect(tool.input).toBeInstanceOf(z.ZodObject);
    }
  });
});
