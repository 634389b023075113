import { randomBytes } from 'node:crypto';
import type { JSONRPCMessage, JSONRPCRequest, JSONRPCResponse, MessageExtraInfo, RequestId, Transport, TransportSendOptions } from '@modelcontextprotocol/server';
import type { ToolContext } from '../../tools/_kit/context.js';
import { withAbortSources } from '../http/request-context.js';
import type { HttpExchange } from './http-exchange.js';
import type { McpSession } from './sessions.js';

/** The MCP session a call belongs to, as read when the request arrived. */
export interface CallSession {
  id: string;
  session: McpSession;
}

interface Call {
  clientId: RequestId;
  session: CallSession | undefined;
  exchange: HttpExchange;
  ctx: ToolContext;
  answered: boolean;
  /** Made only if the tool reads its signal; see `answeredSignal`. */
  onAnswered?: AbortController;
}

/**
 * One transport for one long-lived SDK Server that serves every stateless POST:
 * building, connecting and closing a Server per request cost more than the call.
 *
 * Requests stay isolated: each gets a fresh internal JSON-RPC id (clients reuse ids
 * freely), so the SDK's per-request state, keyed by id, never mixes two calls; the
 * answer gets the client's id back and goes to that call's HTTP exchange only, as do
 * messages the SDK relates to it (progress). Only requests reach the Server (the router
 * answers notifications and responses itself), and `initialize` keeps a Server of its
 * own, so this one never holds any client's capabilities.
 */
export class McpMultiplexer implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];

  private lastId = 0;
  private readonly calls = new Map<number, Call>();
  /**
   * Requests the Server sent to a client during a call (elicitation), by the id the client
   * saw: the session and call they belong to, and the Server's own id. The client sees
   * `el-<process>-<id>`, unique across processes, so an answer relayed from another
   * process (elicitation-relay.ts) finds its call and no other.
   */
  private readonly asked = new Map<RequestId, { sessionId: string; callId: number; serverId: RequestId }>();
  private readonly process = randomBytes(6).toString('base64url');

  /** Told when a question goes out to a session, so an answer that reaches another process can be fetched. */
  constructor(private readonly onAsk?: (sessionId: string, id: string) => void) {}

  async start(): Promise<void> {}

  async close(): Promise<void> {
    this.onclose?.();
  }

  /** Hands one POSTed request to the Server; resolves once it has been answered. */
  dispatch(message: JSONRPCRequest, exchange: HttpExchange, ctx: ToolContext, extra: MessageExtraInfo, session?: CallSession): Promise<void> {
    const id = ++this.lastId;
    this.calls.set(id, { clientId: message.id, session, exchange, ctx, answered: false });
    this.onmessage?.({ ...message, id }, extra);
    return exchange.done;
  }

  /** A call's context: its request's sources plus the SDK's per-call signal, combined on first read. */
  contextFor(id: RequestId, sdkSignal: AbortSignal): ToolContext {
    const call = this.calls.get(id as number);
    if (!call) throw new Error(`MCP call ${String(id)} is not in flight`);
    return withAbortSources(call.ctx, () => [sdkSignal, answeredSignal(call)]);
  }

  /** The session of a call in flight, when its request named one. */
  sessionOf(id: RequestId): CallSession | undefined {
    return this.calls.get(id as number)?.session;
  }

  /** The call can put a request to its client and hear the answer: a session that declared elicitation, on an event stream. */
  canAsk(id: RequestId): boolean {
    const call = this.calls.get(id as number);
    return call?.session?.session.elicitation === true && call.exchange.acceptsSse;
  }

  /**
   * A client's answer to a request the Server put to it (POSTed on its own). Only the
   * session it was asked in may answer, so one client cannot confirm another's booking;
   * anything else is dropped. False when dropped.
   */
  deliver(message: JSONRPCResponse, sessionId: string): boolean {
    const asked = message.id === undefined ? undefined : this.asked.get(message.id);
    if (!asked || asked.sessionId !== sessionId) return false;
    this.asked.delete(message.id!);
    this.onmessage?.({ ...message, id: asked.serverId });
    return true;
  }

  /** True while a question sent under this id waits for its answer here. */
  isAsked(id: RequestId): boolean {
    return this.asked.has(id);
  }

  async send(message: JSONRPCMessage, options?: TransportSendOptions): Promise<void> {
    if ('id' in message && !('method' in message)) {
      // The answer to one of our calls.
      const call = this.calls.get(message.id as number);
      if (!call) return;
      this.calls.delete(message.id as number);
      this.forgetAsked(message.id as number);
      call.answered = true;
      await call.exchange.send({ ...message, id: call.clientId });
      call.onAnswered?.abort();
      return;
    }
    // A notification or server request the SDK relates to a call; anything else has nowhere to go.
    const related = options?.relatedRequestId;
    const call = related === undefined ? undefined : this.calls.get(related as number);
    if (!call) return;
    if ('method' in message && 'id' in message && call.session) {
      const id = `el-${this.process}-${String(message.id)}`;
      this.asked.set(id, { sessionId: call.session.id, callId: related as number, serverId: message.id });
      await call.exchange.send({ ...message, id });
      this.onAsk?.(call.session.id, id);
      return;
    }
    await call.exchange.send(message);
  }

  private forgetAsked(callId: number): void {
    for (const [id, asked] of this.asked) if (asked.callId === callId) this.asked.delete(id);
  }
}

/**
 * Aborts once the call is answered. A per-request Server aborted its call's signal when
 * it was closed after the answer; tools that hold on to their signal still see that.
 */
function answeredSignal(call: Call): AbortSignal {
  call.onAnswered ??= new AbortController();
  if (call.answered) call.onAnswered.abort();
  return call.onAnswered.signal;
}
