import { bearer, json } from '../helpers/api.js';
import type { TestServer } from '../helpers/start-test-server.js';

// Steps the trip tests share: a caller with a key, JSON requests with any method,
// and a three-member trip (owner plus two users) to work on.

export interface Caller {
  userId: string;
  headers: Record<string, string>;
}

export async function caller(server: TestServer, userId: string): Promise<Caller> {
  return { userId, headers: await bearer(server, userId) };
}

export function send(server: TestServer, who: Caller | null, method: string, path: string, body?: unknown): Promise<Response> {
  const headers: Record<string, string> = { ...(who?.headers ?? {}) };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(server.url + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
}

export async function ok<T>(server: TestServer, who: Caller | null, method: string, path: string, body?: unknown, status = 200): Promise<T> {
  return json<T>(await send(server, who, method, path, body), status);
}

export interface Member { id: string; user_id: string | null; display_name: string; email: string | null; role: string }
export interface TripOut { id: string; currency: string; status: string; allowed_status_moves: string[]; members: Member[]; you: { member_id: string; role: string } }

export interface Group {
  trip: TripOut;
  owner: Caller;
  /** Members by display name. */
  ids: Record<string, string>;
  callers: Record<string, Caller>;
}

let seq = 0;
/** A trip owned by Alice with Bob (editor) and Carol (viewer unless said), all registered users with emails. */
export async function threeMemberTrip(server: TestServer, opts: { currency?: string; carolRole?: string } = {}): Promise<Group> {
  seq += 1;
  const tag = `${Date.now().toString(36)}${seq}`;
  const alice = await caller(server, `alice_${tag}`);
  const bob = await caller(server, `bob_${tag}`);
  const carol = await caller(server, `carol_${tag}`);
  const trip = await ok<TripOut>(server, alice, 'POST', '/api/trips', {
    name: 'Lisbon long weekend', destination: 'LIS', start_date: '2027-05-01', end_date: '2027-05-04', currency: opts.currency ?? 'USD', display_name: 'Alice',
  });
  const b = await ok<Member>(server, alice, 'POST', `/api/trips/${trip.id}/travelers`, { user_id: bob.userId, name: 'Bob', email: `bob_${tag}@example.com`, role: 'editor' });
  const c = await ok<Member>(server, alice, 'POST', `/api/trips/${trip.id}/travelers`, { user_id: carol.userId, name: 'Carol', email: `carol_${tag}@example.com`, role: opts.carolRole ?? 'viewer' });
  return { trip, owner: alice, ids: { Alice: trip.you.member_id, Bob: b.id, Carol: c.id }, callers: { Alice: alice, Bob: bob, Carol: carol } };
}

/** The fewest transfers that clear `balances`, by brute force: nonzero members minus the most disjoint zero-sum groups. */
export function minimalTransferCount(balances: readonly number[]): number {
  const vals = balances.filter((b) => b !== 0);
  const n = vals.length;
  const full = (1 << n) - 1;
  const sum = new Array<number>(1 << n).fill(0);
  for (let m = 1; m <= full; m++) {
    const low = m & -m;
    sum[m] = (sum[m ^ low] ?? 0) + (vals[Math.log2(low)] ?? 0);
  }
  const best = new Array<number>(1 << n).fill(-1);
  best[0] = 0;
  for (let m = 1; m <= full; m++) {
    if (sum[m] !== 0) continue;
    // Largest number of zero-sum groups partitioning m.
    for (let sub = m; sub > 0; sub = (sub - 1) & m) {
      if (sum[sub] === 0 && (best[m ^ sub] ?? -1) >= 0) best[m] = Math.max(best[m] ?? -1, (best[m ^ sub] ?? 0) + 1);
    }
  }
  return n - (best[full] ?? 0);
}
