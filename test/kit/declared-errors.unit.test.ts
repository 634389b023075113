import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ToolContext } from '../../tools/_kit/context.js';
import { declaredErrors } from '../../tools/_kit/declared-errors.js';
import { defineStreamTool, defineTool } from '../../tools/_kit/define-tool.js';
import { ToolError, type ErrorCode } from '../../tools/_kit/errors.js';
import { collectStream, invokeUnary, openStream } from '../../tools/_kit/invoke.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from './test-context.js';

// OpenAPI and the SDKs list what each tool may answer from its `errors`; in test mode a
// handler raising anything else fails the call, so the list cannot silently go stale.

function contextWith(strict: boolean): ToolContext {
  return testContext({ principal: ANONYMOUS, settings: { strictErrorContracts: strict } });
}

const raising = (code: ErrorCode) => defineTool({
  name: 'test.raises', title: 'Raises', description: 'Raises the code it was built with.', area: 'Test',
  input: z.object({}), output: z.object({}), errors: ['NOT_FOUND'], auth: 'none', rest: false, mcp: false,
  handler: async () => { throw new ToolError(code, 'as told'); },
});

async function codeOf(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
    return 'none';
  } catch (err) {
    return (err as ToolError).code;
  }
}

describe('declared errors', () => {
  it('a declared code passes through; an undeclared one fails the call as INTERNAL in test mode', async () => {
    expect(await codeOf(() => invokeUnary(raising('NOT_FOUND'), contextWith(true), {}))).toBe('NOT_FOUND');
    expect(await codeOf(() => invokeUnary(raising('GONE'), contextWith(true), {}))).toBe('INTERNAL');
  });

  it('names the tool and the code in the cause, for the test log', async () => {
    const err = await invokeUnary(raising('GONE'), contextWith(true), {}).catch((e: unknown) => e as ToolError);
    expect(String((err as ToolError).cause)).toMatch(/test\.raises raised GONE .*does not declare/);
  });

  it('codes every call may end with need no declaration (bad input, limits, a dependency down)', async () => {
    for (const code of ['VALIDATION_FAILED', 'RATE_LIMITED', 'UNAVAILABLE', 'INTERNAL'] as const) {
      expect(await codeOf(() => invokeUnary(raising(code), contextWith(true), {}))).toBe(code);
    }
  });

  it('outside test mode the caller gets the code as raised', async () => {
    expect(await codeOf(() => invokeUnary(raising('GONE'), contextWith(false), {}))).toBe('GONE');
  });

  it('checks stream tools too, at the event where the handler fails', async () => {
    const stream = defineStreamTool({
      name: 'test.stream_raises', title: 'Stream raises', description: 'Fails after one event.', area: 'Test',
      input: z.object({}), output: z.object({ n: z.number() }), event: z.object({ type: z.literal('tick'), data: z.object({}) }),
      errors: [], auth: 'none', rest: false, mcp: false,
      handler: async function* () {
        yield { type: 'tick' as const, data: {} };
        throw new ToolError('UPSTREAM_FAILED', 'fell over');
      },
      finish: (events) => ({ n: events.length }),
    });
    const ctx = contextWith(true);
    expect(await codeOf(() => collectStream(stream, openStream(stream, ctx, {})))).toBe('INTERNAL');
  });

  it('the auth rule and an Idempotency-Key add what they refuse with', () => {
    const keyed = defineTool({ ...raising('GONE'), auth: 'user', rest: { method: 'POST', path: '/x', idempotencyKey: true } });
    expect([...declaredErrors(keyed)].sort()).toEqual(['CONFLICT', 'FORBIDDEN', 'INTERNAL', 'NOT_FOUND', 'RATE_LIMITED', 'UNAUTHENTICATED', 'UNAVAILABLE', 'VALIDATION_FAILED']);
  });
});
