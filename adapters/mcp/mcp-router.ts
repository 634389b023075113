import express, { type ErrorRequestHandler, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { ProtocolError, ProtocolErrorCode, isInitializeRequest, isJSONRPCErrorResponse, isJSONRPCRequest, isJSONRPCResultResponse, parseJSONRPCMessage, type AuthInfo, type JSONRPCMessage, type JSONRPCRequest } from '@modelcontextprotocol/server';
import type { Runtime } from '../http/request-context.js';
import { buildContext, withAbortSources } from '../http/request-context.js';
import type { ToolContext } from '../../tools/_kit/context.js';
import type { Principal } from '../../tools/_kit/principal.js';
import { toServiceError } from '../http/dependency-errors.js';
import { httpError } from '../http/error-response.js';
import { HttpExchange } from './http-exchange.js';
import { anonymousMeter, servesAnonymous } from './anonymous-access.js';
import { canElicitForm } from './confirm-by-elicitation.js';
import { authenticateMcp, challengeSignIn, checkScope } from './mcp-auth.js';
import { ElicitationRelay } from './elicitation-relay.js';
import { McpMultiplexer, type CallSession } from './multiplexer.js';
import { RPC, rpcError } from './jsonrpc-errors.js';
import { rebindingRefusal, type RebindingPolicy } from './rebinding-guard.js';
import { isSupportedVersion, negotiate } from './protocol-versions.js';
import { claimsModern, modernHandler } from './modern-handler.js';
import { answerDirect, isToolsCallShape, legacyDirect, modernDirect, sendAnswer } from './direct-call.js';
import { callerAuthInfo } from './modern-server.js';
import { createMcpServer, type SessionFacts } from './server-factory.js';
import { sessionOwner } from './session-owner.js';
import type { SessionStore } from './sessions.js';
import type { ToolCatalog } from './tool-catalog.js';
import { openStandaloneStream } from './standalone-stream.js';
import { jsonBody } from './small-body.js';

export interface McpOptions {
  catalog: ToolCatalog;
  sessions: SessionStore;
  rebinding: RebindingPolicy;
  bodyLimit: string;
}

const accepts = (req: Request, type: string) => {
  const accept = req.headers.accept ?? '';
  return accept === '' || accept.includes(type) || accept.includes('*/*');
};

/** A request for the mount point itself ("/" or "/?query" once mounted), which is all /mcp serves. */
const atMountRoot = (url: string) => url === '/' || url.startsWith('/?');

/**
 * Streamable HTTP, mounted at /mcp: POST carries messages, GET opens the server stream,
 * DELETE ends a session. Mounted by path so other requests never enter this handler.
 */
export function mcpRouter(runtime: Runtime, opts: McpOptions): RequestHandler {
  const router = express.Router();
  const relay = new ElicitationRelay(runtime.services.cache);
  const mux: McpMultiplexer = new McpMultiplexer((sessionId, id) => relay.watch(mux, sessionId, id));
  const facts: SessionFacts = {
    levelFor: (id) => mux.sessionOf(id)?.session.logLevel,
    canAsk: (id) => mux.canAsk(id),
    async setLevel(id, level) {
      const session = mux.sessionOf(id);
      if (!session) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'logging/setLevel needs a session: send the Mcp-Session-Id from initialize');
      if (!(await opts.sessions.setLogLevel(session.id, level))) throw new ProtocolError(ProtocolErrorCode.InvalidRequest, 'Session not found; send a new initialize request');
    },
  };
  void createMcpServer(opts.catalog, (id, signal) => mux.contextFor(id, signal), facts).connect(mux);
  const meterAnonymous = anonymousMeter(runtime.services.cache);
  const modern = modernHandler(opts.catalog, runtime.services.cache);

  /** Every /mcp request first: DNS-rebinding guard, the caller, anonymous metering. Calls next() only to go on. */
  const prelude = async (req: Request, res: Response, next: NextFunction) => {
    const refusal = rebindingRefusal(req.headers, opts.rebinding);
    if (refusal) return rpcError(res, 403, RPC.SERVER_ERROR, refusal);
    const principal = await authenticateMcp(req, res, runtime);
    if (!principal) return;
    // Anonymous callers are metered per address here; the signed-in by their plan in buildContext.
    if (principal.kind === 'anonymous' && !(await meterAnonymous(req, res))) return;
    res.locals.principal = principal;
    next();
  };
  router.use(prelude);

  /**
   * Resolves the session header: undefined = none sent; null = answered with an error already.
   * Another caller's session answers the same 404 as an unknown one, so ids cannot be probed.
   */
  const checkSession = async (req: Request, res: Response): Promise<CallSession | undefined | null> => {
    const id = req.headers['mcp-session-id'];
    if (id === undefined) return undefined;
    const owner = sessionOwner(res.locals.principal as Principal);
    const session = typeof id === 'string' ? await opts.sessions.get(id, owner).catch(() => undefined) : undefined;
    if (typeof id !== 'string' || !session) {
      rpcError(res, 404, RPC.SESSION_NOT_FOUND, 'Session not found; send a new initialize request');
      return null;
    }
    return { id, session };
  };

  /**
   * Anonymous calls to a tool that needs a user get the sign-in challenge (401), calls
   * lacking a scope the step-up one (403), before any work: both eras. False when answered.
   */
  const checkToolAccess = (req: Request, res: Response, principal: Principal, message: unknown): boolean => {
    const call = message as { id?: string | number; method?: unknown; params?: { name?: unknown } } | null;
    if (typeof call !== 'object' || call === null || call.method !== 'tools/call') return true;
    const entry = opts.catalog.get(String(call.params?.name ?? ''));
    if (!entry) return true;
    if (principal.kind === 'anonymous' && !servesAnonymous(entry.tool)) {
      challengeSignIn(req, res, runtime, entry.tool, call.id);
      return false;
    }
    return checkScope(req, res, runtime, principal, entry.tool);
  };

  /** The call's context (plan limits, metering); a refusal is answered as a JSON-RPC error with its HTTP status. */
  const contextOrError = async (req: Request, res: Response, principal: Principal, message: unknown): Promise<ToolContext | undefined> => {
    try {
      return await buildContext(req, res, runtime, principal);
    } catch (err) {
      const toolErr = toServiceError(err);
      const answer = httpError(toolErr);
      if (answer.headers) res.set(answer.headers);
      const id = (message as { id?: string | number } | null)?.id ?? null;
      rpcError(res, answer.status, RPC.SERVER_ERROR, `${toolErr.message}. ${toolErr.hint}`, id);
      return undefined;
    }
  };

  const readBody = jsonBody(opts.bodyLimit);
  const post = async (req: Request, res: Response) => {
    if (!accepts(req, 'application/json') && !accepts(req, 'text/event-stream')) {
      return rpcError(res, 406, RPC.SERVER_ERROR, 'Not Acceptable: accept application/json or text/event-stream');
    }
    if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) {
      return rpcError(res, 415, RPC.SERVER_ERROR, 'Unsupported Media Type: Content-Type must be application/json');
    }
    const principal = res.locals.principal as Principal;
    // 2026-07-28: stateless, served per request by the SDK's entry (modern-handler.ts).
    if (claimsModern(req.headers['mcp-protocol-version'], req.body)) {
      if (!checkToolAccess(req, res, principal, req.body)) return;
      const ctx = await contextOrError(req, res, principal, req.body);
      if (!ctx) return;
      const direct = modernDirect(opts.catalog, req);
      // Written directly, as REST answers are: res.json's detour through res.send cost a third of a direct call's CPU.
      if (direct) return sendAnswer(res, await answerDirect(opts.catalog, direct, ctx, true));
      (req as Request & { auth?: AuthInfo }).auth = callerAuthInfo(principal, ctx);
      return modern(req, res);
    }
    if (!checkVersionHeader(req, res)) return;
    if (Array.isArray(req.body)) return rpcError(res, 400, RPC.INVALID_REQUEST, 'Batched messages are not supported by protocol 2025-06-18 and later');
    let message: JSONRPCMessage;
    const toolsCall = isToolsCallShape(req.body);
    try {
      message = toolsCall ? req.body : parseJSONRPCMessage(req.body);
    } catch {
      return rpcError(res, 400, RPC.INVALID_REQUEST, 'Invalid JSON-RPC message');
    }

    // The method test first: a failed zod parse per ordinary call is not free.
    const initialize = 'method' in message && message.method === 'initialize' && isInitializeRequest(message) ? message : undefined;
    if (initialize) {
      initialize.params.protocolVersion = negotiate(initialize.params.protocolVersion);
      const id = await opts.sessions.create({
        owner: sessionOwner(res.locals.principal as Principal),
        protocolVersion: initialize.params.protocolVersion,
        elicitation: canElicitForm(initialize.params.capabilities),
        client: `${initialize.params.clientInfo.name}/${initialize.params.clientInfo.version}`,
        createdAt: new Date().toISOString(),
      });
      res.setHeader('Mcp-Session-Id', id);
    }
    const session = initialize ? undefined : await checkSession(req, res);
    if (session === null) return;
    // Notifications and responses need no answer beyond 202; a response may be the answer to an elicitation.
    // The shape test first: isJSONRPCRequest is a zod parse.
    const isRequest = (m: JSONRPCMessage): m is JSONRPCRequest => toolsCall || isJSONRPCRequest(m);
    if (!isRequest(message)) {
      // One asked by another process is left in the shared cache for it (elicitation-relay.ts).
      if (session && (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && !mux.deliver(message, session.id)) await relay.forward(message, session.id);
      return void res.status(202).end();
    }

    if (!checkToolAccess(req, res, principal, message)) return;
    const ctx = await contextOrError(req, res, principal, message);
    if (!ctx) return;
    const acceptsSse = accepts(req, 'text/event-stream');
    const direct = initialize ? undefined : legacyDirect(opts.catalog, message, session?.session.elicitation === true && acceptsSse, session?.session.logLevel !== undefined);
    if (direct) return sendAnswer(res, await answerDirect(opts.catalog, direct, ctx, false));
    const exchange = new HttpExchange(res, message.id, acceptsSse);
    if (!initialize) return mux.dispatch(message, exchange, ctx, {}, session);
    // initialize records the client's capabilities in its Server: a throwaway one, never the shared one.
    const server = createMcpServer(opts.catalog, (_id, sdkSignal) => withAbortSources(ctx, () => [sdkSignal]));
    await server.connect(exchange);
    exchange.onmessage?.(message, {});
    await exchange.done;
    await server.close();
  };
  router.post('/', readBody, post);

  router.get('/', async (req, res) => {
    if (!checkVersionHeader(req, res)) return;
    if (!accepts(req, 'text/event-stream')) return rpcError(res, 406, RPC.SERVER_ERROR, 'Not Acceptable: accept text/event-stream');
    const session = await checkSession(req, res);
    if (session === null) return;
    if (session === undefined) return rpcError(res, 400, RPC.SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required');
    openStandaloneStream(res, runtime.shutdown);
  });

  router.delete('/', async (req, res) => {
    if (!checkVersionHeader(req, res)) return;
    const session = await checkSession(req, res);
    if (session === null) return;
    if (session === undefined) return rpcError(res, 400, RPC.SERVER_ERROR, 'Bad Request: Mcp-Session-Id header is required');
    await opts.sessions.end(session.id);
    res.status(200).end();
  });

  // Body parser failures on /mcp are JSON-RPC errors, not REST 422s; anything else goes on to the app's handlers.
  const bodyErrors: ErrorRequestHandler = (err: { type?: string }, _req, res, next) => {
    if (err?.type === 'entity.parse.failed') return rpcError(res, 400, RPC.PARSE_ERROR, 'Parse error: invalid JSON');
    if (err?.type === 'entity.too.large') return rpcError(res, 413, RPC.SERVER_ERROR, 'Request body is too large');
    if (typeof err?.type === 'string') return rpcError(res, 400, RPC.SERVER_ERROR, 'Could not read the request body');
    next(err);
  };
  router.use(bodyErrors);

  router.all('/', (_req, res) => {
    res.setHeader('Allow', 'GET, POST, DELETE');
    rpcError(res, 405, RPC.SERVER_ERROR, 'Method not allowed');
  });

  /**
   * POST, the call every client makes, runs the router's own chain (prelude, body,
   * handler, body errors) without its layer walk and path matching, which cost
   * about a tenth of an MCP call's CPU (README, "MCP" under Architecture). GET,
   * DELETE and other methods still go through the router.
   */
  const direct = (req: Request, res: Response, next: NextFunction) => {
    const fail = (err: unknown) => bodyErrors(err, req, res, next);
    prelude(req, res, (err?: unknown) => {
      if (err) return fail(err);
      readBody(req, res, (bodyErr?: unknown) => (bodyErr ? fail(bodyErr) : void post(req, res).catch(fail)));
    }).catch(fail);
  };
  return (req, res, next) => (req.method === 'POST' && atMountRoot(req.url) ? direct(req, res, next) : router(req, res, next));
}

/** 2025-era requests name a revision we speak, or none. False when answered (400). */
function checkVersionHeader(req: Request, res: Response): boolean {
  const version = req.headers['mcp-protocol-version'];
  if (typeof version !== 'string' || isSupportedVersion(version)) return true;
  rpcError(res, 400, RPC.SERVER_ERROR, `Bad Request: unsupported MCP-Protocol-Version ${version}`);
  return false;
}
