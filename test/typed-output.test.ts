import { describe, expect, it } from 'vitest';
import type { AnyTool, UnaryTool } from '../tools/_kit/define-tool.js';
import { ANONYMOUS } from '../tools/_kit/principal.js';
import { TOOLS } from '../tools/index.js';
import { testContext } from './kit/test-context.js';

// A tool marked `typedOutput` skips the output parse on every call (issue 19). That is
// only right if parsing its answers would change nothing: no key stripped, no default
// filled in, no transform, nothing invalid. Every such tool needs sample inputs here.
const SAMPLES: Record<string, Record<string, unknown>[]> = {
  'places.suggest': [
    { query: 'lis', limit: 10 }, { query: 'new york', limit: 10 }, { query: 'heathrow', limit: 50 }, { query: 'paris', limit: 1 },
    { query: 'tokyo', limit: 10 }, { query: 'zzzzqq', limit: 5 }, { query: 'São Paulo', limit: 20 }, { query: 'l', limit: 50 },
  ],
};

const ctx = testContext({ principal: ANONYMOUS });
const typed = TOOLS.filter((t: AnyTool): t is UnaryTool => t.kind === 'unary' && t.typedOutput === true);

describe('tools that skip the output parse', () => {
  it('includes suggest_places, and every one has samples here', () => {
    expect(typed.map((t) => t.name)).toContain('places.suggest');
    for (const t of typed) expect(SAMPLES[t.name], `samples for ${t.name}`).toBeDefined();
  });

  for (const name of Object.keys(SAMPLES)) {
    it(`${name}: every answer is exactly what its output schema makes of it`, async () => {
      const tool = typed.find((t) => t.name === name);
      if (!tool) throw new Error(`${name} is not a typedOutput tool`);
      for (const raw of SAMPLES[name]!) {
        const out = await tool.handler(ctx, tool.input.parse(raw));
        const parsed = tool.output.safeParse(out);
        expect(parsed.success, JSON.stringify(raw)).toBe(true);
        // Same keys, same values, nothing stripped or added.
        expect(JSON.stringify(parsed.data)).toBe(JSON.stringify(out));
      }
    });
  }
});
