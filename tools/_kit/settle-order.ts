// Hands back promises in the order they settle, each once.
//
// The usual way, `await Promise.race(pending)` in a loop, attaches a new
// reaction to every promise still pending on each turn, and each reaction keeps
// that turn's race promise and the value it settled with. So the answers a
// search has already handled (Duffel's offers, SerpApi's) stayed reachable from
// seats.aero's pending call until it answered, ~300 ms later: at 50 streams they
// were a third of the objects in flight, and every scavenge copied them
// (README "What a search holds while it waits"). Here each promise gets one
// reaction, which lets go of its value once it is taken.

type Outcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

export class SettleOrder<T> {
  private readonly settled: Outcome<T>[] = [];
  private unsettled = 0;
  private wake: (() => void) | null = null;

  /** Promises added and not taken yet, settled or not. */
  get size(): number {
    return this.unsettled + this.settled.length;
  }

  add(promise: Promise<T>): void {
    this.unsettled++;
    const land = (outcome: Outcome<T>) => {
      this.unsettled--;
      this.settled.push(outcome);
      const wake = this.wake;
      this.wake = null;
      wake?.();
    };
    promise.then(
      (value) => land({ ok: true, value }),
      (error: unknown) => land({ ok: false, error }),
    );
  }

  /**
   * The value of the earliest settled promise not taken yet, or what it rejected
   * with, thrown. Call it only while `size` is above 0, one call at a time.
   */
  async next(): Promise<T> {
    if (this.size === 0) throw new Error('SettleOrder.next() with nothing added');
    while (this.settled.length === 0) await new Promise<void>((resolve) => (this.wake = resolve));
    const outcome = this.settled.shift()!;
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }
}
