// The flexible-date calendar (15 days, so 15 flight searches) cold and warm, on the
// real server with its built-in simulators at their default latencies. Cold: every
// day is a fresh search (16 at a time). Warm: the same calendar again, answered from
// the search cache. Prints figures and a verdict (cold under 1.5 s, warm under a second); never fails.
// Knobs: BENCH_CALENDAR_ROUTES (default 3), BENCH_CALENDAR_WARM (repeats, default 5).
import { loadConfig } from '../../adapters/config/env.js';
import { startServer } from '../../adapters/http/server.js';
import { BENCH_INTERNAL_KEY } from '../targets.js';

const ROUTES = [['JFK', 'LHR'], ['SFO', 'NRT'], ['ORD', 'CDG'], ['LAX', 'SYD'], ['MIA', 'MAD']].slice(0, Number(process.env.BENCH_CALENDAR_ROUTES ?? 3));
const WARM_REPEATS = Number(process.env.BENCH_CALENDAR_WARM ?? 5);
const WARM_TARGET_MS = 1_000;
const COLD_TARGET_MS = 1_500;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

const running = await startServer(loadConfig({
  ...process.env, NODE_ENV: 'production', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: 'memory://',
  DATABASE_URL: undefined, REDIS_URL: undefined, DUFFEL_ACCESS_TOKEN: undefined, SERPAPI_API_KEY: undefined, SEATS_AERO_API_KEY: undefined,
  SIM_FAIL_RATE: '0', INTERNAL_API_KEY: BENCH_INTERNAL_KEY, ALERT_EVAL_INTERVAL_MS: '0', WEBHOOK_DELIVERY_INTERVAL_MS: '0',
}));

/** Wall time, and this process's CPU (server and simulators alike): on a loaded machine the CPU is the steadier figure. */
async function timeCalendar(origin: string, destination: string, target: string): Promise<{ ms: number; cpuMs: number; priced: number }> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const res = await fetch(`${running.url}/api/flights/calendar?origin=${origin}&destination=${destination}&target_date=${target}&days_before=7&days_after=7`, { headers: { 'x-internal-key': BENCH_INTERNAL_KEY } });
  const body = (await res.json()) as { calendar?: { min_price: number | null }[] };
  if (res.status !== 200 || !body.calendar) throw new Error(`calendar answered ${res.status}: ${JSON.stringify(body)}`);
  const used = process.cpuUsage(cpu);
  return { ms: performance.now() - started, cpuMs: (used.user + used.system) / 1_000, priced: body.calendar.filter((d) => d.min_price !== null).length };
}

try {
  const target = new Date(Date.now() + 45 * 86_400_000).toISOString().slice(0, 10);
  console.log(`calendar: 15 days around ${target}, ${ROUTES.length} routes, cold once then warm x ${WARM_REPEATS}; simulators at default latencies`);
  const rows: string[][] = [['route', 'priced days', 'cold ms', 'cold CPU ms', 'warm p50 ms', 'cold / warm', 'verdict']];
  for (const [origin, destination] of ROUTES as [string, string][]) {
    const cold = await timeCalendar(origin, destination, target);
    const warm: number[] = [];
    for (let i = 0; i < WARM_REPEATS; i++) warm.push((await timeCalendar(origin, destination, target)).ms);
    const w = median(warm);
    rows.push([`${origin}-${destination}`, `${cold.priced}/15`, cold.ms.toFixed(0), cold.cpuMs.toFixed(0), w.toFixed(1), `${(cold.ms / w).toFixed(0)}x`, cold.ms < COLD_TARGET_MS && w < WARM_TARGET_MS ? 'ok' : 'MISS']);
  }
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const r of rows) console.log('  ' + r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  console.log(`  targets: cold calendar under ${COLD_TARGET_MS} ms, warm under ${WARM_TARGET_MS} ms`);
} finally {
  await running.close();
}
