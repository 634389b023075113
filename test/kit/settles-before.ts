// "Gives up within its budget" without reading the wall clock: the work races a
// sentinel timer set well past the budget. Timers fire in deadline order and the
// promise chains a fired timeout starts run before the next timer's callback, so on a
// loaded or descheduled machine the budget's timer still wins; a budget that never
// fires (or a far larger one) loses. Nothing is measured in milliseconds.

/** True when `work` settled (either way) before a timer of `sentinelMs` started now fired. */
export async function settlesBefore(work: Promise<unknown>, sentinelMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const sentinel = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), sentinelMs)));
  const settled = work.then(
    () => true as const,
    () => true as const,
  );
  try {
    return await Promise.race([settled, sentinel]);
  } finally {
    clearTimeout(timer);
  }
}
