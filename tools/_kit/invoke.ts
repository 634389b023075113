import type { z } from 'zod';
import { authorize } from './authorize.js';
import type { ToolContext } from './context.js';
import type { AnyTool, StreamEvent, StreamTool, UnaryTool } from './define-tool.js';
import { declaredErrors } from './declared-errors.js';
import { ToolError, isToolError } from './errors.js';
import { withInputClock } from './input-clock.js';
import { authorizeScopes } from './scopes.js';
import { invalidTextIssues, toValidationIssues } from './validation.js';
import { withIdempotency } from './with-idempotency.js';

// The direct caller every surface goes through: authorize, validate the input,
// run the handler, and parse the output so nothing unshaped ever leaves a tool.

type Where = (key: string | number | undefined) => string | undefined;

/**
 * Who may call: the tool's auth rule, then the scopes its grant must hold. Runs before
 * any input is looked at, so a refused caller learns nothing about the input's shape.
 * Surfaces that check the request before invoking (REST bodies) call it first too.
 */
export function authorizeCall(tool: AnyTool, principal: ToolContext['principal']): void {
  authorize(tool.auth, principal);
  authorizeScopes(tool, principal);
}

/** reportInput lets us tell "missing" from "wrong type"; one object for every parse. */
const PARSE_OPTIONS = { reportInput: true } as const;
const wallClock = () => new Date();

export function parseToolInput(tool: AnyTool, raw: unknown, where?: Where, clock: () => Date = wallClock): Record<string, unknown> {
  // No text with U+0000 or a lone surrogate reaches a tool: PostgreSQL cannot store it (path, query, body or MCP argument alike).
  const badText = invalidTextIssues(raw, where);
  if (badText.length > 0) throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: badText });
  // Date checks inside the schema judge against the caller's clock (services.clock).
  const parsed = withInputClock(clock, () => tool.input.safeParse(raw, PARSE_OPTIONS));
  if (parsed.success) return parsed.data;
  throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: toValidationIssues(parsed.error, where) });
}

function parseToolOutput(tool: AnyTool, value: unknown): unknown {
  const parsed = tool.output.safeParse(value);
  if (parsed.success) return parsed.data;
  // A handler broke its own contract: a bug on our side, never the caller's fault.
  throw new ToolError('INTERNAL', 'Internal error', { cause: new Error(`${tool.name} returned output that does not match its schema: ${parsed.error.message}`) });
}

/**
 * In test mode a handler that raises a code its tool does not declare fails the call:
 * OpenAPI and the SDKs are built from the declaration, so it must be the whole truth.
 */
function undeclared(tool: AnyTool, ctx: ToolContext, err: unknown): unknown {
  if (!ctx.services.settings.strictErrorContracts || !isToolError(err) || declaredErrors(tool).has(err.code)) return err;
  return new ToolError('INTERNAL', 'Internal error', { cause: new Error(`${tool.name} raised ${err.code} ("${err.message}"), which it does not declare in errors`, { cause: err }) });
}

/**
 * Authorizes, validates, runs, and parses the output. Not an async function: the common
 * call (no idempotency key, typed output, production error contracts) hands back the
 * handler's own promise, with no wrapper promise or closure per call on a path that
 * answers thousands of times a second. Failures always arrive as a rejected promise.
 */
export function invokeUnary<O extends z.ZodType>(tool: UnaryTool<z.ZodObject, O>, ctx: ToolContext, raw: unknown, where?: Where): Promise<z.output<O>> {
  let input: Record<string, unknown>;
  try {
    authorizeCall(tool as AnyTool, ctx.principal);
    input = parseToolInput(tool, raw, where, ctx.services.clock);
  } catch (err) {
    return Promise.reject(err);
  }
  const strict = ctx.services.settings.strictErrorContracts === true;
  // Every route that takes an Idempotency-Key honours it the same way, whatever the
  // handler does with the key itself (a processor key, its own narrower record):
  // the same key and body replay the answer, the same key with another body is 409.
  const idempotent = tool.rest !== false && tool.rest.idempotencyKey === true;
  if (!idempotent && !strict && tool.typedOutput) return runHandler(tool, ctx, input) as Promise<z.output<O>>;
  const run = () => (strict ? runHandler(tool, ctx, input).catch((err: unknown) => { throw undeclared(tool as AnyTool, ctx, err); }) : runHandler(tool, ctx, input));
  const result = idempotent ? withIdempotency(ctx, `route:${tool.name}`, input, run) : run();
  // Outputs made from outside data (upstreams, the database) are always parsed: that is where a wrong shape gets in.
  return tool.typedOutput ? result as Promise<z.output<O>> : result.then((out) => parseToolOutput(tool, out) as z.output<O>);
}

/** The handler's promise; a handler that throws before its first await still yields a rejection. */
function runHandler(tool: UnaryTool<z.ZodObject, z.ZodType>, ctx: ToolContext, input: Record<string, unknown>): Promise<unknown> {
  try {
    return tool.handler(ctx, input);
  } catch (err) {
    return Promise.reject(err);
  }
}

/** Authorizes and validates up front, then yields each event parsed through the event schema (unless the tool's events are typed). */
export function openStream(tool: StreamTool, ctx: ToolContext, raw: unknown, where?: Where): AsyncIterable<StreamEvent> {
  authorizeCall(tool, ctx.principal);
  const input = parseToolInput(tool, raw, where, ctx.services.clock);
  const events = ctx.services.settings.strictErrorContracts ? checkedEvents(tool, ctx, tool.handler(ctx, input)) : tool.handler(ctx, input);
  if (tool.typedEvents) return events;
  return (async function* () {
    for await (const event of events) {
      const parsed = tool.event.safeParse(event);
      if (!parsed.success) throw new ToolError('INTERNAL', 'Internal error', { cause: parsed.error });
      yield parsed.data;
    }
  })();
}

async function* checkedEvents(tool: StreamTool, ctx: ToolContext, events: AsyncIterable<StreamEvent>): AsyncIterable<StreamEvent> {
  try {
    yield* events;
  } catch (err) {
    throw undeclared(tool, ctx, err);
  }
}

/** The MCP (and direct-call) answer of a stream tool: run it to the end and fold the events. */
export async function collectStream(tool: StreamTool, events: AsyncIterable<StreamEvent>, onEvent?: (e: StreamEvent) => void): Promise<unknown> {
  const all: StreamEvent[] = [];
  for await (const event of events) {
    all.push(event);
    onEvent?.(event);
  }
  return parseToolOutput(tool, tool.finish(all));
}
