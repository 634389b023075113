import type { z } from 'zod';
import type { ToolContext } from './context.js';
import type { ErrorCode } from './errors.js';
import type { AuthRule, Scope } from './principal.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RestBinding {
  method: HttpMethod;
  /** OpenAPI-style template: /api/trips/{trip_id}. Path parameters are input keys. */
  path: string;
  /** Success status; 200 unless said. */
  status?: number;
  /**
   * Input keys read from the query string. For GET and DELETE every non-path key
   * is a query parameter; for other methods the rest is the JSON body.
   */
  query?: readonly string[];
  deprecated?: boolean;
  /** Cache-Control sent with a success, for answers that are the same for everyone (a public feed). */
  cacheControl?: string;
  /**
   * The handler honours an `Idempotency-Key` header (a retry with the same key gets the
   * first answer, nothing is done twice). Documented as a header parameter, which is how
   * the SDKs know to send one on every call.
   */
  idempotencyKey?: boolean;
}

/** MCP behaviour hints, as the MCP spec defines them. */
export interface McpAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/**
 * How a tool shows up over MCP. The documented MCP tools keep their own names and
 * camelCase arguments, so a tool may give an MCP-specific schema plus a thin mapping.
 */
export interface McpExposure<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> {
  name: string;
  /**
   * What the MCP catalog shows instead of the tool's description, when that one is written
   * for REST (names a path, a header, a REST-only mode, streaming, or fields the MCP
   * arguments do not have). Written for a model: what it does, when to use it, what to
   * pass by MCP argument name, what comes back, which tool to call next.
   */
  description?: string;
  annotations?: McpAnnotations;
  /** MCP argument schema, when it differs from the tool's input. */
  input?: z.ZodObject;
  /** Maps parsed MCP arguments to the tool's input (before the tool's own validation). */
  toInput?: (args: Record<string, unknown>) => z.input<I>;
  /** MCP result schema, when it differs from the tool's output. */
  output?: z.ZodType;
  fromOutput?: (out: z.output<O>) => unknown;
  /** The MCP result is a list a model should not read whole: see McpList. */
  list?: McpList;
}

/**
 * A list-shaped MCP result. MCP callers pass `limit` (default `defaultLimit`, at most
 * `maxLimit`); the answer holds that many items of `field` and says `more` (how many
 * more exist) and, unless `totalField` already counts them all, `total`. When the
 * tool's own input has a `limit`, it is given `maxLimit`. REST is unaffected.
 */
export interface McpList {
  /** The result field (after fromOutput) holding the list. */
  field: string;
  defaultLimit: number;
  maxLimit: number;
  /** A result field that already counts every item found, when the list is capped before. */
  totalField?: string;
}

export interface StreamEvent<T extends string = string, D = unknown> {
  type: T;
  data: D;
}

interface ToolBase<I extends z.ZodObject, O extends z.ZodType> {
  /** Stable unique id, area.verb: places.suggest */
  name: string;
  title: string;
  /** Written for a model and for the OpenAPI reader alike. */
  description: string;
  /** OpenAPI tag / spec area. */
  area: string;
  input: I;
  output: O;
  /** Codes this tool may raise besides VALIDATION_FAILED and INTERNAL. */
  errors: readonly ErrorCode[];
  auth: AuthRule;
  /**
   * Every scope a caller with a grant (API key, OAuth token) must hold, on every surface:
   * ['read'] to look, ['read', 'plan'] to change your own plans (spends nothing),
   * ['read', 'book'] to spend money or change a booking. Without it: ['read'] for
   * read-only tools, ['read', 'book'] for the rest (tools/_kit/scopes.ts).
   */
  scopes?: readonly Scope[];
  rest: RestBinding | false;
  mcp: McpExposure<I, O> | false;
}

export interface UnaryTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType> extends ToolBase<I, O> {
  kind: 'unary';
  handler: (ctx: ToolContext, input: z.output<I>) => Promise<z.input<O>>;
  /**
   * The handler builds its answer from typed values of our own (no upstream or stored
   * data in it): it is not parsed through `output` again on every call, which would
   * change nothing (test/typed-output.test.ts checks each such tool's answers are
   * exactly what the schema makes of them).
   */
  typedOutput?: boolean;
}

/**
 * A streaming tool yields typed events: REST writes them as Server-Sent Events;
 * MCP sends them as progress notifications and answers with `finish(events)`.
 */
export interface StreamTool<I extends z.ZodObject = z.ZodObject, O extends z.ZodType = z.ZodType, E extends z.ZodType<StreamEvent> = z.ZodType<StreamEvent>> extends ToolBase<I, O> {
  kind: 'stream';
  /** Schema of one event: a union discriminated on `type`. */
  event: E;
  handler: (ctx: ToolContext, input: z.output<I>) => AsyncIterable<z.output<E>>;
  /** The handler builds its events from typed values: they are not parsed through `event` again (a test checks them against it). */
  typedEvents?: boolean;
  finish: (events: z.output<E>[]) => z.input<O>;
  /**
   * The text of the MCP progress notification for an event, or null to send none
   * for it. Without it every event is sent as its JSON.
   */
  progressMessage?: (event: z.output<E>) => string | null;
  /**
   * What an MCP client that asked for log messages (logging/setLevel) is told about an
   * event, or null for nothing. Without it the tool sends no log messages.
   */
  logMessage?: (event: z.output<E>) => ToolLogMessage | null;
}

/** A log line for MCP clients; levels are a subset of the MCP (syslog) levels. */
export interface ToolLogMessage {
  level: 'debug' | 'info' | 'warning' | 'error';
  message: string;
}

export type AnyTool = UnaryTool<z.ZodObject, z.ZodType> | StreamTool<z.ZodObject, z.ZodType, z.ZodType<StreamEvent>>;

export function defineTool<I extends z.ZodObject, O extends z.ZodType>(def: Omit<UnaryTool<I, O>, 'kind'>): UnaryTool<I, O> {
  return { kind: 'unary', ...def };
}

export function defineStreamTool<I extends z.ZodObject, O extends z.ZodType, E extends z.ZodType<StreamEvent>>(
  def: Omit<StreamTool<I, O, E>, 'kind'>,
): StreamTool<I, O, E> {
  return { kind: 'stream', ...def };
}
