import type { ToolContext } from './context.js';
import { ToolError } from './errors.js';

// The caller's Idempotency-Key, checked once for every use. A signed-in caller's
// keys live in their own namespace; a guest has none, so two guests sending the
// same key would share it, and a replay could hand one the other's answer (a
// payment's client_secret, say). A guest's key must therefore be unguessable.

const MAX_LENGTH = 255;
/** A UUID (v4 has 122 random bits), or any key at least this long. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const GUEST_KEY_MIN_LENGTH = 32;

const invalid = (msg: string, type: string) =>
  new ToolError('VALIDATION_FAILED', `Idempotency-Key: ${msg}`, { issues: [{ loc: ['header', 'Idempotency-Key'], msg, type }] });

export function callerIdempotencyKey(ctx: Pick<ToolContext, 'call' | 'principal'>): string | undefined {
  const key = ctx.call?.idempotencyKey;
  if (!key) return undefined;
  if (key.length > MAX_LENGTH) throw invalid(`At most ${MAX_LENGTH} characters`, 'string_too_long');
  if (ctx.principal.kind === 'anonymous' && !UUID.test(key) && key.length < GUEST_KEY_MIN_LENGTH) {
    throw invalid(`Without credentials the key must be unguessable: a random UUID, or at least ${GUEST_KEY_MIN_LENGTH} random characters`, 'idempotency_key_guessable');
  }
  return key;
}
