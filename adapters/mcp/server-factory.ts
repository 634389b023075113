import { z } from 'zod';
import { ProtocolError, ProtocolErrorCode, Server, type CallToolRequest, type CallToolResult, type LoggingLevel, type RequestId, type ServerContext } from '@modelcontextprotocol/server';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/server/validators/ajv';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { API_VERSION } from '../../tools/health/version.js';
import { serveAppResources } from './app-resources.js';
import { callTool } from './call-tool.js';
import { confirmByElicitation } from './confirm-by-elicitation.js';
import type { ToolCatalog } from './tool-catalog.js';

export const SERVER_INFO = { name: 'deal-engine', title: 'Deal Engine', version: API_VERSION };
export const INSTRUCTIONS =
  'Travel search, booking and points tools. Resolve city or airport names to IATA codes with suggest_places before searching. ' +
  'Tool errors explain what to change; fix the arguments and call again rather than giving up.';

// Shared across requests: building an Ajv instance per Server is expensive and it holds no per-client state.
export const validator = new AjvJsonSchemaValidator();

/** Builds a call's context from the SDK's id for the request and its per-call abort signal. */
export type ContextFactory = (requestId: RequestId, signal: AbortSignal) => ToolContext;

/**
 * One tools/call on either protocol era: progress (when the client sent a token) and,
 * for streaming tools, log messages at or above `minLevel` go out on the call's own
 * stream; the result is the tool's answer or an isError result saying what to change.
 */
export function serveToolCall(catalog: ToolCatalog, request: CallToolRequest, sdk: ServerContext, ctx: ToolContext, minLevel: LoggingLevel | undefined): Promise<CallToolResult> {
  const entry = catalog.get(request.params.name);
  if (!entry) {
    return Promise.resolve({ isError: true, content: [{ type: 'text', text: `Unknown tool "${request.params.name}". Call tools/list to see the available tools.` }] });
  }
  const progressToken = request.params._meta?.progressToken;
  let progress = 0;
  const tool = entry.tool;
  const describe = tool.kind === 'stream' && tool.progressMessage ? tool.progressMessage : (e: StreamEvent) => JSON.stringify(e);
  const sendProgress = progressToken === undefined ? undefined : (event: StreamEvent) => {
    const message = describe(event);
    if (message === null) return;
    progress += 1;
    void sdk.mcpReq.notify({ method: 'notifications/progress', params: { progressToken, progress, message } });
  };
  const sendLog = tool.kind !== 'stream' || !tool.logMessage || minLevel === undefined ? undefined : (event: StreamEvent) => {
    const log = tool.logMessage?.(event);
    if (!log || !atLeast(log.level, minLevel)) return;
    void sdk.mcpReq.notify({ method: 'notifications/message', params: { level: log.level, logger: request.params.name, data: log.message } });
  };
  const onEvent = sendProgress || sendLog ? (event: StreamEvent) => (sendProgress?.(event), sendLog?.(event)) : undefined;
  const sent = request.params.arguments ?? {};
  return callTool(tool, entry.fromArgs(sent), ctx, onEvent, (issues) => entry.issuesAsSent(sent, issues));
}

/**
 * An SDK Server with our tools for 2025-era clients. One long-lived Server serves every
 * ordinary call through the multiplexer (multiplexer.ts); `initialize` gets a fresh one
 * per request. The tool listings and schemas are precomputed in the catalog.
 */
export function createMcpServer(catalog: ToolCatalog, makeContext: ContextFactory, facts?: SessionFacts): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler('tools/list', async () => ({ tools: catalog.listings }));
  serveAppResources(server);
  // Its own params schema: the SDK's would turn a bad level into an internal error instead of invalid params.
  server.setRequestHandler('logging/setLevel', { params: LooseSetLevelParams }, async (params, sdk) => {
    const level = params.level as LoggingLevel;
    if (!SEVERITY.includes(level)) throw new ProtocolError(ProtocolErrorCode.InvalidParams, `level must be one of: ${SEVERITY.join(', ')}`);
    if (!facts) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'Send logging/setLevel after initialize, with the Mcp-Session-Id it gave');
    await facts.setLevel(sdk.mcpReq.id, level);
    return {};
  });
  server.setRequestHandler('tools/call', async (request, sdk): Promise<CallToolResult> => {
    const ctx = makeContext(sdk.mcpReq.id, sdk.mcpReq.signal);
    // Money-moving tools ask the person themselves when the client can put the question (confirm-by-elicitation.ts).
    if (facts?.canAsk(sdk.mcpReq.id)) {
      ctx.confirm = confirmByElicitation((params, options) => sdk.mcpReq.send({ method: 'elicitation/create', params }, options), sdk.mcpReq.signal);
    }
    return serveToolCall(catalog, request, sdk, ctx, facts?.levelFor(sdk.mcpReq.id));
  });
  return server;
}

/**
 * What the shared Server learns from a call's session (the router keeps sessions in the
 * store, across processes): its log level, and whether its client answers elicitations.
 */
export interface SessionFacts {
  levelFor(requestId: RequestId): LoggingLevel | undefined;
  setLevel(requestId: RequestId, level: LoggingLevel): Promise<void>;
  canAsk(requestId: RequestId): boolean;
}

const LooseSetLevelParams = z.object({ level: z.unknown() }).loose();

/** MCP log levels, least severe first (syslog order). */
const SEVERITY: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const atLeast = (level: LoggingLevel, min: LoggingLevel) => SEVERITY.indexOf(level) >= SEVERITY.indexOf(min);
