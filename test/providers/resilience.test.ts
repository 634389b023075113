import { describe, expect, it } from 'vitest';
import { ProviderPolicy } from '../../adapters/providers/http/resilience.js';
import { ProviderError } from '../../tools/_kit/provider-error.js';

// ProviderPolicy's rules, with calls we control: what is retried, what opens the
// breaker, and what does not count against a provider.

const live = () => new AbortController().signal;
const unavailable = () => new ProviderError('duffel', 'unavailable', 'down', { status: 503 });

describe('ProviderPolicy', () => {
  it('retries a transient failure on an idempotent call only', async () => {
    const policy = new ProviderPolicy('duffel', { retries: 2, breakerThreshold: 10 });
    let calls = 0;
    const flaky = async () => {
      calls += 1;
      if (calls < 3) throw unavailable();
      return ['ok'];
    };
    await expect(policy.run(flaky, { idempotent: true, signal: live() })).resolves.toEqual(['ok']);
    expect(calls).toBe(3);
    calls = 0;
    await expect(policy.run(flaky, { idempotent: false, signal: live() })).rejects.toMatchObject({ kind: 'unavailable' });
    expect(calls).toBe(1);
  });

  it('leaves a successful attempt\'s signal unaborted, and aborts a timed-out one', async () => {
    const policy = new ProviderPolicy('duffel', { retries: 0, timeoutMs: 100 });
    let seen: AbortSignal | undefined;
    await policy.run(async (signal) => { seen = signal; return ['ok']; }, { idempotent: true, signal: live() });
    expect(seen?.aborted).toBe(false);
    await expect(policy.run((signal) => { seen = signal; return new Promise(() => undefined); }, { idempotent: true, signal: live() })).rejects.toMatchObject({ kind: 'timeout' });
    expect(seen?.aborted).toBe(true);
  });

  it('does not retry a 500 (Duffel asks not to) nor a refusal', async () => {
    const policy = new ProviderPolicy('duffel', { retries: 2 });
    for (const err of [new ProviderError('duffel', 'unavailable', 'boom', { status: 500 }), new ProviderError('duffel', 'rejected', 'no', { status: 422 })]) {
      let calls = 0;
      await expect(policy.run(async () => { calls += 1; throw err; }, { idempotent: true, signal: live() })).rejects.toBe(err);
      expect(calls).toBe(1);
    }
  });

  it('opens the breaker after consecutive failures and then fails fast', async () => {
    const policy = new ProviderPolicy('serpapi', { retries: 0, breakerThreshold: 3, halfOpenAfterMs: 60_000 });
    for (let i = 0; i < 3; i++) await policy.run(async () => { throw unavailable(); }, { idempotent: true, signal: live() }).catch(() => undefined);
    expect(policy.breakerState).toBe('open');
    let called = false;
    await expect(policy.run(async () => { called = true; return []; }, { idempotent: true, signal: live() })).rejects.toMatchObject({ kind: 'circuit_open' });
    expect(called).toBe(false);
  });

  it('counts neither an empty answer, a refusal, nor a caller abort as a failure', async () => {
    const policy = new ProviderPolicy('seats_aero', { retries: 0, breakerThreshold: 1 });
    await policy.run(async () => [], { idempotent: true, signal: live(), isEmpty: (v) => v.length === 0 });
    expect(policy.noInventory).toBe(true);
    expect(policy.lastOutcome?.status).toBe('empty');
    await policy.run(async () => { throw new ProviderError('seats_aero', 'not_found', 'gone'); }, { idempotent: true, signal: live() }).catch(() => undefined);
    const caller = new AbortController();
    const pending = policy.run((signal) => new Promise((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))), { idempotent: true, signal: caller.signal });
    caller.abort();
    await expect(pending).rejects.toThrow();
    expect(policy.breakerState).toBe('closed');
  });

  it('turns a slow call into a timeout and a full queue into overloaded', async () => {
    const slow = new ProviderPolicy('duffel', { retries: 0, timeoutMs: 50 });
    await expect(slow.run((signal) => new Promise((resolve) => { const t = setTimeout(resolve, 1_000); signal.addEventListener('abort', () => clearTimeout(t)); }), { idempotent: true, signal: live() })).rejects.toMatchObject({ kind: 'timeout' });

    const narrow = new ProviderPolicy('duffel', { retries: 0, concurrency: 1, queue: 0 });
    let release = () => {};
    const first = narrow.run(() => new Promise<void>((r) => (release = r)), { idempotent: true, signal: live() });
    expect(narrow.inFlight).toBe(1);
    await expect(narrow.run(async () => undefined, { idempotent: true, signal: live() })).rejects.toMatchObject({ kind: 'overloaded' });
    release();
    await first;
    expect(narrow.inFlight).toBe(0);
  });

  it("counts a caller's deadline (a search budget) as a timeout against the breaker, and records it", async () => {
    const policy = new ProviderPolicy('serpapi', { retries: 1, breakerThreshold: 2, halfOpenAfterMs: 60_000 });
    let calls = 0;
    const hang = (signal: AbortSignal) => {
      calls += 1;
      return new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
    };
    await expect(policy.run(hang, { idempotent: true, signal: AbortSignal.timeout(30) })).rejects.toMatchObject({ kind: 'timeout' });
    // Given up on, not retried: the caller is no longer waiting.
    expect(calls).toBe(1);
    expect(policy.lastOutcome).toMatchObject({ status: 'error', detail: 'search_budget_timeout' });
    expect(policy.breakerState).toBe('closed');
    await policy.run(hang, { idempotent: true, signal: AbortSignal.timeout(30) }).catch(() => undefined);
    expect(policy.breakerState).toBe('open');
    await expect(policy.run(hang, { idempotent: true, signal: AbortSignal.timeout(30) })).rejects.toMatchObject({ kind: 'circuit_open' });
    expect(calls).toBe(2);
  });
});
