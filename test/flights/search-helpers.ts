import { readSse } from '../helpers/sse.js';
import type { TestServer } from '../helpers/start-test-server.js';

export interface SearchEventRecord {
  type: string;
  data: Record<string, unknown>;
  at: number;
}

/** A date `days` from today (UTC), for searches that must be in the future. */
export function daysAhead(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** `onEvent` sees each event as it arrives (a test can act while the stream is open). */
export async function searchEvents(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}, onEvent?: (e: SearchEventRecord) => void): Promise<SearchEventRecord[]> {
  const res = await server.post('/api/search', body, { headers: { accept: 'text/event-stream', ...headers } });
  if (res.status !== 200) throw new Error(`search answered ${res.status}: ${await res.text()}`);
  const out: SearchEventRecord[] = [];
  for await (const { event, at } of readSse(res)) {
    const record = { type: event.type, data: event.data as Record<string, unknown>, at };
    out.push(record);
    onEvent?.(record);
  }
  // What the search left behind (observations, counts, mistake fares) is written in background batches: write it now.
  await server.services.searchRecords.flush();
  return out;
}

export const ofType = (events: SearchEventRecord[], type: string) => events.filter((e) => e.type === type);

/**
 * Every flight in its latest version, as a client rebuilds it: a slice event
 * brings a slice, a result event a flight naming its slices by id (replaced here
 * by the slices), an update event replaces the fields it carries. Fails when an
 * update names a flight no result event sent first, or a result a slice not sent before it.
 */
export function latestResults<T = Record<string, unknown>>(events: SearchEventRecord[]): T[] {
  const latest = new Map<string, Record<string, unknown>>();
  const slices = new Map<string, Record<string, unknown>>();
  for (const e of events) {
    const id = String(e.data.id);
    if (e.type === 'slice') {
      const { id: _id, ...slice } = e.data;
      slices.set(id, slice);
    }
    if (e.type === 'result') {
      const { slice_ids: ids, ...flight } = e.data as { slice_ids: string[] };
      latest.set(id, {
        ...flight,
        slices: ids.map((s) => {
          const slice = slices.get(s);
          if (!slice) throw new Error(`result ${id} names slice ${s} before its slice event`);
          return slice;
        }),
      });
    }
    if (e.type === 'update') {
      const before = latest.get(id);
      if (!before) throw new Error(`update for ${id} before its result event`);
      latest.set(id, { ...before, ...e.data });
    }
  }
  return [...latest.values()] as T[];
}
