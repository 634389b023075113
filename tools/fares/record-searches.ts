import type { Logger } from '../_kit/ports.js';
import type { Services } from '../_kit/context.js';
import { detectMistakeFares } from '../deals/detect-mistake-fares.js';
import type { RouteDayCount } from '../stats/stats-store.js';
import type { SearchRecord } from './search-records.js';

export type RecordingDeps = { services: Pick<Services, 'fares' | 'mistakeFares' | 'clock'>; log: Logger };

/**
 * Writes a batch of search records, in the order the searches finished: the
 * route counts (one upsert for every route and day), every observation (one insert),
 * then the mistake-fare check of each search in turn against the route's
 * history up to its own observation time, so the outcome is what checking
 * each search as it finished would have found. Never throws: the history is
 * a by-product, and a lost row costs little.
 */
export async function writeSearchRecords(deps: RecordingDeps, batch: readonly SearchRecord[]): Promise<void> {
  const counts = new Map<string, RouteDayCount>();
  for (const { counted } of batch) {
    if (!counted) continue;
    const key = `${counted.day}|${counted.origin}|${counted.destination}`;
    const held = counts.get(key);
    if (held) held.searches++;
    else counts.set(key, { ...counted, searches: 1 });
  }
  try {
    await deps.services.mistakeFares.stats.countSearches([...counts.values()]);
  } catch (err) {
    deps.log.warn({ err }, 'counting searches failed');
  }
  const observed = batch.filter((r) => r.observations.length > 0);
  if (observed.length === 0) return;
  try {
    await deps.services.fares.record(observed.flatMap((r) => r.observations));
  } catch (err) {
    deps.log.warn({ err }, 'recording observed prices failed');
    return;
  }
  for (const { observations } of observed) {
    try {
      await detectMistakeFares(deps, observations);
    } catch (err) {
      deps.log.warn({ err }, 'checking for mistake fares failed');
    }
  }
}
