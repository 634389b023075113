import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

const ALL_TESTS = ['test/**/*.test.ts', 'tools/**/*.test.ts', 'adapters/**/*.test.ts', 'prisma/**/*.test.ts', 'oauth/**/*.test.ts'];
// The browser tests need Chromium, which a fresh machine lacks: `npm run test:browser`
// runs them (vitest.browser.config.ts), so `npm test` needs nothing beyond npm.
const NOT_HERE = [...configDefaults.exclude, 'test/pages/**'];

/**
 * The `unit` project (`npm run test:unit`): files that start no server and open no
 * database (test/setup/unit-no-database.ts fails any that does), so they skip the
 * PGlite template and run in seconds. A new file is e2e unless listed here or named
 * `*.unit.test.ts`.
 */
export const UNIT_TESTS = [
  '**/*.unit.test.ts',
  'tools/places/*.test.ts',
  'adapters/db/webhook-secret-sealing.test.ts',
  'adapters/mcp/*.test.ts',
  'adapters/rest/route-table.test.ts',
  // Not provider-faults or provider-health-routes: they start servers.
  'test/providers/{cars-sim,cruises,duffel-cars,duffel-orders,duffel-sim-orders,duffel-sim,duffel-stays,duffel,find-booking,resilience,seats-aero-local-time,seats-aero-range,seats-aero-sim,seats-aero,serpapi-sim,serpapi,sim-seeded,stays-sim,stripe-sim,stripe}.test.ts',
  'test/points/{datasets,graph,round-trip-only}.test.ts',
  'test/trips/money-*.test.ts',
  'test/{cache,cache-breaker,config,identity-negative-cache,identity-profile-cache,mcp-budget,mcp-descriptions,openapi-examples,registry,request-log,sdk-packages,typed-output}.test.ts',
  'test/{cars/pricing,cluster/single-flight,deals/sim-glitch,flights/merge,hotels/award-pricing,hotels/hotel-booking-units,jobs/runner,oauth/unit,travelers/pii-cipher,webhooks/signature}.test.ts',
  // Pure or against in-process fakes only. Not world/hotels-world: 10 s of CPU on its own.
  'adapters/sandbox/simulators/world/{awards,fares,schedule,seats}.test.ts',
  'test/{identity-secret-matcher,flights/search-shapes-adapters,providers/duffel-offer-pages}.test.ts',
];

export default defineConfig({
  test: {
    exclude: NOT_HERE,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // The tests mostly wait on sockets, timers and child processes. Vitest's default, one
    // worker fewer than the CPUs, ran a 2-CPU machine's suite on a single worker (680 s).
    maxWorkers: Math.max(2, availableParallelism()),
    // A fresh process per file spent most of its CPU importing the server's module graph
    // again (half the CPU on a 37-file sample). Each worker now keeps its modules between
    // files: tests share no module state they change (no mocks, env or global patches),
    // and every server a test starts is its own instance with its own database and cache.
    isolate: false,
    // Transformed modules are kept on disk between runs (vitest 4's module cache):
    // a rerun of the unit loop skips most of its TypeScript transforms.
    experimental: { fsModuleCache: true },
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT_TESTS, setupFiles: ['test/setup/unit-no-database.ts'] } },
      { extends: true, test: { name: 'e2e', include: ALL_TESTS, exclude: [...NOT_HERE, ...UNIT_TESTS], globalSetup: ['test/setup/pglite-template.ts'] } },
    ],
  },
});
