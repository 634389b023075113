import { parse as parseQuery } from 'node:querystring';
import { expect } from 'vitest';
import { toServiceError } from '../../adapters/http/dependency-errors.js';
import { httpError } from '../../adapters/http/error-response.js';
import { assembleInput } from '../../adapters/rest/assemble-input.js';
import { planInput, type InputPlan } from '../../adapters/rest/input-plan.js';
import { compileRoutes, type Lookup } from '../../adapters/rest/route-table.js';
import { TOOLS } from '../../tools/index.js';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { AnyTool } from '../../tools/_kit/define-tool.js';
import { ToolError } from '../../tools/_kit/errors.js';
import { authorizeCall, invokeUnary } from '../../tools/_kit/invoke.js';

// A REST call without a server, for unit tests: the same route table, input assembly
// (path, query, body with the query's string coercion), tool call and error body as
// adapters/rest/mount-tool.ts, minus express, sockets and the request pipeline
// (auth headers, metering, content type). The caller is the context's principal.
// Anything about HTTP itself (headers, streams, 401 from a bad key) belongs in e2e.

/** The server's own method + path table over every tool (built on first use: ~60 ms). */
let table: ((method: string, url: string) => Lookup<AnyTool>) | undefined;
function route(method: string, url: string): { tool: AnyTool; params: Record<string, string> } | undefined {
  table ??= compileRoutes(TOOLS.flatMap((tool) => (tool.rest ? [{ method: tool.rest.method, path: tool.rest.path, route: tool }] : [])));
  const found = table(method, url);
  if (found.kind !== 'route') return undefined;
  return { tool: found.route, params: Object.fromEntries(Object.entries(found.params).filter((e): e is [string, string] => e[1] !== undefined)) };
}
// Planned on first use: a plan builds the tool's JSON Schema, and a test file calls few tools.
const plans = new Map<AnyTool, InputPlan>();
const planOf = (tool: AnyTool): InputPlan => plans.get(tool) ?? plans.set(tool, planInput(tool)).get(tool)!;

export interface RestAnswer {
  status: number;
  /** The JSON body as a client would parse it (undefined for 204). */
  body: unknown;
}

/** What the wire does to a value: dates become strings, undefined members go. */
const overTheWire = (value: unknown): unknown => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

export async function restCall(ctx: ToolContext, method: string, url: string, body?: unknown): Promise<RestAnswer> {
  const q = url.indexOf('?');
  const found = route(method, url);
  if (!found) throw new Error(`no tool answers ${method} ${url}`);
  const { tool, params } = found;
  const plan = planOf(tool);
  if (tool.kind !== 'unary' || !tool.rest) throw new Error(`${tool.name} streams: test it in an e2e file`);
  const query = q < 0 ? {} : parseQuery(url.slice(q + 1));
  try {
    authorizeCall(tool, ctx.principal);
    const assembled = assembleInput(plan, params, query, overTheWire(body));
    if (!assembled.ok) throw new ToolError('VALIDATION_FAILED', 'Invalid input', { issues: assembled.issues });
    const out = await invokeUnary(tool, ctx, assembled.input, plan.partOf);
    const status = tool.rest.status || 200;
    return { status, body: status === 204 ? undefined : overTheWire(out) };
  } catch (err) {
    const answer = httpError(toServiceError(err));
    return { status: answer.status, body: overTheWire(answer.body) };
  }
}

/** The REST surface over one context, shaped like TestServer's get/post. */
export function restClient(ctx: ToolContext) {
  return {
    get: (url: string) => restCall(ctx, 'GET', url),
    post: (url: string, body: unknown) => restCall(ctx, 'POST', url, body),
    patch: (url: string, body: unknown) => restCall(ctx, 'PATCH', url, body),
    put: (url: string, body: unknown) => restCall(ctx, 'PUT', url, body),
    delete: (url: string) => restCall(ctx, 'DELETE', url),
  };
}
export type RestClient = ReturnType<typeof restClient>;

/** The body as T after checking the status (the body is the failure message). */
export function bodyOf<T>(answer: RestAnswer, status = 200): T {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body as T;
}
