import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DashboardAuth } from '../../adapters/http/pages/dashboard/dashboard-auth.js';
import { prismaOf } from '../helpers/api.js';
import type { TestServer } from '../helpers/start-test-server.js';
import { OUT_DIR, startPageTest, type PageTest } from './page-kit.js';

// The developer dashboard in Debian's headless Chromium (issue 24's acceptance): sign in
// with a one-time link, mint a key (shown once, then only its prefix), call the API with
// it, see the usage chart move after a reload, revoke it and get 401; axe-core finds no
// serious or critical WCAG 2.1 AA violation signed out or signed in. `npm run test:browser`.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

let server: TestServer;
let browser: Browser;
let pages: PageTest;

beforeAll(async () => {
  pages = await startPageTest();
  ({ server, browser } = pages);
});
afterAll(() => pages?.close());

/** Serious and critical axe violations on WCAG 2.0/2.1 A and AA rules, as "rule: target" lines. */
async function seriousViolations(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, which the page's CSP does not govern; the page itself loads nothing extra.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' ')}`);
}

async function watchedPage(): Promise<{ page: Page; foreign: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(15_000);
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => { if (!req.url().startsWith(server.url) && !req.url().startsWith('data:')) foreign.push(req.url()); });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { page, foreign, errors };
}

const today = () => new Date().toISOString().slice(0, 10);
const todaysRequests = (page: Page) => page.locator(`#usage-chart g[data-day="${today()}"]`).getAttribute('data-requests').then(Number);

describe('developer dashboard in a headless browser', () => {
  it('signed out: explains how to sign in, with no serious accessibility violation', async () => {
    const { page, foreign, errors } = await watchedPage();
    const res = await page.goto(`${server.url}/dashboard`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('#signed-out').innerText()).toBe('You are not signed in.');
    expect(await page.locator('main').innerText()).toContain('npm run keys -- login');
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: `${OUT_DIR}/dashboard-signed-out.png` });
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sign in with a link, mint a key shown once, use it, watch the chart move, revoke it', async () => {
    const { page, foreign, errors } = await watchedPage();
    const { token } = await new DashboardAuth(prismaOf(server), () => server.services.clock()).createLoginLink('dash-browser');
    await page.goto(`${server.url}/dashboard/login?token=${token}`);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect(await page.locator('#user-id').innerText()).toBe('dash-browser');
    await page.locator('#plans input[value="free"]').waitFor();
    expect(await page.locator('#mcp-url').innerText()).toBe(`${server.url}/mcp`);

    // Mint: the secret is on screen once, in the Inspector command too; the table shows only the prefix.
    await page.getByLabel('Name', { exact: true }).fill('browser key');
    await page.getByRole('button', { name: 'Create key' }).click();
    await page.locator('#new-key:not([hidden])').waitFor();
    const secret = await page.locator('#new-key-secret').innerText();
    expect(secret).toMatch(/^de_live_/);
    expect(await page.locator('#inspector-cmd').innerText()).toBe(`npx @modelcontextprotocol/inspector --cli ${server.url}/mcp --transport http --header "Authorization: Bearer ${secret}" --method tools/list`);
    const row = page.locator('#keys tbody tr', { hasText: 'browser key' });
    await row.waitFor();
    expect(await row.innerText()).not.toContain(secret);
    expect(await row.innerText()).toContain(secret.slice(0, 12));
    await page.locator(`#usage-chart g[data-day="${today()}"]`).waitFor();
    const before = await todaysRequests(page);
    expect(await seriousViolations(page)).toEqual([]);

    // The key works against the API.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${server.url}/api/keys`, { headers: { authorization: `Bearer ${secret}` } });
      expect(res.status).toBe(200);
    }

    // After a reload: the secret is gone for good, the chart counts the three calls.
    await page.reload();
    await page.locator('#keys tbody tr', { hasText: 'browser key' }).waitFor();
    await page.locator(`#usage-chart g[data-day="${today()}"]`).waitFor();
    expect(await page.locator('#new-key').isHidden()).toBe(true);
    expect(await page.content()).not.toContain(secret);
    expect(await todaysRequests(page)).toBe(before + 3);
    expect(await page.locator('#usage-chart svg').getAttribute('data-total-requests')).toBe(String(before + 3));
    await page.screenshot({ path: `${OUT_DIR}/dashboard-signed-in.png`, fullPage: true });

    // Revoke from the page: the key then gets 401.
    await page.getByRole('button', { name: 'Revoke browser key' }).click();
    await expect.poll(() => page.locator('#status').innerText()).toMatch(/revoked/);
    await expect.poll(() => page.locator('#keys tbody tr', { hasText: 'browser key' }).innerText()).toContain('revoked');
    const after = await fetch(`${server.url}/api/keys`, { headers: { authorization: `Bearer ${secret}` } });
    expect(after.status).toBe(401);

    // Sign out: back to the explanation.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.locator('#signed-out').waitFor();
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
