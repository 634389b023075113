import { randomBytes } from 'node:crypto';
import type { Services, ToolContext } from '../../tools/_kit/context.js';
import type { Logger } from '../../tools/_kit/ports.js';
import type { Principal } from '../../tools/_kit/principal.js';
import type { Providers } from '../../tools/_kit/providers.js';
import { MemoryCache } from '../../adapters/cache/memory-cache.js';
import { createPiiCipher } from '../../adapters/crypto/pii-cipher.js';
import { createProviders } from '../../adapters/providers/create-providers.js';
import { testConfig } from '../helpers/test-config.js';
import { testClock, type TestClock } from './clock.js';
import { memoryAlerts } from './memory/alerts.js';
import { memoryBookings } from './memory/bookings.js';
import { memoryFares, memorySearchRecords } from './memory/fares.js';
import { memoryCarBookings, memoryStayBookings } from './memory/goods-bookings.js';
import { memoryIdempotency } from './memory/idempotency.js';
import { memoryIdentity } from './memory/identity.js';
import { memoryMistakeFares } from './memory/mistakes.js';
import { MemoryOutbox } from './memory/outbox.js';
import { memoryPayments } from './memory/payments.js';
import { memoryPlaybooks } from './memory/playbooks.js';
import { memoryRetention } from './memory/retention.js';
import { memorySeats } from './memory/seats.js';
import { memoryTravelers } from './memory/travelers.js';
import { memoryTrips } from './memory/trips.js';
import { memoryWebhooks } from './memory/webhooks.js';

// A ToolContext for unit tests: every port has an in-memory implementation, time is
// the test's clock, and upstreams are the seeded simulators without latency. No
// database, no server: tools run through invokeUnary in milliseconds. Test-only code
// (under test/, never in a production bundle).

export interface TestContextOptions {
  /** Who calls (default: a pro user with every scope, `usr_test`). */
  principal?: Principal;
  /** Where the clock starts (default: testClock's fixed instant). */
  now?: Date | string;
  /** Settings over the defaults (strict error contracts on, as in the e2e tests). */
  settings?: Partial<Services['settings']>;
  /** Config for the simulators (e.g. SIM_LATENCY_MS, SIM_SEED), as env strings. */
  providerEnv?: Record<string, string>;
  /** Upstreams the test scripts itself, in place of those simulators. */
  providers?: Partial<Providers>;
}

export interface TestContext extends ToolContext {
  clock: TestClock;
  /** The domain events the stores wrote, as the outbox table would hold them. */
  outbox: MemoryOutbox;
  /** The in-memory stores with their test-only helpers (rows, sealed values, usage counts). */
  stores: ReturnType<typeof memoryStores>;
  /** The same services and clock for another caller (stores shared). */
  as(principal: Principal): TestContext;
}

export const testUser = (userId = 'usr_test', tier: 'free' | 'pro' | 'business' = 'pro'): Principal => ({ kind: 'user', userId, tier, via: 'api_key', scopes: ['read', 'plan', 'book'] });

/** Logs nothing, keeps everything: tests may read what a tool logged. */
export function memoryLogger(): Logger & { lines: { level: string; obj: object; msg?: string }[] } {
  const lines: { level: string; obj: object; msg?: string }[] = [];
  const at = (level: string) => (obj: object, msg?: string) => void lines.push({ level, obj, ...(msg === undefined ? {} : { msg }) });
  return { lines, debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}

function memoryStores(clock: TestClock, outbox: MemoryOutbox, log: Logger) {
  const fares = memoryFares();
  const alerts = memoryAlerts(clock, outbox);
  const mistakeFares = memoryMistakeFares({ outbox, observations: fares.observations, alertRoutes: () => alerts.rows.filter((a) => a.active) });
  return {
    bookings: memoryBookings(outbox, clock),
    seats: memorySeats(clock),
    payments: memoryPayments(outbox, clock),
    carBookings: memoryCarBookings(outbox, clock),
    stayBookings: memoryStayBookings(outbox, clock),
    fares,
    mistakeFares,
    searchRecords: memorySearchRecords({ fares, mistakeFares, clock, log }),
    alerts,
    webhooks: memoryWebhooks(clock, outbox),
    trips: memoryTrips(clock),
    travelers: memoryTravelers(),
    pii: createPiiCipher({ key: randomBytes(32).toString('base64'), dataDir: 'memory://', embedded: true }),
    playbooks: memoryPlaybooks(clock),
    identity: memoryIdentity(clock),
    idempotency: memoryIdempotency(clock),
  };
}

export function testContext(opts: TestContextOptions = {}): TestContext {
  const clock = testClock(opts.now);
  const log = memoryLogger();
  const outbox = new MemoryOutbox(clock);
  const stores = memoryStores(clock, outbox, log);
  const cache = new MemoryCache(clock.ms);
  // Built on first use: most unit tests never reach an upstream.
  let providers: Providers | undefined;
  const services: Services = {
    ...stores,
    db: { engine: 'pglite', ping: async () => ({ engine: 'pglite', ok: true, latencyMs: 0 }), close: async () => undefined },
    cache,
    get providers(): Providers {
      providers ??= { ...createProviders(testConfig({ SIM_LATENCY_MS: 'duffel:0,serpapi:0,seats_aero:0', ...opts.providerEnv }), { cache, clock }), ...opts.providers };
      return providers;
    },
    downstreams: [],
    version: { sha: null, branch: null, committedAt: null, builtAt: null, startedAt: clock().toISOString(), source: 'unknown' },
    retention: memoryRetention({ observations: stores.fares.observations, outbox, deliveries: stores.webhooks.deliveryRows, searchCounts: stores.mistakeFares.searchCounts }),
    clock,
    settings: {
      healthCacheTtlS: 0,
      authPresence: {},
      searchCacheTtlS: 60,
      searchBudgetMs: 10_000,
      bookingMarkupPct: 0,
      webhookAllowPrivateUrls: true,
      strictErrorContracts: true,
      ...opts.settings,
    },
  };
  const make = (principal: Principal): TestContext => ({
    principal,
    requestId: `req_test_${randomBytes(4).toString('hex')}`,
    log,
    signal: new AbortController().signal,
    services,
    clock,
    outbox,
    stores,
    as: make,
  });
  return make(opts.principal ?? testUser());
}
