// "Is this date in the past?" is asked inside input schemas (zod refinements), which
// cannot take arguments. A tool call's validation is synchronous, so the caller's clock
// is installed for exactly that parse and read here; outside a call it is the wall clock.

let current: (() => Date) | undefined;

/** The time input checks judge against: the context's clock during a tool call's parse. */
export function inputNow(): Date {
  return current ? current() : new Date();
}

/** Runs a synchronous parse with `clock` as "now" for every date check inside it. */
export function withInputClock<T>(clock: () => Date, parse: () => T): T {
  const before = current;
  current = clock;
  try {
    return parse();
  } finally {
    current = before;
  }
}
