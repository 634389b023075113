import { CLIENT_CAPABILITIES_META_KEY, inputRequired, LOG_LEVEL_META_KEY, Server, type AuthInfo, type ClientCapabilities, type LoggingLevel, type ServerContext } from '@modelcontextprotocol/server';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { Principal } from '../../tools/_kit/principal.js';
import { withAbortSources } from '../http/request-context.js';
import { serveAppResources } from './app-resources.js';
import { canElicitForm, confirmationRequest } from './confirm-by-elicitation.js';
import { confirmInBand, ConfirmationNeeded, sha256, type ConfirmationStates, type ConfirmState } from './confirm-by-input-required.js';
import { INSTRUCTIONS, SERVER_INFO, serveToolCall, validator } from './server-factory.js';
import { sessionOwner } from './session-owner.js';
import type { ToolCatalog } from './tool-catalog.js';

/** How long a client may reuse tools/list (and server/discover): the catalog only changes with a deploy. */
export const LIST_TTL_MS = 10 * 60_000;
/** The same for every caller (the apps' documents too), until the next deploy. */
const LISTED = { ttlMs: LIST_TTL_MS, cacheScope: 'public' } as const;

/** What the router hands a 2026-07-28 request through the SDK's pass-through authInfo. */
interface CallerExtra {
  principal: Principal;
  toolContext: ToolContext;
}

/** The router's caller and context as the SDK's AuthInfo (handed back to the handler as ctx.http.authInfo). */
export function callerAuthInfo(principal: Principal, toolContext: ToolContext): AuthInfo {
  const extra: CallerExtra = { principal, toolContext };
  return { token: '', clientId: sessionOwner(principal), scopes: [], extra: extra as unknown as Record<string, unknown> };
}

function callerOf(sdk: ServerContext): CallerExtra {
  const extra = sdk.http?.authInfo?.extra as unknown as CallerExtra | undefined;
  if (!extra?.toolContext) throw new Error('2026-07-28 request reached the server without the router’s caller');
  return extra;
}

/** The binding of a confirmation state: the caller, as for sessions. */
export const ownerOf = (sdk: ServerContext): string => sessionOwner(callerOf(sdk).principal);

/**
 * A Server for one 2026-07-28 request (createMcpHandler builds one per request): the
 * same precomputed catalog and tools/call path as the 2025 era. tools/list,
 * server/discover and the app resources (app-resources.ts) say how long they may be
 * cached. Confirmation is multi-round-trip:
 * `input_required` with a sealed requestState (confirm-by-input-required.ts).
 */
export function createModernServer(catalog: ToolCatalog, states: ConfirmationStates): Server {
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false }, logging: {} },
    instructions: INSTRUCTIONS,
    jsonSchemaValidator: validator,
    cacheHints: { 'tools/list': LISTED, 'server/discover': LISTED, 'resources/list': LISTED, 'resources/templates/list': LISTED, 'resources/read': LISTED },
    requestState: { verify: states.verify },
  });
  server.setRequestHandler('tools/list', async () => ({ tools: catalog.listings }));
  serveAppResources(server);
  server.setRequestHandler('tools/call', async (request, sdk) => {
    const ctx = withAbortSources(callerOf(sdk).toolContext, () => [sdk.mcpReq.signal]);
    // The request's own `_meta` envelope says what its client can do and which log messages it wants.
    const envelope = (sdk.mcpReq.envelope ?? {}) as Record<string, unknown>;
    const capabilities = envelope[CLIENT_CAPABILITIES_META_KEY] as ClientCapabilities | undefined;
    const logLevel = envelope[LOG_LEVEL_META_KEY] as LoggingLevel | undefined;
    const call = { tool: request.params.name, args: sha256(request.params.arguments ?? {}) };
    if (canElicitForm(capabilities)) ctx.confirm = confirmInBand(sdk.mcpReq.requestState<ConfirmState>(), call, sdk.mcpReq.inputResponses);
    try {
      return await serveToolCall(catalog, request, sdk, ctx, logLevel);
    } catch (err) {
      if (!(err instanceof ConfirmationNeeded)) throw err;
      return inputRequired({
        inputRequests: { confirm: inputRequired.elicit(confirmationRequest(err.summary)) },
        requestState: await states.mint({ ...call, summary: sha256(err.summary) }, sdk),
      });
    }
  });
  return server;
}
