// How long an in-process job waits before its next run. A job that keeps finding
// nothing to do (webhook polling on an idle server) need not ask the embedded
// database every second: each idle run doubles the wait, up to IDLE_STRETCH times
// the job's interval, and a run that finds work brings it back to the interval.

/** The longest wait, as a multiple of the job's interval (1 s → 8 s for webhook delivery). */
export const IDLE_STRETCH = 8;

export function nextWaitMs(everyMs: number, currentMs: number, idle: boolean): number {
  if (!idle) return everyMs;
  return Math.min(everyMs * IDLE_STRETCH, Math.max(everyMs, currentMs * 2));
}
