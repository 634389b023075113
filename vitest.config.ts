import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'tools/**/*.test.ts', 'adapters/**/*.test.ts', 'prisma/**/*.test.ts', 'oauth/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    globalSetup: ['test/setup/pglite-template.ts'],
  },
});
