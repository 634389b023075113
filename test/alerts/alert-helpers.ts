import { evaluateAlertsJob } from '../../adapters/jobs/evaluate-alerts.js';
import type { CashOffer, Money } from '../../tools/_kit/providers.js';
import type { TestServer } from '../helpers/start-test-server.js';

// Shared steps of the alert tests: API keys, JSON calls, one evaluation cycle
// through the real Job, the outbox's alert events, and providers whose prices a
// test can move.

export { bearer, json, prismaOf } from '../helpers/api.js';
import { prismaOf } from '../helpers/api.js';

/** One evaluation cycle, run the way the job runner runs it. */
export async function runCycle(server: TestServer): Promise<void> {
  await evaluateAlertsJob({ everyMs: 0, concurrency: 4 }).run(server.services, server.logger, AbortSignal.timeout(30_000));
}

export interface AlertEvent { aggregateId: string; userId: string | null; dedupeKey: string; payload: Record<string, unknown> }

export async function alertEvents(server: TestServer, alertId?: string): Promise<AlertEvent[]> {
  const rows = await prismaOf(server).outboxEvent.findMany({ where: { type: 'alert.triggered', ...(alertId ? { aggregateId: alertId } : {}) }, orderBy: { createdAt: 'asc' } });
  return rows.map((r) => ({ aggregateId: r.aggregateId, userId: r.userId, dedupeKey: r.dedupeKey, payload: r.payload as Record<string, unknown> }));
}

/** Multiplies every cash fare the flight providers return by `factor.value`, and counts their calls. */
export function steerPrices(server: TestServer): { factor: { value: number }; calls: { duffel: number; serpapi: number } } {
  const factor = { value: 1 };
  const calls = { duffel: 0, serpapi: 0 };
  const scale = (m: Money | undefined) => (m ? { ...m, amount: Math.round(m.amount * factor.value * 100) / 100 } : m);
  const scaled = (offers: CashOffer[]) => offers.map((o) => ({ ...o, total: scale(o.total) as Money, base: scale(o.base), tax: scale(o.tax) }) as CashOffer);
  const { flights, flightResults } = server.services.providers;
  const searchOffers = flights.searchOffers.bind(flights);
  const searchFlights = flightResults.searchFlights.bind(flightResults);
  flights.searchOffers = async (q, s) => (calls.duffel++, scaled(await searchOffers(q, s)));
  flightResults.searchFlights = async (q, s) => (calls.serpapi++, scaled(await searchFlights(q, s)));
  return { factor, calls };
}
