// A clock the test moves by hand: every "now" a tool reads (services.clock, input
// schemas, the in-memory stores and cache) comes from it, so a test that needs a
// date sets it instead of depending on the day it runs.

export interface TestClock {
  (): Date;
  /** Jumps to an instant (ISO string or Date). */
  set(at: Date | string): void;
  /** Moves forward (or back, with a negative value) by `ms`. */
  advance(ms: number): void;
  /** The current instant in epoch ms, for ports that count in ms (the cache). */
  ms(): number;
}

/** Starts at `start` (default: a fixed Thursday noon UTC, so runs on any day see the same calendar). */
export function testClock(start: Date | string = '2027-03-04T12:00:00Z'): TestClock {
  let now = new Date(start).getTime();
  if (Number.isNaN(now)) throw new Error(`testClock: not a date: ${String(start)}`);
  const clock = (() => new Date(now)) as TestClock;
  clock.set = (at) => {
    now = new Date(at).getTime();
  };
  clock.advance = (ms) => {
    now += ms;
  };
  clock.ms = () => now;
  return clock;
}
