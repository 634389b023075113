import { pino, type Logger as PinoLogger } from 'pino';

/** What one access-log line records. */
export interface AccessEntry {
  id: string;
  method: string;
  url: string;
  status: number;
  ms: number;
  aborted: boolean;
}

type Level = 'info' | 'warn' | 'error';
const levelOf = (status: number): Level => (status >= 500 ? 'error' : status >= 400 ? 'warn' : 'info');
const message = (aborted: boolean) => (aborted ? 'request aborted' : 'request completed');

interface PinoInternals {
  write(line: string): void;
  chindings: string;
  time: () => string;
}

/** pino's own stream, bindings and clock (public `pino.symbols`), when a plain line can be written straight to them. */
function internalsOf(logger: PinoLogger): PinoInternals | undefined {
  const s = pino.symbols;
  const l = logger as unknown as Record<symbol, unknown>;
  const stream = l[s.streamSym] as { write?: (line: string) => void; [k: symbol]: unknown } | undefined;
  const plain = l[s.mixinSym] === undefined && l[s.messageKeySym] === 'msg' && typeof l[s.chindingsSym] === 'string' && typeof l[s.timeSym] === 'function';
  // Multistreams and transports want pino's metadata with each line: those get pino's own call.
  if (!plain || typeof stream?.write !== 'function' || stream[s.needsMetadataGsym]) return undefined;
  const formatters = l[s.formattersSym] as { level?: (label: string, n: number) => object; bindings?: unknown; log?: unknown } | undefined;
  if (formatters?.level && JSON.stringify(formatters.level('info', 30)) !== '{"level":30}') return undefined;
  return { write: (line) => stream.write!(line), chindings: l[s.chindingsSym] as string, time: l[s.timeSym] as () => string };
}

/**
 * Writes access-log lines. A request's line is the same JSON pino would write for
 * `logger[level]({ req_id, method, url, status, ms }, msg)`, but built as one string:
 * pino's generic serializer (a key walk and a type check per value) cost more than the
 * rest of logging at thousands of requests a second. Loggers with a mixin, custom level
 * formatting or a metadata-hungry destination get pino's own call instead.
 */
export function accessLineWriter(logger: PinoLogger): (entry: AccessEntry) => void {
  const fast = internalsOf(logger);
  return (e) => {
    const level = levelOf(e.status);
    if (!logger.isLevelEnabled(level)) return;
    if (!fast) {
      logger[level]({ req_id: e.id, method: e.method, url: e.url, status: e.status, ms: e.ms }, message(e.aborted));
      return;
    }
    fast.write(
      `{"level":${logger.levels.values[level]}${fast.time()}${fast.chindings},"req_id":${JSON.stringify(e.id)},"method":${JSON.stringify(e.method)},` +
        `"url":${JSON.stringify(e.url)},"status":${e.status},"ms":${e.ms},"msg":"${message(e.aborted)}"}\n`,
    );
  };
}
