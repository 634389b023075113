import { MEGAHUBS } from '../../adapters/sandbox/simulators/world/gateways.js';
import { routeFlights } from '../../adapters/sandbox/simulators/world/network.js';

/** Real airport pairs among the mega-hubs that the simulator world flies nonstop, in a stable order. */
export function benchRoutes(count: number): { origin: string; destination: string }[] {
  const hubs = [...MEGAHUBS].sort();
  const out: { origin: string; destination: string }[] = [];
  for (const origin of hubs) {
    for (const destination of hubs) {
      if (origin !== destination && routeFlights(origin, destination).length > 0) out.push({ origin, destination });
    }
  }
  // Spread the pick over the whole list, not just the first hubs alphabetically.
  const step = Math.max(1, Math.floor(out.length / count));
  return out.filter((_, i) => i % step === 0).slice(0, count);
}
