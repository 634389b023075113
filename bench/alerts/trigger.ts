// `tsx bench/alerts/trigger.ts`: the alert cycle's SQL alone, without searches:
// BENCH_ALERTS alerts seeded as in run.ts, their watches expanded, then every watch
// given a price twice (a first check, then a second one where a third of the prices
// fall) through AlertStore.applyChecks in batches, in the order the cycle would.
// Prints the time of each phase and the events written. Knobs as in run.ts plus
// BENCH_ALERT_BATCH (watches per applyChecks call).
import { pino } from 'pino';
import { loadConfig } from '../../adapters/config/env.js';
import type { AppDatabase } from '../../adapters/db/app-database.js';
import { openServices } from '../../adapters/runtime/open-services.js';
import type { WatchCheck, WatchToCheck } from '../../tools/alerts/alert-store.js';
import { addDays } from '../../tools/_kit/calendar-dates.js';
import { utcDay } from '../../tools/alerts/evaluate/utc-day.js';
import { benchRoutes } from './routes.js';
import { seedAlerts } from './seed.js';
import { ALERTS, DAYS, ROUTES, benchDatabaseUrl, dropBenchSchema, num } from './settings.js';

const BATCH = num('BENCH_ALERT_BATCH', 250);
const { base: BASE_URL, url, schema } = benchDatabaseUrl('bench_trigger');

const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', DATABASE_URL: url.toString(), ALERT_EVAL_INTERVAL_MS: '0', WEBHOOK_DELIVERY_INTERVAL_MS: '0' });
const opened = await openServices(config, pino({ level: 'silent' }));
const { alerts } = opened.services;
const prisma = (opened.services.db as AppDatabase).prisma;

/** A deterministic price per watch and round: round 1 fall for every third watch. */
function check(w: WatchToCheck, round: number): WatchCheck {
  const h = [...`${w.origin}${w.destination}${w.date}`].reduce((a, c) => (a * 31 + c.charCodeAt(0)) >>> 0, 7);
  const price = 15_000 + (h % 50_000) - (round === 1 && h % 3 === 0 ? 5_000 : 0);
  return {
    id: w.id, currency: w.currency, priceMinor: price,
    offer: {
      offer_id: `off_${w.id}_${round}`, result_id: `res_${w.id}`, search_id: `srch_${round}`, price: price / 100, currency: w.currency, expires_at: null,
      itinerary: [`XX1 ${w.origin} 10:00 → ${w.destination} 18:00`], flights: ['XX1'], departing_at: `${w.date}T10:00:00`, return_departing_at: null,
    },
  };
}

try {
  const routes = benchRoutes(ROUTES);
  const today = utcDay(new Date());
  let t = performance.now();
  await seedAlerts(prisma, { routes, firstDay: addDays(today, 20), days: DAYS, from: 1, to: ALERTS });
  await prisma.$executeRawUnsafe('ANALYZE');
  console.log(`seed ${ALERTS} alerts: ${((performance.now() - t) / 1000).toFixed(2)} s`);
  for (let round = 0; round < 2; round++) {
    t = performance.now();
    await alerts.expandWatches(today);
    const due = await alerts.dueWatches(today, new Date(Date.now() + 60_000));
    const expand = performance.now() - t;
    t = performance.now();
    let events = 0;
    for (let i = 0; i < due.length; i += BATCH) events += (await alerts.applyChecks(due.slice(i, i + BATCH).map((w) => check(w, round)), today, new Date())).events;
    console.log(`round ${round}: ${due.length} watches, expand+due ${(expand / 1000).toFixed(2)} s, applyChecks ${((performance.now() - t) / 1000).toFixed(2)} s, ${events} events`);
  }
} finally {
  await opened.close();
  await dropBenchSchema(BASE_URL, schema);
}
