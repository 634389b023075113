import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewSeatHold } from '../../tools/booking/store.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';

// The seat store on the real database: a seat has one holder per flight whatever
// offer it was chosen on, a hold that has lapsed gives its seat up to the next
// person, and a bought seat never does.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

const id = (prefix: string) => `${prefix}_${randomBytes(6).toString('hex')}`;
const MINUTE = 60_000;
const past = () => new Date(Date.now() - 30 * MINUTE);
/** As if every hold made until a minute from now had lapsed. */
const future = () => new Date(Date.now() + MINUTE);

function seat(userId: string, flightKey: string, over: Partial<NewSeatHold> = {}): NewSeatHold {
  return { offerId: id('off'), userId, passengerSlot: 'pas_1', segmentId: 'seg_1', flightKey, designator: '14B', serviceId: id('ase'), price: { amount: 30, currency: 'USD' }, ...over };
}

describe('seat store', () => {
  it('gives a seat one holder per flight, across offers', async () => {
    const flight = id('BA117');
    const ada = await server.services.seats.hold(seat('ada', flight), past());
    expect(ada.ok).toBe(true);
    // Another offer on the same flight: the same 14B is taken.
    expect(await server.services.seats.hold(seat('bob', flight), past())).toEqual({ ok: false, reason: 'seat_taken' });
    // Another flight: free.
    expect((await server.services.seats.hold(seat('bob', id('BA119')), past())).ok).toBe(true);
    expect(await server.services.seats.takenOnFlights([flight], 'bob', past())).toEqual([{ flightKey: flight, designator: '14B' }]);
    expect(await server.services.seats.takenOnFlights([flight], 'ada', past())).toEqual([]);
  });

  it('lets the next person take a seat whose hold has lapsed, and the first holder loses it', async () => {
    const flight = id('VS3');
    const first = seat('ada', flight);
    expect((await server.services.seats.hold(first, past())).ok).toBe(true);
    // Lapsed holds no longer show as taken...
    expect(await server.services.seats.takenOnFlights([flight], 'bob', future())).toEqual([]);
    // ...and the next hold takes the seat; the lapsed one is released.
    const bob = await server.services.seats.hold(seat('bob', flight), future());
    expect(bob.ok).toBe(true);
    expect((await server.services.seats.byHolder(first.offerId, 'ada')).map((s) => s.status)).toEqual(['released']);
  });

  it('never gives up a confirmed seat, and never replaces it by holding again', async () => {
    const flight = id('AA100');
    const bought = seat('ada', flight);
    expect((await server.services.seats.hold(bought, past())).ok).toBe(true);
    const confirmed = await server.services.seats.confirm(bought.offerId, 'ada', 'bk_x', [bought.serviceId!]);
    expect(confirmed.map((s) => s.status)).toEqual(['confirmed']);
    expect(await server.services.seats.hold(seat('bob', flight), future())).toEqual({ ok: false, reason: 'seat_taken' });
    expect(await server.services.seats.hold({ ...bought, designator: '15C' }, past())).toEqual({ ok: false, reason: 'already_confirmed' });
  });
});
