// The Idempotency-Key contract, for every tool that spends money or creates an
// order: the same key and body replay the first answer; the same key with another
// body is refused. The store is implemented in adapters/db.

export type IdempotencyBegin =
  /** This call owns the key and must finish or abandon it. */
  | { state: 'claimed' }
  /** A call with this key finished: replay its answer. */
  | { state: 'done'; status: number; response: unknown }
  /** A call with this key is still running. */
  | { state: 'running' }
  /** The key was used with another body. */
  | { state: 'mismatch' };

export interface IdempotencyStore {
  begin(scope: string, key: string, fingerprint: string, lockMs: number): Promise<IdempotencyBegin>;
  finish(scope: string, key: string, status: number, response: unknown): Promise<void>;
  /** Releases a claim whose call changed nothing, so a retry with the key runs again. */
  abandon(scope: string, key: string): Promise<void>;
  /** Deletes records past their replay window; returns how many. */
  purgeExpired(now: Date): Promise<number>;
}
