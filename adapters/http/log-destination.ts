import { pino, type DestinationStream } from 'pino';

/** Lines buffered before a write; a quiet server still writes within FLUSH_EVERY_MS. */
const MIN_WRITE_BYTES = 4096;
const FLUSH_EVERY_MS = 250;

/**
 * Standard output written asynchronously and in batches: at thousands of requests a
 * second, a write system call per log line cost more than routing the request. pino
 * flushes what is buffered when the process exits.
 */
export function asyncStdout(): DestinationStream {
  const dest = pino.destination({ dest: 1, sync: false, minLength: MIN_WRITE_BYTES });
  setInterval(() => {
    try {
      dest.flush();
    } catch {
      // destroyed at shutdown: nothing left to write
    }
  }, FLUSH_EVERY_MS).unref();
  return dest;
}
