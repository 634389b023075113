import { writeSync } from 'node:fs';
import { pino, type DestinationStream } from 'pino';

/**
 * Characters of log lines held before a write (~150 access lines; a profile at 2,500
 * requests a second still had 4 µs a request in the write calls with 4 KB batches); a
 * quiet server still writes within FLUSH_EVERY_MS.
 */
const MIN_WRITE_CHARS = 32 * 1024;
const MAX_WRITE_BYTES = 64 * 1024;
const FLUSH_EVERY_MS = 250;

/** What pino calls on its destination: each line, and the flushes of logger.flush and its exit hook. */
export interface LineDestination extends DestinationStream {
  flush(cb?: (err?: Error | null) => void): void;
  flushSync(): void;
}

/** The sonic-boom stream underneath (`destroyed` once pino's exit hook has ended it). */
type Sink = ReturnType<typeof pino.destination> & { destroyed?: boolean };

/** Batches still holding lines when the process ends; one exit hook for all of them. */
const holding = new Set<LineBatch>();
let exitHookInstalled = false;

/**
 * Lines kept in an array and joined once per batch. Batching inside sonic-boom instead
 * (its minLength) appends each line to one growing string and measures that string's
 * UTF-8 length on every write, which copies the whole batch per line: ~24 KB copied and
 * thrown away per request at thousands of requests a second.
 */
class LineBatch implements LineDestination {
  private lines: string[] = [];
  private chars = 0;

  constructor(private readonly dest: Sink) {}

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= MIN_WRITE_CHARS) this.handOver();
  }

  /** Gives what is held to the destination, in one write. */
  handOver(): void {
    if (this.lines.length === 0) return;
    const text = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    if (this.dest.destroyed) writeSync(1, text);
    else this.dest.write(text);
  }

  flush(cb?: (err?: Error | null) => void): void {
    this.handOver();
    this.dest.flush(cb);
  }

  flushSync(): void {
    this.handOver();
    if (!this.dest.destroyed) this.dest.flushSync();
  }
}

function flushAllOnExit(): void {
  for (const batch of holding) {
    try {
      batch.flushSync();
    } catch {
      // stdout gone: nothing left to write to
    }
  }
}

/**
 * Standard output written in batches: at thousands of requests a second, a write system
 * call per log line cost more than routing the request. A batch is one synchronous write
 * (~32 KB, about 150 requests' lines): an asynchronous one could still be in flight when
 * the process exits, and the lines the exit hook then writes came out before it
 * (test/log-destination.unit.test.ts saw it on a loaded machine). Lines still held when
 * the process exits are written by the exit hook.
 */
export function batchedStdout(): LineDestination {
  const dest = pino.destination({ dest: 1, sync: true, minLength: 0, maxWrite: MAX_WRITE_BYTES });
  const batch = new LineBatch(dest);
  holding.add(batch);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', flushAllOnExit);
  }
  setInterval(() => {
    try {
      batch.flush();
    } catch {
      // destroyed at shutdown: nothing left to write
    }
  }, FLUSH_EVERY_MS).unref();
  return batch;
}
