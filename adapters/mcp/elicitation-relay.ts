import type { JSONRPCResponse } from '@modelcontextprotocol/server';
import type { Cache } from '../../tools/_kit/ports.js';
import { CONFIRM_TIMEOUT_MS } from './confirm-by-elicitation.js';

// A 2025 client answers an elicitation with a POST of its own, and behind a balancer
// that POST may reach another process than the one whose call is waiting for it. The
// process that gets an answer it did not ask for parks it in the shared cache under the
// session and the request id (ids are unique per process, see multiplexer.ts); the
// asking process polls that key while its question is open and delivers what it finds
// to its own call. The cache port has no pub/sub (as in single-flight.ts): a poll every
// 250 ms while a person reads a form is cheap. With the in-process cache there is one
// process and nothing to relay.

const POLL_MS = 250;
const keyOf = (sessionId: string, id: string | number) => `mcp:elicit-answer:${sessionId}:${String(id)}`;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What the relay needs from the multiplexer. */
export interface AnswerSink {
  /** True while the question is still open in this process. */
  isAsked(id: string | number): boolean;
  /** Delivers an answer to the call that asked; false when it is not ours (anymore). */
  deliver(message: JSONRPCResponse, sessionId: string): boolean;
}

export class ElicitationRelay {
  constructor(private readonly cache: Cache, private readonly pollMs = POLL_MS) {}

  private get shared(): boolean {
    return this.cache.kind === 'redis';
  }

  /** An answer this process did not ask for: left for the process that did (only ids in our own format). */
  async forward(message: JSONRPCResponse, sessionId: string): Promise<void> {
    if (!this.shared || typeof message.id !== 'string' || !message.id.startsWith('el-')) return;
    await this.cache.set(keyOf(sessionId, message.id), message, CONFIRM_TIMEOUT_MS / 1000).catch(() => undefined);
  }

  /** Called when this process puts a question to a session: waits for an answer parked by another process. */
  watch(sink: AnswerSink, sessionId: string, id: string): void {
    if (!this.shared) return;
    void (async () => {
      const key = keyOf(sessionId, id);
      const until = Date.now() + CONFIRM_TIMEOUT_MS;
      while (sink.isAsked(id) && Date.now() < until) {
        await sleep(this.pollMs);
        const parked = await this.cache.get<JSONRPCResponse>(key).catch(() => undefined);
        if (!parked) continue;
        await this.cache.delete(key).catch(() => undefined);
        sink.deliver(parked, sessionId);
        return;
      }
    })();
  }
}
