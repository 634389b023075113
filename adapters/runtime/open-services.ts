import type { Logger as PinoLogger } from 'pino';
import type { Services } from '../../tools/_kit/context.js';
import { cachedAccessTokenVerifier } from '../../oauth/index.js';
import { createCache } from '../cache/create-cache.js';
import type { AppConfig } from '../config/env.js';
import { createAlertStore } from '../db/alert-store.js';
import { createBookingStore } from '../db/booking-store.js';
import { createCarStore } from '../db/car-store.js';
import { createFareHistoryStore } from '../db/fare-history-store.js';
import { createIdempotencyStore } from '../db/idempotency-store.js';
import { createMistakeFareStore } from '../db/mistake-fare-store.js';
import { RouteFareSamples } from '../db/route-fare-samples.js';
import { writeSearchRecords } from '../../tools/fares/record-searches.js';
import { SearchRecordBuffer } from './search-record-buffer.js';
import { openDatabase, type AppDatabase } from '../db/open-database.js';
import { createSeatStore } from '../db/seat-store.js';
import { createPaymentStore } from '../db/payment-store.js';
import { createRetentionStore } from '../db/retention-store.js';
import { createStayStore } from '../db/stay-store.js';
import { createWebhookStore } from '../db/webhook-store.js';
import { singleFlightSearches } from './single-flight.js';
import { webhookSecretSealing } from '../db/webhook-secret-sealing.js';
import { createTripStore } from '../db/trip-store.js';
import { createTravelerStore } from '../db/traveler-store.js';
import { createPlaybookStore } from '../db/playbook-store.js';
import { createPiiCipher } from '../crypto/pii-cipher.js';
import { createIdentity } from '../identity/create-identity.js';
import { createProviders } from '../providers/create-providers.js';
import { listDownstreams } from '../providers/downstreams.js';
import { readVersionInfo } from '../http/version-info.js';
import { createTelemetry, type Telemetry } from './telemetry.js';

// The long-lived services a process needs, whether it serves HTTP (server.ts)
// or only runs background jobs (the worker). One place builds them.

export interface OpenServices {
  services: Services;
  db: AppDatabase;
  identity: ReturnType<typeof createIdentity>;
  /** The process's metrics registry, which providers, jobs and the pool report into. */
  telemetry: Telemetry;
  /** Writes what searches left behind, releases the meter, the database and the cache. */
  close(): Promise<void>;
}

export async function openServices(config: AppConfig, logger: PinoLogger, startedAt = new Date()): Promise<OpenServices> {
  const db = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, pgliteTemplate: config.PGLITE_TEMPLATE, poolSize: config.DATABASE_POOL_SIZE, log: logger });
  const cache = createCache({ redisUrl: config.REDIS_URL, prefix: config.CACHE_PREFIX, memoryTextMb: config.MEMORY_CACHE_MB });
  const telemetry = createTelemetry();
  telemetry.watchPool(() => db.poolStats());
  // OAuth access tokens are looked up once per ACCESS_TOKEN_CACHE_S per process (revocation: see oauth/token-cache.ts).
  const verifyToken = cachedAccessTokenVerifier(db.prisma);
  const identity = createIdentity(config, db.prisma, cache, (token, resource) => verifyToken(token, resource));
  const clock = () => new Date();
  // Identical flight searches in flight share one upstream call, across processes with Redis.
  const providers = singleFlightSearches(createProviders(config, { cache, clock, observeCall: telemetry.providerCall }), cache);
  const routeSamples = new RouteFareSamples(db.prisma);
  const fares = createFareHistoryStore(db.prisma, routeSamples);
  const mistakeFares = createMistakeFareStore(db.prisma, routeSamples);
  const recordsLog = logger.child({ job: 'search-records' });
  const searchRecords = new SearchRecordBuffer(
    (batch) => writeSearchRecords({ services: { fares, mistakeFares, clock }, log: recordsLog }, batch),
    (err) => recordsLog.warn({ err }, 'writing search records failed'),
  );
  const pii = createPiiCipher({ key: config.PII_ENCRYPTION_KEY, dataDir: config.DATA_DIR, embedded: !config.DATABASE_URL });
  const services: Services = {
    db,
    cache,
    identity: identity.service,
    providers,
    bookings: createBookingStore(db.prisma),
    seats: createSeatStore(db.prisma),
    payments: createPaymentStore(db.prisma),
    retention: createRetentionStore(db.prisma),
    stayBookings: createStayStore(db.prisma),
    carBookings: createCarStore(db.prisma),
    idempotency: createIdempotencyStore(db.prisma, clock),
    fares,
    mistakeFares,
    searchRecords,
    alerts: createAlertStore(db.prisma),
    webhooks: createWebhookStore(db.prisma, webhookSecretSealing(pii)),
    trips: createTripStore(db.prisma),
    travelers: createTravelerStore(db.prisma),
    pii,
    playbooks: createPlaybookStore(db.prisma),
    downstreams: listDownstreams(providers),
    version: readVersionInfo(config, startedAt),
    clock,
    settings: {
      healthCacheTtlS: config.HEALTH_CACHE_TTL_S,
      authPresence: identity.authPresence,
      searchCacheTtlS: config.SEARCH_CACHE_TTL_S,
      searchBudgetMs: config.SEARCH_BUDGET_MS,
      bookingMarkupPct: config.BOOKING_MARKUP_PCT,
      webhookAllowPrivateUrls: config.WEBHOOK_ALLOW_PRIVATE_URLS,
      strictErrorContracts: config.NODE_ENV === 'test',
      ...(config.SWEETSPOTS_FILE ? { sweetSpotsFile: config.SWEETSPOTS_FILE } : {}),
    },
  };
  const close = async () => {
    // What searches left behind is written before the database closes.
    await searchRecords.close().catch(() => undefined);
    await identity.service.meter.close().catch(() => undefined);
    await Promise.allSettled([db.close(), cache.close()]);
  };
  return { services, db, identity, telemetry, close };
}
