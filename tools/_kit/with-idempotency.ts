import { createHash } from 'node:crypto';
import type { ToolContext } from './context.js';
import { ToolError } from './errors.js';
import { callerIdempotencyKey } from './idempotency-key.js';
import type { Principal } from './principal.js';

// Runs an operation under the caller's Idempotency-Key. Only successes are
// recorded and replayed: a failed call changed nothing (money is refunded on
// failure), so a retry with the same key simply runs again.

/** A holder that crashed frees its key after this long; order creation may take two minutes upstream. */
const LOCK_MS = 150_000;
/** How long a repeat waits for the first call with its key to finish. */
const WAIT_MS = 30_000;

function callerScope(p: Principal): string {
  switch (p.kind) {
    case 'user':
    case 'admin':
      return `user:${p.userId}`;
    case 'internal':
      return 'internal';
    default:
      return 'guest';
  }
}

/** Key order does not change the fingerprint: `{a,b}` and `{b,a}` are the same request. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function fingerprintOf(input: unknown): string {
  return createHash('sha256').update(canonical(input)).digest('hex');
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), reject(signal.reason as Error)), { once: true });
  });

export async function withIdempotency<T>(ctx: ToolContext, operation: string, input: unknown, run: () => Promise<T>): Promise<T> {
  const key = callerIdempotencyKey(ctx);
  if (!key) return run();
  const store = ctx.services.idempotency;
  const scope = `${callerScope(ctx.principal)}:${operation}`;
  const fingerprint = fingerprintOf(input);
  const deadline = Date.now() + WAIT_MS;
  for (let wait = 20; ; wait = Math.min(wait * 2, 500)) {
    const begun = await store.begin(scope, key, fingerprint, LOCK_MS);
    if (begun.state === 'mismatch') {
      throw new ToolError('CONFLICT', 'This Idempotency-Key was already used with a different request', { hint: 'Use a new Idempotency-Key for a different request.' });
    }
    if (begun.state === 'done') {
      if (ctx.call) ctx.call.replayed = true;
      return begun.response as T;
    }
    if (begun.state === 'claimed') break;
    if (Date.now() >= deadline) {
      throw new ToolError('CONFLICT', 'A request with this Idempotency-Key is still being processed', { hint: 'Retry the same request in a few seconds to get its result.' });
    }
    await sleep(wait, ctx.signal);
  }
  let result: T;
  try {
    result = await run();
  } catch (err) {
    await store.abandon(scope, key);
    throw err;
  }
  await store.finish(scope, key, 200, result);
  return result;
}
