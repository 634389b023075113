import { extname } from 'node:path';
import { performance, type EventLoopUtilization } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { DecoderArg, DecoderName, DecoderResult } from './decoders.js';
import type { DecodeTask } from './decode-worker.js';
import type { HttpResponse } from './transport.js';

// PROVIDER_DECODE_WORKERS threads that parse and map big provider answers, so the
// event loop only merges and writes. Only while the loop is busy: a hop to a thread
// costs a wake-up and a structured clone, which an idle loop (one search at a time)
// only pays in latency; under load, decoding in parallel wins. A task that fails there (a body that is not
// the happy path, a crashed thread) answers undefined: the adapter then reads the
// answer inline and raises its usual ProviderError, so a bad body is a provider
// failure, never a 500, and a thread's failure costs only the inline read.

export interface DecodePool {
  /** Threads in the pool; 0 means every answer is decoded inline. */
  readonly threads: number;
  /** The mapped answer, or undefined when the adapter should read it inline. */
  decode<N extends DecoderName>(res: HttpResponse, decoder: N, arg: DecoderArg<N>): Promise<DecoderResult<N> | undefined>;
  close(): Promise<void>;
}

export const INLINE_DECODING: DecodePool = { threads: 0, decode: () => Promise.resolve(undefined), close: () => Promise.resolve() };

/** Under tsx (dev, tests, the bench) the worker is a .ts file and needs the same loader. */
function workerFile(): { filename: string; execArgv: string[] } {
  const ext = extname(fileURLToPath(import.meta.url));
  const filename = new URL(`./decode-worker${ext}`, import.meta.url).href;
  return { filename, execArgv: ext === '.ts' ? ['--import', 'tsx'] : [] };
}

/** Share of the last window the event loop was busy above which answers go to the threads. */
const BUSY_SHARE = 0.5;
const WINDOW_MS = 100;

/** Whether the event loop was busy over the last ~100 ms (event-loop utilization, re-read at most once a window). */
function loopBusy(): () => boolean {
  let mark: EventLoopUtilization = performance.eventLoopUtilization();
  let at = performance.now();
  let busy = false;
  return () => {
    const now = performance.now();
    if (now - at >= WINDOW_MS) {
      const next = performance.eventLoopUtilization();
      busy = performance.eventLoopUtilization(next, mark).utilization >= BUSY_SHARE;
      mark = next;
      at = now;
    }
    return busy;
  };
}

export function createDecodePool(threads: number, opts: { always?: boolean } = {}): DecodePool {
  if (threads <= 0) return INLINE_DECODING;
  const { filename, execArgv } = workerFile();
  // Threads start on first use and leave after a minute idle; the queue is unbounded
  // because each task is one answer we already hold.
  const pool = new Piscina<DecodeTask, unknown>({ filename, execArgv, minThreads: 0, maxThreads: threads, idleTimeout: 60_000 });
  const busy = opts.always ? () => true : loopBusy();
  return {
    threads,
    async decode(res, decoder, arg) {
      if (!busy()) return undefined;
      const body = res.raw?.() ?? (await res.text());
      try {
        return (await pool.run({ decoder, body, arg })) as DecoderResult<typeof decoder>;
      } catch {
        return undefined;
      }
    },
    close: () => pool.destroy(),
  };
}
