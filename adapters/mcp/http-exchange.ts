import type { Response } from 'express';
import { isJSONRPCErrorResponse, isJSONRPCResultResponse, type JSONRPCMessage, type RequestId, type Transport } from '@modelcontextprotocol/server';
import { openEventStream } from '../http/event-stream.js';

/**
 * One HTTP POST carrying one JSON-RPC request: the transport of the Server that
 * answers an `initialize`, and the per-call sink of the shared Server's multiplexer
 * (multiplexer.ts) for everything else. The answer goes back as a plain JSON body;
 * if the server emits notifications first (progress of a streaming tool) and the
 * client accepts SSE, the reply switches to an event stream as the streamable HTTP
 * spec allows. No Web-Request conversion, no per-request session map: this is what
 * keeps /mcp close to plain REST speed.
 */
export class HttpExchange implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: Transport['onmessage'];
  sessionId?: string;

  private streaming = false;
  private settled = false;
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));

  constructor(
    private readonly res: Response,
    private readonly requestId: RequestId,
    /** The client takes an event stream: only then can a call send it requests (elicitation) before its answer. */
    readonly acceptsSse: boolean,
  ) {}

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (this.settled || this.res.writableEnded) return;
    const isFinal = (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) && message.id === this.requestId;
    if (!isFinal) {
      if (!this.acceptsSse) return; // a JSON-only client just gets the final answer
      this.openStream();
      this.res.write(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
      return;
    }
    this.settled = true;
    if (this.streaming) {
      this.res.end(`event: message\ndata: ${JSON.stringify(message)}\n\n`);
    } else {
      this.res.status(200).json(message);
    }
    this.resolveDone();
  }

  async close(): Promise<void> {
    if (!this.settled) {
      this.settled = true;
      if (!this.res.writableEnded) this.res.end();
      this.resolveDone();
    }
    this.onclose?.();
  }

  private openStream(): void {
    if (this.streaming) return;
    this.streaming = true;
    openEventStream(this.res);
  }
}
