import type { StaysSimStore } from './stays-sim-store.js';

// What every Stays simulator handler gets; handlers answer with SimResult
// (duffel-sim-context.ts) and throw SimFailure, as the flight sandbox's do.

export interface StaysSimCtx {
  seed: string;
  store: StaysSimStore;
  now: Date;
}
