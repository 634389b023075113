import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestServer } from '../helpers/start-test-server.js';
import { daysAhead } from '../flights/search-helpers.js';
import { seriousViolations } from './axe-check.js';
import { OUT_DIR, startPageTest, type PageTest } from './page-kit.js';

// The search page (/search, where / leads) in Debian's headless Chromium on the simulators:
// typeahead, a round trip streamed into one price-sorted list with programme names, a
// flight's details, a guest booking through seat map and test card to the e-ticket, and a
// 422 that ends every provider card with the API's message. axe-core: 0 serious/critical.

let server: TestServer;
let browser: Browser;
let pages: PageTest;

beforeAll(async () => {
  pages = await startPageTest();
  ({ server, browser } = pages);
});
afterAll(() => pages?.close());

async function watchedPage(): Promise<{ page: Page; foreign: string[]; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  const foreign: string[] = [];
  const errors: string[] = [];
  page.on('request', (req) => { if (!req.url().startsWith(server.url) && !req.url().startsWith('data:')) foreign.push(req.url()); });
  page.on('console', (msg) => { if (msg.type() === 'error') errors.push(msg.text()); });
  page.on('pageerror', (err) => errors.push(String(err)));
  return { page, foreign, errors };
}

const prices = (page: Page) => page.locator('#results .result').evaluateAll((els) => els.map((e) => e.getAttribute('data-price')).filter((p) => p !== '').map(Number));

describe('the search page', () => {
  it('typeahead, a round trip in one sorted list, details, and a booking to the e-ticket', async () => {
    const { page, foreign, errors } = await watchedPage();
    await page.goto(server.url + '/');
    expect(new URL(page.url()).pathname).toBe('/search');
    expect(await seriousViolations(page)).toEqual([]);

    // Typeahead: a city name becomes its code, with the place named beside it.
    const from = page.getByRole('combobox', { name: 'From' });
    await from.fill('');
    await from.pressSequentially('new york');
    await page.locator('[role="option"][data-code="NYC"]').waitFor({ timeout: 10_000 });
    await page.locator('[role="option"][data-code="JFK"]').click();
    expect(await from.inputValue()).toBe('JFK');
    expect(await page.locator('.place .hint').first().innerText()).toMatch(/JFK/);
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('');
    await to.pressSequentially('heathrow');
    await page.locator('[role="option"][data-code="LHR"]').waitFor({ timeout: 10_000 });
    await to.press('ArrowDown');
    await to.press('Enter');
    expect(await to.inputValue()).toBe('LHR');

    // Round trip, cash and award seats.
    await page.getByLabel('Round trip').check();
    await page.getByLabel('Departure date').fill(daysAhead(40));
    await page.getByLabel('Return date').fill(daysAhead(47));
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#status[data-state="complete"]').waitFor({ timeout: 30_000 });
    for (const provider of ['duffel', 'serpapi', 'seats_aero']) {
      await expect.poll(() => page.locator(`.provider-progress[data-provider="${provider}"]`).getAttribute('data-status')).toMatch(/ok|error/);
    }
    expect(await page.locator('.provider-progress', { hasText: 'waiting…' }).count()).toBe(0);
    const shown = await prices(page);
    expect(shown.length).toBeGreaterThan(3);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    // A round trip: every flight goes out and back.
    expect(await page.locator('#results .result .itinerary').first().innerText()).toMatch(/JFK-LHR-JFK|LHR.*JFK/);
    // Award prices name the programme, never its raw id.
    const awards = await page.locator('#results .award').allInnerTexts();
    if (awards.length) {
      for (const a of awards) expect(a).toMatch(/miles with [A-Z]/);
    }
    await page.screenshot({ path: `${OUT_DIR}/search-results.png`, fullPage: true });

    // A flight's details: segments and, when it stops, the layover.
    const first = page.locator('#results .result').first();
    await first.getByRole('button', { name: 'Details' }).click();
    await page.locator('#results .result .details').first().waitFor();
    expect(await page.locator('#results .result .details').first().innerText()).toMatch(/JFK \d\d:\d\d → /);
    expect(await seriousViolations(page)).toEqual([]);

    // Booking: the cheapest bookable flight, its seat map, travellers, the test card, the e-ticket.
    await page.locator('#results .result button.book').first().click();
    await page.locator('#checkout-form').waitFor({ timeout: 30_000 });
    expect(await page.locator('#booking').innerText()).toMatch(/Seat map/);
    await page.screenshot({ path: `${OUT_DIR}/search-booking.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    const form = page.locator('#checkout-form');
    await form.getByLabel('Given name').fill('Ada');
    await form.getByLabel('Family name').fill('Lovelace');
    await form.getByLabel('Born on').fill('1985-12-10');
    await form.getByLabel('Email').fill('ada.search-page@example.com');
    await form.getByLabel('Phone (E.164)').fill('+442080160509');
    if (await form.getByLabel('Passport number').count()) {
      await form.getByLabel('Passport number').fill('P7123456');
      await form.getByLabel('Passport country').fill('GB');
      await form.getByLabel('Passport expires').fill('2034-01-01');
    }
    await form.getByRole('button', { name: 'Pay and book' }).click();
    await page.locator('#e-tickets .e-ticket').first().waitFor({ timeout: 45_000 });
    expect(await page.locator('#booking h2').innerText()).toMatch(/^Booked: /);
    expect(await page.locator('#e-tickets').innerText()).toMatch(/Ada Lovelace/);
    await page.screenshot({ path: `${OUT_DIR}/search-e-ticket.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    expect(foreign).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a 422 is shown in the API\'s words and ends every provider card', async () => {
    const { page } = await watchedPage();
    await page.goto(`${server.url}/search`);
    await page.getByLabel('One way').check();
    await page.getByLabel('Departure date').fill('2001-01-01');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#status[data-state="error"]').waitFor({ timeout: 15_000 });
    const status = await page.locator('#status').innerText();
    expect(status).toMatch(/Search failed: HTTP 422: departure_date: /);
    const cards = page.locator('.provider-progress');
    expect(await cards.count()).toBe(3);
    for (const text of await cards.allInnerTexts()) {
      expect(text).not.toMatch(/waiting/);
      expect(text).toContain(status.replace('Search failed: ', ''));
    }
    expect(await page.locator('.provider-progress[data-status="error"]').count()).toBe(3);
    await page.screenshot({ path: `${OUT_DIR}/search-422.png`, fullPage: true });
    expect(await seriousViolations(page)).toEqual([]);
    await page.close();
  });

  it('a multi-city search streams cash results for every slice', async () => {
    const { page, errors } = await watchedPage();
    await page.goto(`${server.url}/search`);
    await page.getByLabel('Multi-city').check();
    await page.getByLabel('Prices').selectOption('cash');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.locator('#status[data-state="complete"], #status[data-state="error"]').waitFor({ timeout: 45_000 });
    expect(await page.locator('#status').getAttribute('data-state'), await page.locator('#status').innerText()).toBe('complete');
    const shown = await prices(page);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown).toEqual([...shown].sort((a, b) => a - b));
    expect(await page.locator('.provider-progress[data-provider="seats_aero"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
