// The fixed simulator latencies the search bench runs with: fastest, middle, slowest.
export const LATENCY_MS = { duffel: 40, serpapi: 150, seats_aero: 400 } as const;
export type UpstreamName = keyof typeof LATENCY_MS;
export const FASTEST_MS = Math.min(...Object.values(LATENCY_MS));
export const SLOWEST_MS = Math.max(...Object.values(LATENCY_MS));
export const SIM_LATENCY = Object.entries(LATENCY_MS).map(([k, v]) => `${k}:${v}`).join(',');
