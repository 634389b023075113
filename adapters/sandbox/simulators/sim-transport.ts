import { answerQueue } from '../../providers/http/answer-queue.js';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../providers/http/transport.js';
import { hash32, mulberry32 } from './seeded.js';

// Runs a simulator's wire handler in-process behind the HttpTransport seam, with
// the configured latency and failure rate. The handler's work counts toward the
// latency, as an upstream's own processing would.

export interface SimResponse {
  status: number;
  headers?: Record<string, string>;
  /** JSON-serializable body in the provider's wire format; a fresh object per call (callers may keep it). */
  body: unknown;
}

export interface WireSimulator {
  handle(req: HttpRequest, now: Date): SimResponse | Promise<SimResponse>;
  /** The provider's own answer for an injected outage (e.g. a 503 in its error envelope). */
  outage(req: HttpRequest): SimResponse;
}

export interface SimTransportOptions {
  latencyMs: number;
  failRate: number;
  seed: string;
  clock?: () => Date;
}

function abortable(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return signal.aborted ? Promise.reject(signal.reason as Error) : Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function toResponse(sim: SimResponse): HttpResponse {
  const headers = new Map(Object.entries({ 'content-type': 'application/json', ...sim.headers }).map(([k, v]) => [k.toLowerCase(), v]));
  let text: string | undefined;
  return {
    status: sim.status,
    header: (name) => headers.get(name.toLowerCase()) ?? null,
    text: () => Promise.resolve((text ??= JSON.stringify(sim.body))),
    // Handlers build a fresh body per call, so it is handed over without a copy.
    json: () => Promise.resolve(sim.body),
  };
}

/** Failures are drawn from a seeded sequence: the nth call's fate is fixed by the seed. */
export function simulatedTransport(name: string, sim: WireSimulator, opts: SimTransportOptions): HttpTransport {
  const draw = mulberry32(hash32(opts.seed, name, 'failures'));
  const clock = opts.clock ?? (() => new Date());
  return async (req) => {
    const started = Date.now();
    const fails = opts.failRate > 0 && draw() < opts.failRate;
    const result = fails ? sim.outage(req) : await sim.handle(req, clock());
    await abortable(opts.latencyMs - (Date.now() - started), req.signal);
    // As with a real upstream's answer: a follow-up is read after first results (answer-queue.ts).
    const turn = answerQueue.turn(req.signal);
    if (turn) await turn;
    return toResponse(result);
  };
}
