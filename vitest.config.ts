import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'tools/**/*.test.ts', 'adapters/**/*.test.ts', 'prisma/**/*.test.ts', 'oauth/**/*.test.ts'],
    // The browser tests need Chromium, which a fresh machine lacks: `npm run test:browser`
    // runs them (vitest.browser.config.ts), so `npm test` needs nothing beyond npm.
    exclude: [...configDefaults.exclude, 'test/pages/**'],
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
    globalSetup: ['test/setup/pglite-template.ts'],
  },
});
