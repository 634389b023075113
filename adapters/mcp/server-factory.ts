import { z } from 'zod';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, LoggingLevelSchema, ErrorCode, McpError, type CallToolResult, type LoggingLevel, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { StreamEvent } from '../../tools/_kit/define-tool.js';
import { API_VERSION } from '../../tools/health/version.js';
import { callTool } from './call-tool.js';
import { confirmByElicitation } from './confirm-by-elicitation.js';
import type { ToolCatalog } from './tool-catalog.js';

const SERVER_INFO = { name: 'deal-engine', title: 'Deal Engine', version: API_VERSION };
const INSTRUCTIONS =
  'Travel search, booking and points tools. Resolve city or airport names to IATA codes with suggest_places before searching. ' +
  'Tool errors explain what to change; fix the arguments and call again rather than giving up.';

// Shared across requests: building an Ajv instance per Server is expensive and it holds no per-client state.
const validator = new AjvJsonSchemaValidator();

/** Builds a call's context from the SDK's id for the request and its per-call abort signal. */
export type ContextFactory = (requestId: RequestId, signal: AbortSignal) => ToolContext;

/**
 * An SDK Server with our tools. One long-lived Server serves every ordinary call
 * through the multiplexer (multiplexer.ts); `initialize` gets a fresh one per request.
 * The tool listings and schemas are precomputed in the catalog.
 */
export function createMcpServer(catalog: ToolCatalog, makeContext: ContextFactory, facts?: SessionFacts): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: catalog.listings }));
  server.setRequestHandler(LooseSetLevelRequest, async (request, extra) => {
    const level = LoggingLevelSchema.safeParse(request.params.level);
    if (!level.success) throw new McpError(ErrorCode.InvalidParams, `level must be one of: ${SEVERITY.join(', ')}`);
    if (!facts) throw new McpError(ErrorCode.InvalidRequest, 'Send logging/setLevel after initialize, with the Mcp-Session-Id it gave');
    await facts.setLevel(extra.requestId, level.data);
    return {};
  });
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const entry = catalog.get(request.params.name);
    if (!entry) {
      return { isError: true, content: [{ type: 'text', text: `Unknown tool "${request.params.name}". Call tools/list to see the available tools.` }] };
    }
    const progressToken = request.params._meta?.progressToken;
    let progress = 0;
    const tool = entry.tool;
    const describe = tool.kind === 'stream' && tool.progressMessage ? tool.progressMessage : (e: StreamEvent) => JSON.stringify(e);
    const sendProgress = progressToken === undefined ? undefined : (event: StreamEvent) => {
      const message = describe(event);
      if (message === null) return;
      progress += 1;
      void extra.sendNotification({
        method: 'notifications/progress',
        params: { progressToken, progress, message },
      });
    };
    const minLevel = facts?.levelFor(extra.requestId);
    const sendLog = tool.kind !== 'stream' || !tool.logMessage || minLevel === undefined ? undefined : (event: StreamEvent) => {
      const log = tool.logMessage?.(event);
      if (!log || !atLeast(log.level, minLevel)) return;
      void extra.sendNotification({
        method: 'notifications/message',
        params: { level: log.level, logger: request.params.name, data: log.message },
      });
    };
    const onEvent = sendProgress || sendLog ? (event: StreamEvent) => (sendProgress?.(event), sendLog?.(event)) : undefined;
    const ctx = makeContext(extra.requestId, extra.signal);
    // Money-moving tools ask the person themselves when the client can put the question (confirm-by-elicitation.ts).
    if (facts?.canAsk(extra.requestId)) ctx.confirm = confirmByElicitation((r, schema, options) => extra.sendRequest(r, schema, options), extra.signal);
    return callTool(entry.tool, entry.fromArgs(request.params.arguments ?? {}), ctx, onEvent);
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

/** The SDK's own schema would turn a bad level into an internal error; this lets us answer invalid params. */
const LooseSetLevelRequest = z.object({ method: z.literal('logging/setLevel'), params: z.object({ level: z.unknown() }).loose() });

/** MCP log levels, least severe first (syslog order). */
const SEVERITY: readonly LoggingLevel[] = ['debug', 'info', 'notice', 'warning', 'error', 'critical', 'alert', 'emergency'];
const atLeast = (level: LoggingLevel, min: LoggingLevel) => SEVERITY.indexOf(level) >= SEVERITY.indexOf(min);
