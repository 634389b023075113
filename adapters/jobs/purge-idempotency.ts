import type { Services } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';

// Idempotency keys are replayed for 24 hours; this drops older records so the
// table stays small. Every process may run it: the delete is idempotent.

const EVERY_MS = 60 * 60_000;

export function startIdempotencyPurge(services: Services, log: Logger, everyMs = EVERY_MS): () => void {
  const timer = setInterval(() => {
    services.idempotency
      .purgeExpired(services.clock())
      .then((n) => n > 0 && log.info({ purged: n }, 'expired idempotency records purged'))
      .catch((err: unknown) => log.warn({ err }, 'idempotency purge failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
