import type { ProviderName } from '../../../tools/_kit/providers.js';

// SIM_LATENCY_MS and SIM_FAIL_RATE take either one value for every simulator
// ("150") or per-provider pairs ("duffel:120,serpapi:900,seats_aero:300").

export interface SimSettings {
  seed: string;
  latencyMs: Record<ProviderName, number>;
  failRate: Record<ProviderName, number>;
  /** SIM_MISTAKE_FARE_RATE: chance per itinerary, cabin and UTC day that a simulated fare is a mistake fare. */
  mistakeFareRate: number;
}

const NAMES: readonly ProviderName[] = ['duffel', 'serpapi', 'seats_aero', 'stripe'];

/** Realistic defaults: Google Flights scraping is the slowest, seats.aero serves a cache. */
export const DEFAULT_SIM_LATENCY_MS: Record<ProviderName, number> = { duffel: 120, serpapi: 900, seats_aero: 300, stripe: 40 };

export class SimSettingError extends Error {}

/** Parses "150" or "duffel:120,serpapi:900" into a per-provider table over the defaults. */
export function parsePerProvider(raw: string | undefined, defaults: Record<ProviderName, number>, check: (n: number) => boolean, what: string): Record<ProviderName, number> {
  const out = { ...defaults };
  if (raw === undefined || raw.trim() === '') return out;
  const parse = (s: string) => {
    const n = Number(s);
    if (!Number.isFinite(n) || !check(n)) throw new SimSettingError(`${what}: "${s}" is not a valid value`);
    return n;
  };
  if (!raw.includes(':')) {
    const n = parse(raw.trim());
    for (const name of NAMES) out[name] = n;
    return out;
  }
  for (const pair of raw.split(',')) {
    const [name, value] = pair.split(':').map((s) => s.trim());
    if (!name || value === undefined || !NAMES.includes(name as ProviderName)) {
      throw new SimSettingError(`${what}: "${pair}" should be provider:value with provider one of ${NAMES.join(', ')}`);
    }
    out[name as ProviderName] = parse(value);
  }
  return out;
}

export function readSimSettings(env: { SIM_SEED: string; SIM_LATENCY_MS?: string; SIM_FAIL_RATE?: string; SIM_MISTAKE_FARE_RATE?: number }): SimSettings {
  return {
    seed: env.SIM_SEED,
    latencyMs: parsePerProvider(env.SIM_LATENCY_MS, DEFAULT_SIM_LATENCY_MS, (n) => n >= 0 && n <= 120_000, 'SIM_LATENCY_MS'),
    failRate: parsePerProvider(env.SIM_FAIL_RATE, { duffel: 0, serpapi: 0, seats_aero: 0, stripe: 0 }, (n) => n >= 0 && n <= 1, 'SIM_FAIL_RATE'),
    mistakeFareRate: env.SIM_MISTAKE_FARE_RATE ?? 0,
  };
}
