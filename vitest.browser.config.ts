import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:browser`: only the pages in headless Chromium, which `npm test` leaves out.
// Spread rather than mergeConfig, which would concatenate include/exclude with the base's.
export default defineConfig({
  test: { ...base.test, include: ['test/pages/**/*.test.ts'], exclude: configDefaults.exclude },
});
