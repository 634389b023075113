import { describe, expect, it } from 'vitest';
import { invokeUnary } from '../../tools/_kit/invoke.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { piiContext } from '../../tools/travelers/pii-cipher.js';
import { listTravelersTool } from '../../tools/travelers/list-travelers.js';
import { saveTravelerTool } from '../../tools/travelers/save-traveler.js';
import { createTripTool } from '../../tools/trips/create-trip.js';
import { fullProfile, type TravelerOut } from '../travelers/traveler-helpers.js';
import { testContext, testUser } from './test-context.js';

// testContext() itself: tools run against the in-memory stores with the test's clock,
// and the stores keep the rules the tools rely on (unique keys, dedupe, sealing).

describe('testContext', () => {
  it('saves a traveler once per key, seals the passport with the caller as context, and stamps the test clock', async () => {
    const ctx = testContext({ now: '2030-01-02T03:04:05Z' });
    const first = (await invokeUnary(saveTravelerTool, ctx, fullProfile())) as TravelerOut;
    ctx.clock.advance(60_000);
    const again = (await invokeUnary(saveTravelerTool, ctx, fullProfile({ phone: '+1 415 555 0100' }))) as TravelerOut;
    expect(again.id).toBe(first.id);
    expect(first.created_at).toBe('2030-01-02T03:04:05.000Z');
    expect(again.updated_at).toBe('2030-01-02T03:05:05.000Z');
    const list = (await invokeUnary(listTravelersTool, ctx, {})) as { travelers: TravelerOut[] } | TravelerOut[];
    const travelers = Array.isArray(list) ? list : list.travelers;
    expect(travelers).toHaveLength(1);
    expect(travelers[0]?.phone).toBe(again.phone);
    expect(again.phone).not.toBe(first.phone);
    expect(travelers[0]?.passport?.number_masked).toMatch(/5678$/);
    const sealed = ctx.stores.travelers.sealedOf(first.id)!.passport!;
    expect(sealed).not.toContain('5678');
    expect(ctx.services.pii.decrypt(sealed, piiContext('usr_test', 'passport_number'))).toMatch(/1234\s?5678/i);
    expect(() => ctx.services.pii.decrypt(sealed, piiContext('usr_other', 'passport_number'))).toThrow();
    // Another caller sees none of it.
    const other = (await invokeUnary(listTravelersTool, ctx.as(testUser('usr_other')), {})) as { travelers: TravelerOut[] } | TravelerOut[];
    expect(Array.isArray(other) ? other : other.travelers).toHaveLength(0);
  });

  it('judges "in the past" by the test clock, not the machine\'s', async () => {
    // A passport expiring 2031-05-01 is valid in 2030 and expired in 2032.
    const before = testContext({ now: '2030-06-01T00:00:00Z' });
    const after = testContext({ now: '2032-06-01T00:00:00Z' });
    const a = (await invokeUnary(saveTravelerTool, before, fullProfile())) as TravelerOut;
    const b = (await invokeUnary(saveTravelerTool, after, fullProfile())) as TravelerOut;
    expect(a.passport?.expired).toBe(false);
    expect(b.passport?.expired).toBe(true);
  });

  it('refuses anonymous callers before any store is touched', async () => {
    const ctx = testContext({ principal: ANONYMOUS });
    await expect(invokeUnary(createTripTool, ctx, { name: 'Lisbon', destination: 'LIS', currency: 'EUR' })).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('creates a trip whose owner is a member, visible to the owner only', async () => {
    const ctx = testContext();
    const trip = (await invokeUnary(createTripTool, ctx, { name: 'Lisbon', destination: 'LIS', currency: 'EUR' })) as { id: string };
    expect(await ctx.services.trips.listForUser('usr_test')).toMatchObject([{ id: trip.id, role: 'owner', status: 'planning' }]);
    expect(await ctx.services.trips.listForUser('usr_other')).toEqual([]);
    const owner = await ctx.services.trips.memberFor(trip.id, 'usr_test');
    expect(owner?.role).toBe('owner');
    // A current member is added once (the unique key), and a second add is refused.
    expect(await ctx.services.trips.addMember({ id: 'tm_x', tripId: trip.id, userId: 'usr_test', displayName: 'Me', email: null, role: 'editor' })).toEqual({ ok: false });
  });

  it('keeps one outbox event per dedupe key and applies a provider webhook once', async () => {
    const ctx = testContext();
    const event = { type: 'booking.confirmed' as const, aggregateId: 'bk_1', dedupeKey: 'bk_1:confirmed', userId: 'usr_test', payload: {} };
    expect(await ctx.services.bookings.recordWebhook('duffel', 'evt_1', 'order.created', [event])).toBe(true);
    expect(await ctx.services.bookings.recordWebhook('duffel', 'evt_1', 'order.created', [event])).toBe(false);
    expect(await ctx.services.bookings.recordWebhook('duffel', 'evt_2', 'order.updated', [event])).toBe(true);
    expect(ctx.outbox.ofType('booking.confirmed')).toHaveLength(1);
  });

  it('lets one card payment pay for one booking only', async () => {
    const ctx = testContext();
    const booking = (id: string) => ({ id, userId: 'usr_test', agentUserId: null, channel: 'book' as const, offerId: 'off_1', type: 'instant' as const, currency: 'USD', fareMinor: 100, servicesMinor: 0, markupMinor: 0, totalMinor: 100, passengers: [], contactEmail: null });
    const payment = { paymentIntentId: 'pi_1', amountMinor: 100, currency: 'USD' };
    expect(await ctx.services.bookings.create(booking('bk_1'), payment)).toEqual({ ok: true });
    expect(await ctx.services.bookings.create(booking('bk_2'), payment)).toEqual({ ok: false, usedBy: 'bk_1' });
    expect(await ctx.services.bookings.get('bk_2')).toBeNull();
  });
});
