import { configDefaults, defineConfig } from 'vitest/config';
import base from './vitest.config.js';

// `npm run test:browser`: only the pages in headless Chromium, which `npm test` leaves out.
// The base's shared options without its projects (unit and e2e); the pages start servers,
// so they get the PGlite template like e2e.
const { projects: _projects, ...shared } = base.test ?? {};
void _projects;
export default defineConfig({
  test: { ...shared, include: ['test/pages/**/*.test.ts'], exclude: configDefaults.exclude, globalSetup: ['test/setup/pglite-template.ts'] },
});
