import type { DuffelListMeta } from '../../providers/duffel/wire.js';
import type { SandboxRules } from './duffel-sim-sandbox.js';
import type { SimStore } from './duffel-sim-store.js';

// What every order-life-cycle handler gets, and what it gives back; the router
// adds the headers and the envelope. Failures are thrown as SimFailure.

export interface SimCtx {
  seed: string;
  store: SimStore;
  now: Date;
  /** SIM_MISTAKE_FARE_RATE: offers, orders and changes price the same glitches. */
  mistakeFareRate: number;
  rules: SandboxRules;
}

export interface SimResult {
  status: number;
  data: unknown;
  meta?: DuffelListMeta;
}

export const created = (data: unknown): SimResult => ({ status: 201, data });
export const ok = (data: unknown): SimResult => ({ status: 200, data });
