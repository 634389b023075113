import { z } from 'zod';
import type { Services } from '../_kit/context.js';
import { withTimeout } from '../_kit/timeout.js';

export const DependencyCheck = z.object({
  status: z.enum(['ok', 'degraded']).describe('ok when the dependency answered, degraded otherwise'),
  kind: z.string().describe('Which implementation is in use, e.g. pglite, postgresql, memory, redis'),
  latency_ms: z.number().nonnegative().nullable(),
  error: z.string().optional().describe('Why it is degraded'),
});
export type DependencyCheck = z.output<typeof DependencyCheck>;

const PROBE_TIMEOUT_MS = 2_000;

export async function checkDatabase(services: Services): Promise<DependencyCheck> {
  const started = performance.now();
  try {
    const res = await withTimeout(services.db.ping(), PROBE_TIMEOUT_MS, 'database');
    return res.ok
      ? { status: 'ok', kind: res.engine, latency_ms: round(res.latencyMs) }
      : { status: 'degraded', kind: res.engine, latency_ms: round(res.latencyMs), error: res.error ?? 'ping failed' };
  } catch (err) {
    return { status: 'degraded', kind: services.db.engine, latency_ms: round(performance.now() - started), error: message(err) };
  }
}

export async function checkCache(services: Services): Promise<DependencyCheck> {
  const started = performance.now();
  try {
    await withTimeout(services.cache.ping(), PROBE_TIMEOUT_MS, 'cache');
    return { status: 'ok', kind: services.cache.kind, latency_ms: round(performance.now() - started) };
  } catch (err) {
    return { status: 'degraded', kind: services.cache.kind, latency_ms: round(performance.now() - started), error: message(err) };
  }
}

const round = (ms: number) => Math.round(ms * 100) / 100;
const message = (err: unknown) => (err instanceof Error ? err.message : String(err));
