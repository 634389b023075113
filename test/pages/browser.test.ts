import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../helpers/start-test-server.js';
import { OUT_DIR, startPageTest, type PageTest } from './page-kit.js';
import { daysAhead } from '../flights/search-helpers.js';

// /docs and /playground driven in Debian's headless Chromium. `npm test` leaves this file
// out; `npm run test:browser` installs the browser when missing (scripts/install-test-deps.sh)
// and runs it (test/pages/page-kit.ts starts the server and the browser).

let server: TestServer;
let browser: Browser;
let pages: PageTest;

beforeAll(async () => {
  pages = await startPageTest();
  ({ server, browser } = pages);
});
afterAll(() => pages?.close());

/**
 * A page that records every request aimed off our origin, every such request that got an
 * answer (`reached`: must stay empty, the CSP blocks them before the network), and console errors.
 */
async function watchedPage(): Promise<{ page: Page; foreign: string[]; reached: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  const reached: string[] = [];
  const errors: string[] = [];
  const isForeign = (url: string) => !url.startsWith(server.url) && !url.startsWith('data:') && !url.startsWith('blob:');
  page.on('request', (req) => { if (isForeign(req.url())) foreign.push(req.url()); });
  page.on('response', (res) => { if (isForeign(res.url())) reached.push(res.url()); });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { page, foreign, reached, errors };
}

describe('pages in a headless browser', () => {
  it('/docs renders the bundled reference for /openapi.json, offline', async () => {
    const res = await server.get('/docs');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'self'/);
    const { page, foreign, reached, errors } = await watchedPage();
    await page.goto(`${server.url}/docs`);
    // Redoc lists each operation with its path once the document is loaded and rendered.
    await page.getByText('/api/search', { exact: false }).first().waitFor({ timeout: 20_000 });
    // The operation list renders in stages, so wait until every expected path is shown.
    const listed = () => page.locator('#redoc').innerText();
    for (const path of ['/api/search', '/api/trips', '/api/alerts', '/api/booking/baggage']) await expect.poll(listed, { timeout: 15_000 }).toContain(path);
    expect(await listed()).toContain('Deal Engine API');
    await page.screenshot({ path: `${OUT_DIR}/docs.png` });
    // Nothing off-site is attempted (Redoc's hard-wired CDN mark is served locally), let alone reached.
    expect(foreign).toEqual([]);
    expect(reached).toEqual([]);
    expect(errors).toEqual([]);
    await expect.poll(() => page.locator('img[alt="redocly logo"]').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth), { timeout: 5_000 }).toBeGreaterThan(0);
    await page.close();
  });

  it('the playground (/ now leads to /search) streams JFK→LHR results per provider', async () => {
    const { page, foreign, reached, errors } = await watchedPage();
    await page.goto(server.url + '/');
    expect(new URL(page.url()).pathname).toBe('/search');
    await page.goto(server.url + '/playground');
    await page.getByLabel('Origin').fill('JFK');
    await page.getByLabel('Destination').fill('LHR');
    await page.getByLabel('Departure date').fill(daysAhead(40));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#status[data-state="complete"]').waitFor({ timeout: 20_000 });

    // Every provider reported, and each has a column of flights.
    for (const provider of ['duffel', 'serpapi', 'seats_aero']) {
      await expect.poll(() => page.locator(`.provider-progress[data-provider="${provider}"]`).getAttribute('data-status')).toBe('ok');
      expect(await page.locator(`.provider-group[data-provider="${provider}"] .result`).count(), provider).toBeGreaterThan(0);
    }
    const status = await page.locator('#status').innerText();
    const shown = Number(/Done: (\d+) flights/.exec(status)?.[1]);
    expect(shown).toBeGreaterThan(0);
    expect(await page.locator('.provider-group[data-provider="duffel"] .result .price').first().innerText()).toMatch(/^\d+\.\d{2} [A-Z]{3}$/);
    expect(await page.locator('.provider-group[data-provider="seats_aero"] .result .price').first().innerText()).toMatch(/miles/);
    await page.screenshot({ path: `${OUT_DIR}/playground.png`, fullPage: true });
    expect(foreign).toEqual([]);
    expect(reached).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the playground shows a 422 as a readable error', async () => {
    const { page } = await watchedPage();
    await page.goto(`${server.url}/playground`);
    await page.getByLabel('Departure date').fill('2001-01-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#status[data-state="error"]').waitFor({ timeout: 10_000 });
    expect(await page.locator('#status').innerText()).toMatch(/Search failed: HTTP 4\d\d/);
    await page.close();
  });

  it('serves its assets and answers JSON 404 for unknown ones', async () => {
    expect((await server.get('/docs/assets/redoc.standalone.js')).status).toBe(200);
    expect((await server.get('/playground/assets/playground.js')).headers.get('content-type')).toMatch(/javascript/);
    const missing = await server.get('/playground/assets/nope.js');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await server.get('/docs/assets/..%2f..%2fpages-router.ts')).status).toBeGreaterThanOrEqual(400);
  });
});
