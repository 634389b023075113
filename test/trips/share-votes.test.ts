import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prismaOf } from '../helpers/api.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { ok, send, threeMemberTrip, type Member } from './trip-helpers.js';

// A share link that shows the trip and nothing private, its revocation, and a
// poll: created, voted, a vote changed, one row per member in the database.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

interface Link { id: string; token: string; path: string; url: string; active: boolean }

describe('share links', () => {
  it('shows the trip without emails, user ids, member ids, booking ids or tokens, and 404s once revoked', async () => {
    const g = await threeMemberTrip(server);
    const base = `/api/trips/${g.trip.id}`;
    const guest = await ok<Member>(server, g.owner, 'POST', `${base}/travelers`, { name: 'Dora', email: 'dora.secret@example.com', role: 'viewer' });
    await ok(server, g.owner, 'POST', `${base}/activities`, { title: 'Fado night', starts_at: '2027-05-02T20:00:00Z', place: 'Alfama', cost: 35, booking_id: 'bk_private_123', link: 'https://example.com/fado' });
    await ok(server, g.owner, 'POST', `${base}/expenses`, { paid_by: g.ids.Alice, description: 'Dinner', amount: 90, category: 'food' });
    const link = await ok<Link>(server, g.callers.Bob!, 'POST', `${base}/share`, {});
    const other = await ok<Link>(server, g.owner, 'POST', `${base}/share`, {});
    expect(Buffer.from(link.token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(link.path).toBe(`/api/trips/shared/${link.token}`);
    expect(link.url.endsWith(link.path)).toBe(true);
    expect(link.token).not.toBe(other.token);

    // Only the hash is stored.
    const rows = await prismaOf(server).tripShareLink.findMany({ where: { tripId: g.trip.id } });
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(r.tokenHash).not.toContain(link.token);
    expect(JSON.stringify(rows)).not.toContain(link.token);

    const res = await send(server, null, 'GET', link.path);
    const text = await res.text();
    expect(res.status, text).toBe(200);
    const shared = JSON.parse(text) as { name: string; members: { display_name: string }[]; activities: { title: string }[]; expenses: { total: number } };
    expect(shared.name).toBe('Lisbon long weekend');
    expect(shared.members.map((m) => m.display_name).sort()).toEqual(['Alice', 'Bob', 'Carol', 'Dora']);
    expect(shared.activities[0]?.title).toBe('Fado night');
    expect(shared.expenses.total).toBe(90);
    const members = await ok<{ members: Member[] }>(server, g.owner, 'GET', base);
    const secrets = [
      ...Object.values(g.callers).map((c) => c.userId), ...members.members.map((m) => m.id), ...members.members.flatMap((m) => (m.email ? [m.email] : [])),
      guest.id, 'dora.secret@example.com', 'bk_private_123', link.token, other.token, link.id, other.id, g.trip.id, '@',
    ];
    for (const s of secrets) expect(text, `leaks ${s}`).not.toContain(s);

    // Members see the links (never tokens); revoking one kills only that one.
    const view = await ok<{ share_links: { id: string; active: boolean }[] }>(server, g.owner, 'GET', base);
    expect(view.share_links.map((s) => s.id).sort()).toEqual([link.id, other.id].sort());
    expect(JSON.stringify(view)).not.toContain(link.token);
    const revoked = await ok<{ active: boolean; revoked_at: string }>(server, g.owner, 'DELETE', `${base}/share/${link.id}`);
    expect(revoked.active).toBe(false);
    expect((await send(server, null, 'GET', link.path)).status).toBe(404);
    expect((await send(server, null, 'GET', other.path)).status).toBe(200);
    // Revoking again is harmless; an unknown link or token is 404.
    expect((await ok<{ revoked_at: string }>(server, g.owner, 'DELETE', `${base}/share/${link.id}`)).revoked_at).toBe(revoked.revoked_at);
    expect((await send(server, g.owner, 'DELETE', `${base}/share/tsl_nope`)).status).toBe(404);
    expect((await send(server, null, 'GET', '/api/trips/shared/not-a-real-token')).status).toBe(404);
  });

  it('makes links that expire after expires_in_days, and refuses a bad duration with 422', async () => {
    const g = await threeMemberTrip(server);
    const base = `/api/trips/${g.trip.id}`;
    const before = Date.now();
    const week = await ok<Link & { expires_at: string }>(server, g.owner, 'POST', `${base}/share`, { expires_in_days: 7 });
    const expiresAt = Date.parse(week.expires_at);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 7 * 86_400_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 7 * 86_400_000);
    expect(week.active).toBe(true);
    expect((await send(server, null, 'GET', week.path)).status).toBe(200);
    const forever = await ok<Link & { expires_at: string | null }>(server, g.owner, 'POST', `${base}/share`, {});
    expect(forever.expires_at).toBeNull();

    // A week later (moved in the database: the server runs on the real clock).
    await prismaOf(server).tripShareLink.update({ where: { id: week.id }, data: { expiresAt: new Date(Date.now() - 1_000) } });
    const gone = await send(server, null, 'GET', week.path);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ hint: expect.stringMatching(/expired/) });
    expect((await send(server, null, 'GET', forever.path)).status).toBe(200);
    const view = await ok<{ share_links: { id: string; active: boolean }[] }>(server, g.owner, 'GET', base);
    expect(Object.fromEntries(view.share_links.map((l) => [l.id, l.active]))).toEqual({ [week.id]: false, [forever.id]: true });

    for (const expires_in_days of [0, 366, 1.5, '7']) {
      const res = await send(server, g.owner, 'POST', `${base}/share`, { expires_in_days });
      expect(res.status, String(expires_in_days)).toBe(422);
    }
    expect(await prismaOf(server).tripShareLink.count({ where: { tripId: g.trip.id } })).toBe(2);
  });
});

interface Poll { id: string; question: string; options: { id: string; label: string; votes: number }[]; closed: boolean; total_votes: number; your_vote: string | null }

describe('votes', () => {
  it('creates a poll, casts and changes votes, one row per member', async () => {
    const g = await threeMemberTrip(server);
    const path = `/api/trips/${g.trip.id}/votes`;
    const poll = await ok<Poll>(server, g.owner, 'POST', path, { action: 'create_poll', question: 'Day trip?', options: ['Sintra', 'Cascais', 'Évora'], closes_at: '2099-01-01T00:00:00Z' });
    expect(poll.options.map((o) => o.label)).toEqual(['Sintra', 'Cascais', 'Évora']);
    const [sintra, cascais] = poll.options.map((o) => o.id) as [string, string];

    await ok(server, g.owner, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: sintra });
    await ok(server, g.callers.Bob!, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: sintra });
    const carolVote = await ok<Poll>(server, g.callers.Carol!, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: cascais });
    expect(carolVote.your_vote).toBe(cascais);
    // Bob changes his mind, twice at once: still one row for him.
    await Promise.all([
      ok(server, g.callers.Bob!, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: cascais }),
      ok(server, g.callers.Bob!, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: cascais }),
    ]);

    const list = await ok<{ polls: Poll[] }>(server, g.callers.Bob!, 'GET', path);
    expect(list.polls).toHaveLength(1);
    const p = list.polls[0]!;
    expect(p.your_vote).toBe(cascais);
    expect(p.total_votes).toBe(3);
    expect(p.options.map((o) => o.votes)).toEqual([1, 2, 0]);
    expect(p.closed).toBe(false);

    const rows = await prismaOf(server).tripVote.findMany({ where: { pollId: poll.id } });
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.memberId)).size).toBe(3);
    expect(rows.find((r) => r.memberId === g.ids.Bob)?.optionId).toBe(cascais);

    // Bad bodies and unknown ids.
    const bad = async (body: Record<string, unknown>, field: string) => {
      const out = await ok<{ detail: { loc: string[] }[] }>(server, g.owner, 'POST', path, body, 422);
      expect(out.detail.map((d) => d.loc.join('.'))).toContain(`body.${field}`);
    };
    await bad({ action: 'create_poll', question: 'Only one?', options: ['a'] }, 'options');
    await bad({ action: 'create_poll', question: 'Same?', options: ['a', 'A'] }, 'options');
    await bad({ action: 'create_poll', options: ['a', 'b'] }, 'question');
    await bad({ action: 'create_poll', question: 'Past?', options: ['a', 'b'], closes_at: '2001-01-01T00:00:00Z' }, 'closes_at');
    await bad({ action: 'vote', poll_id: poll.id }, 'option_id');
    await bad({ action: 'vote', poll_id: poll.id, option_id: 'o9' }, 'option_id');
    await bad({ action: 'shout' }, 'action');
    expect((await send(server, g.owner, 'POST', path, { action: 'vote', poll_id: 'tp_nope', option_id: 'o1' })).status).toBe(404);
  });

  it('refuses votes on a closed poll with 409', async () => {
    const g = await threeMemberTrip(server);
    const path = `/api/trips/${g.trip.id}/votes`;
    const poll = await ok<Poll>(server, g.owner, 'POST', path, { action: 'create_poll', question: 'Quick?', options: ['yes', 'no'], closes_at: new Date(Date.now() + 1500).toISOString() });
    await ok(server, g.owner, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: 'o1' });
    await new Promise((r) => setTimeout(r, 1600));
    expect((await send(server, g.callers.Bob!, 'POST', path, { action: 'vote', poll_id: poll.id, option_id: 'o2' })).status).toBe(409);
    const after = await ok<{ polls: Poll[] }>(server, g.owner, 'GET', path);
    expect(after.polls[0]).toMatchObject({ closed: true, total_votes: 1, your_vote: 'o1' });
  });
});
