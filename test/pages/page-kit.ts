import { existsSync, mkdirSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// What every browser test starts with: a server and Debian's headless Chromium.
// `npm run test:browser` installs the browser when missing (scripts/install-test-deps.sh),
// so a missing browser here is a failure, not a skip. CHROMIUM_PATH picks another.

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Where screenshots go. */
export const OUT_DIR = 'test-output/pages';

export interface PageTest {
  server: TestServer;
  browser: Browser;
  close(): Promise<void>;
}

export async function startPageTest(): Promise<PageTest> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: run scripts/install-test-deps.sh (apt-get install chromium)`);
  mkdirSync(OUT_DIR, { recursive: true });
  const [server, browser] = await Promise.all([
    startTestServer(),
    chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] }),
  ]);
  return {
    server,
    browser,
    close: async () => {
      await browser.close();
      await server.close();
    },
  };
}
