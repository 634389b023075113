import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Client } from '@modelcontextprotocol/client';
import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysAhead } from '../flights/search-helpers.js';
import { connectV2 } from '../mcp/v2-client.js';
import { serveHost, type HostServer } from './apps-host/serve-host.js';
import { startPageTest, type PageTest } from './page-kit.js';

// Each MCP App (issue 24) in headless Chromium, inside a minimal host built on ext-apps'
// AppBridge: the app's HTML as resources/read serves it, fed a real tool result from the
// live server (SDK v2 client), clicked through (sort, choose, "Book" reaching the quote
// that is the booking's confirmation step). No console error, no request off the host
// page, 0 serious or critical axe violations inside the app; screenshots in test-output/.

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const OUT = 'test-output/mcp-apps';

interface Result { isError?: boolean; structuredContent?: Record<string, unknown>; content: { type: string; text: string }[] }

let pages: PageTest;
let host: HostServer;
let client: Client;
const calls: { name: string; args: Record<string, unknown> }[] = [];

beforeAll(async () => {
  mkdirSync(OUT, { recursive: true });
  [pages, host] = await Promise.all([startPageTest(), serveHost()]);
  const secret = (await pages.server.services.identity.createKey({ userId: 'apps-browser', tier: 'pro' })).secret;
  client = await connectV2([pages.server.url], secret);
}, 120_000);
afterAll(async () => {
  await client?.close();
  await host?.close();
  await pages?.close();
});

const callTool = async (name: string, args: Record<string, unknown>): Promise<Result> => (await client.callTool({ name, arguments: args })) as Result;

async function appHtml(tool: string): Promise<string> {
  const { tools } = await client.listTools();
  const uri = (tools.find((t) => t.name === tool)?._meta as { ui?: { resourceUri?: string } } | undefined)?.ui?.resourceUri;
  expect(uri, tool).toBeDefined();
  const { contents } = await client.readResource({ uri: uri! });
  return (contents[0] as { text: string }).text;
}

interface Mounted { page: Page; app: Frame; foreign: string[]; errors: string[] }

/** Opens the host page, renders the tool's app with this input and result, and waits until the app shows it. */
async function mount(tool: string, input: Record<string, unknown>, result: Result, ready: string): Promise<Mounted> {
  const page = await pages.browser.newPage({ viewport: { width: 1100, height: 900 } });
  page.setDefaultTimeout(20_000);
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => { if (!req.url().startsWith(host.url) && !req.url().startsWith('data:') && !req.url().startsWith('about:')) foreign.push(req.url()); });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  // The host forwards the app's tools/call here: the live server, through the SDK v2 client.
  await page.exposeFunction('hostCallTool', async (json: string) => {
    const params = JSON.parse(json) as { name: string; arguments?: Record<string, unknown> };
    calls.push({ name: params.name, args: params.arguments ?? {} });
    return JSON.stringify(await callTool(params.name, params.arguments ?? {}));
  });
  await page.goto(host.url);
  expect(await page.evaluate(([html, title, i, r]) => (globalThis as unknown as { mountApp: (...a: unknown[]) => Promise<string> }).mountApp(html, title, i, r), [await appHtml(tool), `${tool} app`, input, result] as const)).toBe('mounted');
  const app = page.frames().find((f) => f !== page.mainFrame());
  expect(app).toBeDefined();
  await app!.locator(ready).first().waitFor();
  return { page, app: app!, foreign, errors };
}

/** Serious and critical axe violations (WCAG 2.0/2.1 A and AA) inside the app's frame. */
async function seriousViolations(frame: Frame): Promise<string[]> {
  // Through the DevTools protocol, which the app's CSP does not govern; the app itself loads nothing.
  await frame.evaluate(AXE_SOURCE);
  const violations = await frame.evaluate(async () => {
    const axe = (globalThis as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: { id: string; impact: string | null; nodes: { target: unknown[] }[] }[] }> } }).axe;
    const result = await axe.run((globalThis as unknown as { document: unknown }).document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } });
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, targets: v.nodes.map((n) => JSON.stringify(n.target)) }));
  });
  return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.targets.join(' ')}`);
}

async function finish(m: Mounted, name: string): Promise<void> {
  await m.page.screenshot({ path: `${OUT}/${name}.png`, fullPage: true });
  expect(await seriousViolations(m.app)).toEqual([]);
  expect(m.foreign).toEqual([]);
  expect(m.errors).toEqual([]);
  await m.page.close();
}

const numbers = async (app: Frame, selector: string, attr: string) => (await app.locator(selector).evaluateAll((els, a) => els.map((e) => Number(e.getAttribute(a as string))), attr));
const ascending = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1]! <= x);

describe('MCP Apps in a host built on AppBridge', () => {
  it('flight results: sorted cards, cash and award prices, and Book reaching the quote to confirm', async () => {
    const input = { origin: 'JFK', destination: 'LHR', date: daysAhead(45) };
    const result = await callTool('search_flights', input);
    expect(result.isError).toBeFalsy();
    const m = await mount('search_flights', input, result, '.card');
    const count = (result.structuredContent as { results: unknown[] }).results.length;
    expect(await m.app.locator('.card').count()).toBe(count);
    expect(await m.app.locator('h1').innerText()).toBe('Flights JFK → LHR');
    expect(await m.app.locator('#summary').innerText()).toMatch(/received just now/);
    expect(await m.app.locator('.card', { hasText: 'miles' }).count()).toBeGreaterThan(0);

    // Sorting: by duration, then back to cash price (ascending).
    await m.app.getByLabel('Sort by').selectOption('duration');
    const firstByDuration = await m.app.locator('.card h2').first().innerText();
    await m.app.getByLabel('Sort by').selectOption('price');
    expect(ascending(await numbers(m.app, '.card .price[data-price]', 'data-price'))).toBe(true);
    expect(typeof firstByDuration).toBe('string');

    // Book: the traveller's details, then quote_booking through the host's bridge.
    const card = m.app.locator('.card').first();
    await card.getByRole('button', { name: 'Book' }).click();
    await card.getByLabel('Given name').fill('Ada');
    await card.getByLabel('Family name').fill('Lovelace');
    await card.getByLabel('Date of birth').fill('1985-12-10');
    await card.getByLabel('Email').fill('ada.apps@example.com');
    await card.getByLabel('Phone (+44…)').fill('+442080160509');
    await card.getByLabel('Passport number (international trips)').fill('P7654321');
    await card.getByLabel('Passport country (GB, US…)').fill('GB');
    await card.getByLabel('Passport expiry').fill('2034-01-01');
    await card.getByRole('button', { name: 'Get the price to confirm' }).click();
    // The quote, or the tool's error (shown in the card), whichever comes: the assertion says which.
    await card.locator('.book-status :is([data-step="confirm"], .error)').waitFor();
    expect(await card.locator('.book-status').innerText()).toMatch(/Total [A-Z]{3} [\d,]+\.\d{2}/);
    const quoted = calls.filter((c) => c.name === 'quote_booking');
    expect(quoted).toHaveLength(1);
    expect(quoted[0]!.args.offerId).toMatch(/^duffel:off_/);
    await finish(m, 'flights');
  }, 120_000);

  it('seat map: choose a seat and hold it through the host', async () => {
    // search_offers lists more fares than search_flights' top results; some let seats be chosen.
    const search = await callTool('search_offers', { origin: 'JFK', destination: 'LHR', date: daysAhead(46), limit: 30 });
    const offers = (search.structuredContent as { offers: { offer_id: string }[] }).offers.map((o) => o.offer_id);
    let picked: { input: Record<string, unknown>; result: Result } | undefined;
    for (const offerId of offers) {
      const result = await callTool('get_seat_map', { offerId });
      const flights = (result.structuredContent as { flights?: { availableSeats: unknown[] }[] } | undefined)?.flights ?? [];
      if (flights.some((f) => f.availableSeats.length > 0)) { picked = { input: { offerId }, result }; break; }
    }
    expect(picked, 'an offer with seats to choose').toBeDefined();
    const m = await mount('get_seat_map', picked!.input, picked!.result, 'h1');
    const seat = m.app.locator('.seat').first();
    const designator = await seat.getAttribute('data-seat');
    await seat.click();
    expect(await seat.getAttribute('aria-pressed')).toBe('true');
    await m.app.getByRole('button', { name: `Hold seat ${designator}` }).click();
    await m.app.locator(`[data-held="${designator}"]`).waitFor();
    expect(calls.some((c) => c.name === 'pick_seat' && c.args.seat === designator && c.args.action === 'hold')).toBe(true);
    await finish(m, 'seat-map');
  }, 180_000);

  it('hotel results and award nights: sorted cards', async () => {
    const hotelsIn = { city: 'London', checkIn: daysAhead(25), checkOut: daysAhead(27) };
    const hotels = await mount('search_hotels', hotelsIn, await callTool('search_hotels', hotelsIn), '.card');
    expect(await hotels.app.locator('h1').innerText()).toBe('Hotels in London');
    expect(ascending(await numbers(hotels.app, '.card .price[data-price]', 'data-price'))).toBe(true);
    await hotels.app.getByLabel('Sort by').selectOption('rating');
    await hotels.app.getByLabel('Sort by').selectOption('price');
    expect(ascending(await numbers(hotels.app, '.card .price[data-price]', 'data-price'))).toBe(true);
    await finish(hotels, 'hotels');

    const awardsIn = { city: 'Paris', checkIn: daysAhead(25), checkOut: daysAhead(27) };
    const awards = await mount('search_hotel_awards', awardsIn, await callTool('search_hotel_awards', awardsIn), '.card');
    expect(await awards.app.locator('h1').innerText()).toBe('Award nights in Paris');
    expect(ascending(await numbers(awards.app, '.card [data-points]', 'data-points'))).toBe(true);
    await awards.app.getByLabel('Sort by').selectOption('cash');
    await awards.app.getByLabel('Sort by').selectOption('points');
    expect(ascending(await numbers(awards.app, '.card [data-points]', 'data-points'))).toBe(true);
    await finish(awards, 'hotel-awards');
  }, 120_000);

  it('trip summary: who owes whom, and the budget read through the host', async () => {
    const trip = (await callTool('create_trip', { name: 'Porto', destination: 'OPO', currency: 'EUR', yourName: 'Al' })).structuredContent as { id: string };
    expect((await callTool('edit_trip', { tripId: trip.id, action: 'add_member', name: 'Bea' })).isError).toBeFalsy();
    const spent = await callTool('add_trip_expense', { tripId: trip.id, paidBy: 'me', amount: 90, description: 'Dinner', category: 'food', among: ['me', 'Bea'] });
    expect(spent.isError, spent.content[0]?.text).toBeFalsy();
    expect((await callTool('edit_trip', { tripId: trip.id, action: 'set_budget', amount: 500 })).isError).toBeFalsy();
    const input = { tripId: trip.id };
    const m = await mount('trip_expense_summary', input, await callTool('trip_expense_summary', input), '#transfers');
    expect(await m.app.locator('#transfers').innerText()).toBe('Bea pays Al EUR 45.00');
    await m.app.locator('#budget-line').waitFor();
    expect(await m.app.locator('#budget-line').innerText()).toBe('EUR 90.00 of EUR 500.00 spent · EUR 410.00 left');
    expect(calls.some((c) => c.name === 'edit_trip' && c.args.action === 'get_budget')).toBe(true);
    await finish(m, 'trip-summary');
  }, 120_000);
});
