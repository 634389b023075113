import type { Cache } from '../../tools/_kit/ports.js';
import type { ProviderHealth, ProviderMode, ProviderName, Providers } from '../../tools/_kit/providers.js';
import type { AppConfig } from '../config/env.js';
import { createBuiltInCruises } from '../sandbox/cruises/built-in-cruises.js';
import { createDuffelCarsProvider } from './duffel-cars/duffel-cars-provider.js';
import { createDuffelStaysProvider } from './duffel-stays/duffel-stays-provider.js';
import { createDuffelProvider } from './duffel/duffel-provider.js';
import { guardCardProcessor } from './guard-card-processor.js';
import { createDecodePool } from './http/decode-pool.js';
import { httpTransport, type HttpTransport } from './http/transport.js';
import { ProviderPolicy } from './http/resilience.js';
import { parsePerProvider, readSimSettings, type SimSettings } from './http/sim-settings.js';
import { createSeatsAeroProvider } from './seats-aero/seats-aero-provider.js';
import { createSerpApiProvider } from './serpapi/serpapi-provider.js';
import { createCarsSimulator } from '../sandbox/simulators/cars-sim.js';
import { createDuffelSimulator } from '../sandbox/simulators/duffel-sim.js';
import { createSeatsAeroSimulator } from '../sandbox/simulators/seats-aero-sim.js';
import { createSerpApiSimulator } from '../sandbox/simulators/serpapi-sim.js';
import { simulatedTransport, type WireSimulator } from '../sandbox/simulators/sim-transport.js';
import { createStaysSimulator } from '../sandbox/simulators/stays-sim.js';
import { simulatorWebhookSecret } from '../sandbox/simulators/sim-webhook-secret.js';
import { createStripeSimulator } from '../sandbox/simulators/stripe-sim.js';
import { createStripeProcessor } from './stripe/stripe-processor.js';
import type { ProviderCallObserver } from '../runtime/telemetry.js';

// Picks, per upstream, the real adapter (credentials configured) or its simulator,
// and gives each its own resilience policy.

export const PROVIDER_ROLES: Record<ProviderName, string> = {
  duffel: 'flight booking (offers, orders, seats, stays, cars)',
  serpapi: 'Google Flights search results',
  seats_aero: 'award availability',
  stripe: 'card payments',
};

/** Default time budget per attempt: Google Flights scraping can take a while; card calls must not hang a checkout. */
const DEFAULT_TIMEOUT_MS: Record<ProviderName, number> = { duffel: 20_000, serpapi: 30_000, seats_aero: 10_000, stripe: 20_000 };

/** stripe-node makes up to three attempts itself; each gets a share of our budget so ours ends last. */
function stripeAttemptMs(budgetMs: number): number {
  return Math.max(1_000, Math.floor(budgetMs / 3) - 500);
}

export interface ProviderDeps {
  cache: Cache;
  clock: () => Date;
  /** Hears every provider call's outcome and duration (metrics). */
  observeCall?: ProviderCallObserver;
}

interface TransportSettings {
  sim: SimSettings;
  maxBodyBytes: number;
  clock: () => Date;
  /** One keep-alive pool per upstream base URL (flights, stays and cars share Duffel's). */
  pools: Map<string, HttpTransport>;
}

function transportFor(name: ProviderName, live: boolean, baseUrl: string, settings: TransportSettings, make: () => WireSimulator): HttpTransport {
  const { sim, clock } = settings;
  if (live) {
    const pooled = settings.pools.get(baseUrl) ?? httpTransport(baseUrl, { maxBodyBytes: settings.maxBodyBytes });
    settings.pools.set(baseUrl, pooled);
    return pooled;
  }
  return simulatedTransport(name, make(), { latencyMs: sim.latencyMs[name], failRate: sim.failRate[name], seed: sim.seed, clock });
}

function stripeEndpoint(base: string): { host: string; port: number; protocol: 'http' | 'https' } {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return { host: url.hostname, port: Number(url.port || (protocol === 'http' ? 80 : 443)), protocol };
}

export function createProviders(config: AppConfig, deps: ProviderDeps): Providers {
  const sim = readSimSettings(config);
  const timeouts = parsePerProvider(config.PROVIDER_TIMEOUT_MS, DEFAULT_TIMEOUT_MS, (n) => n >= 100 && n <= 300_000, 'PROVIDER_TIMEOUT_MS');
  const policies: Record<ProviderName, ProviderPolicy> = {
    duffel: new ProviderPolicy('duffel', { timeoutMs: timeouts.duffel }, deps.observeCall),
    serpapi: new ProviderPolicy('serpapi', { timeoutMs: timeouts.serpapi }, deps.observeCall),
    seats_aero: new ProviderPolicy('seats_aero', { timeoutMs: timeouts.seats_aero }, deps.observeCall),
    stripe: new ProviderPolicy('stripe', { timeoutMs: timeouts.stripe, retries: 0 }, deps.observeCall),
  };
  const live: Record<ProviderName, boolean> = {
    duffel: Boolean(config.DUFFEL_ACCESS_TOKEN),
    serpapi: Boolean(config.SERPAPI_API_KEY),
    seats_aero: Boolean(config.SEATS_AERO_API_KEY),
    stripe: Boolean(config.STRIPE_SECRET_KEY),
  };
  const mode = (name: ProviderName): ProviderMode => (live[name] ? 'live' : 'simulator');
  const wire: TransportSettings = { sim, maxBodyBytes: config.PROVIDER_MAX_BODY_BYTES, clock: deps.clock, pools: new Map() };
  // The big search answers (Duffel's offers, seats.aero's pages) are parsed and mapped here.
  const decode = createDecodePool(config.PROVIDER_DECODE_WORKERS);

  const flights = createDuffelProvider({
    transport: transportFor('duffel', live.duffel, config.DUFFEL_BASE_URL, wire, () => createDuffelSimulator({ seed: sim.seed, cache: deps.cache, mistakeFareRate: sim.mistakeFareRate })),
    token: config.DUFFEL_ACCESS_TOKEN ?? 'duffel_test_simulator',
    policy: policies.duffel,
    mode: mode('duffel'),
    decode,
  });
  const flightResults = createSerpApiProvider({
    transport: transportFor('serpapi', live.serpapi, config.SERPAPI_BASE_URL, wire, () => createSerpApiSimulator({ seed: sim.seed, mistakeFareRate: sim.mistakeFareRate })),
    apiKey: config.SERPAPI_API_KEY ?? 'simulator',
    policy: policies.serpapi,
    mode: mode('serpapi'),
  });
  const awards = createSeatsAeroProvider({
    transport: transportFor('seats_aero', live.seats_aero, config.SEATS_AERO_BASE_URL, wire, () => createSeatsAeroSimulator({ seed: sim.seed })),
    apiKey: config.SEATS_AERO_API_KEY ?? 'pro_simulator',
    policy: policies.seats_aero,
    mode: mode('seats_aero'),
    decode,
  });
  const cards = guardCardProcessor(
    config.STRIPE_SECRET_KEY
      ? createStripeProcessor({ secretKey: config.STRIPE_SECRET_KEY, webhookSecret: config.STRIPE_WEBHOOK_SECRET, ...stripeEndpoint(config.STRIPE_API_BASE), timeoutMs: stripeAttemptMs(timeouts.stripe) })
      : createStripeSimulator({ cache: deps.cache, seed: sim.seed, webhookSecret: simulatorWebhookSecret(config), clock: deps.clock }),
    policies.stripe,
  );

  const stays = createDuffelStaysProvider({
    transport: transportFor('duffel', live.duffel, config.DUFFEL_BASE_URL, wire, () => createStaysSimulator({ seed: sim.seed, cache: deps.cache })),
    token: config.DUFFEL_ACCESS_TOKEN ?? 'duffel_test_simulator',
    policy: policies.duffel,
    mode: mode('duffel'),
  });
  const cars = createDuffelCarsProvider({
    transport: transportFor('duffel', live.duffel, config.DUFFEL_BASE_URL, wire, () => createCarsSimulator({ seed: sim.seed, cache: deps.cache })),
    token: config.DUFFEL_ACCESS_TOKEN ?? 'duffel_test_simulator',
    policy: policies.duffel,
    mode: mode('duffel'),
  });

  const health = (): ProviderHealth[] =>
    (Object.keys(policies) as ProviderName[]).map((name) => {
      const policy = policies[name];
      return {
        name,
        role: PROVIDER_ROLES[name],
        mode: mode(name),
        credentialPresent: live[name],
        breaker: policy.breakerState,
        lastOutcome: policy.lastOutcome,
        noInventory: policy.noInventory,
        inFlight: policy.inFlight,
      };
    });

  return { flights, flightResults, awards, cards, stays, cars, health, cruises: createBuiltInCruises({ seed: sim.seed }) };
}
