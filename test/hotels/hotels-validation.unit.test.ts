import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../../adapters/openapi/build-openapi.js';
import { TOOLS } from '../../tools/index.js';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from '../kit/test-context.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';
import { daysAhead } from './hotel-helpers.js';

// What the hotel routes refuse (422 with the field named), and the retired
// GET /api/hotels/{hotel_id}: always 410 naming its successors, deprecated in OpenAPI.
// Called in process; the web app's server (X-Internal-Key) is the internal principal.

// On today's date, as daysAhead counts from it.
const ctx = testContext({ principal: ANONYMOUS, now: new Date() });
const api = restClient(ctx);
const internal = restClient(ctx.as({ kind: 'internal' }));

interface Invalid {
  detail: { loc: (string | number)[]; msg: string; type: string }[];
}

async function invalid(path: string, body: unknown, as = api): Promise<Invalid['detail']> {
  return bodyOf<Invalid>(await as.post(path, body), 422).detail;
}

const dates = { check_in: daysAhead(20), check_out: daysAhead(22) };

describe('POST /api/hotels/search validation', () => {
  it('needs exactly one of location and city', async () => {
    expect(await invalid('/api/hotels/search', dates)).toContainEqual(expect.objectContaining({ loc: ['body', 'location'], msg: expect.stringMatching(/exactly one/) }));
    const both = await invalid('/api/hotels/search', { ...dates, city: 'LON', location: { latitude: 51.5, longitude: -0.12 } });
    expect(both).toContainEqual(expect.objectContaining({ loc: ['body', 'city'] }));
  });

  it('refuses an unknown city, a radius over 50 km and coordinates off the globe', async () => {
    expect(await invalid('/api/hotels/search', { ...dates, city: 'Qzxqzx' })).toContainEqual(expect.objectContaining({ loc: ['body', 'city'], msg: expect.stringMatching(/Unknown city/) }));
    expect(await invalid('/api/hotels/search', { ...dates, location: { latitude: 51.5, longitude: -0.12, radius_km: 51 } })).toContainEqual(
      expect.objectContaining({ loc: ['body', 'location', 'radius_km'], type: 'less_than_equal' }),
    );
    expect(await invalid('/api/hotels/search', { ...dates, location: { latitude: 95, longitude: -0.12 } })).toContainEqual(expect.objectContaining({ loc: ['body', 'location', 'latitude'] }));
  });

  it('refuses past check-in, check-out not after check-in, and more than 30 nights', async () => {
    expect(await invalid('/api/hotels/search', { city: 'LON', check_in: daysAhead(-3), check_out: daysAhead(2) })).toContainEqual(expect.objectContaining({ loc: ['body', 'check_in'], msg: expect.stringMatching(/past/) }));
    expect(await invalid('/api/hotels/search', { city: 'LON', check_in: daysAhead(10), check_out: daysAhead(10) })).toContainEqual(expect.objectContaining({ loc: ['body', 'check_out'], msg: expect.stringMatching(/after check-in/) }));
    expect(await invalid('/api/hotels/search', { city: 'LON', check_in: daysAhead(10), check_out: daysAhead(41) })).toContainEqual(expect.objectContaining({ loc: ['body', 'check_out'], msg: expect.stringMatching(/30 nights/) }));
    expect(await invalid('/api/hotels/search', { city: 'LON', check_in: '2027-02-30', check_out: daysAhead(41) })).toContainEqual(expect.objectContaining({ loc: ['body', 'check_in'] }));
  });

  it('refuses fewer adults than rooms, bad child ages, unknown fields and a non-boolean include_rentals', async () => {
    expect(await invalid('/api/hotels/search', { ...dates, city: 'LON', rooms: 3, adults: 2 })).toContainEqual(expect.objectContaining({ loc: ['body', 'adults'] }));
    expect(await invalid('/api/hotels/search', { ...dates, city: 'LON', children_ages: [4, 18] })).toContainEqual(expect.objectContaining({ loc: ['body', 'children_ages', 1] }));
    expect(await invalid('/api/hotels/search', { ...dates, city: 'LON', stars: 5 })).toContainEqual(expect.objectContaining({ loc: ['body', 'stars'], type: 'extra_forbidden' }));
    expect(await invalid('/api/hotels/search?include_rentals=maybe', { ...dates, city: 'LON' })).toContainEqual(expect.objectContaining({ loc: ['query', 'include_rentals'] }));
  });
});

describe('rates, quote and book validation', () => {
  it('names the missing ids', async () => {
    expect(await invalid('/api/hotels/rates', {})).toEqual([{ loc: ['body', 'search_result_id'], msg: 'Field required', type: 'missing' }]);
    expect(await invalid('/api/hotels/quote', { rate_id: '' })).toContainEqual(expect.objectContaining({ loc: ['body', 'rate_id'] }));
  });

  it('checks the booking body (after the internal key)', async () => {
    const detail = await invalid('/api/hotels/book', { quote_id: 'quo_x', guests: [], email: 'not-an-email', phone_number: '0800 123' }, internal);
    const locs = detail.map((d) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.guests', 'body.email', 'body.phone_number']));
    expect(await invalid('/api/hotels/book', { quote_id: 'quo_x', guests: [{ given_name: 'A' }], email: 'a@example.com', phone_number: '+442080160509' }, internal)).toContainEqual(
      expect.objectContaining({ loc: ['body', 'guests', 0, 'family_name'], type: 'missing' }),
    );
  });

  it('answers 401 before validating a booking from an unknown caller', async () => {
    expect((await api.post('/api/hotels/book', {})).status).toBe(401);
  });
});

describe('GET /api/hotels/{hotel_id} (retired)', () => {
  it('always answers 410 Gone naming what to use instead', async () => {
    for (const id of ['acc_0000AWr2VsUNIF1Vl91xg0', '12345', 'search']) {
      const body = bodyOf<{ code: string; detail: string; hint: string; details: { deprecated: boolean; use_instead: { method: string; path: string }[] } }>(await api.get(`/api/hotels/${id}`), 410);
      expect(body.code).toBe('GONE');
      expect(body.details.deprecated).toBe(true);
      expect(body.details.use_instead.map((u) => `${u.method} ${u.path}`)).toEqual(['POST /api/hotels/search', 'POST /api/hotels/rates']);
      expect(body.hint).toMatch(/POST \/api\/hotels\/search/);
    }
  });

  it('does not shadow GET /api/hotels/booking/{booking_id}', async () => {
    const res = await api.get('/api/hotels/booking/hb_unknown');
    expect(res.status).toBe(404);
  });

  it('is marked deprecated in openapi.json, with 410 as its answer', async () => {
    const doc = buildOpenApi(TOOLS) as unknown as { paths: Record<string, Record<string, { deprecated?: boolean; responses: Record<string, unknown> }>> };
    const op = doc.paths['/api/hotels/{hotel_id}']?.get;
    expect(op?.deprecated).toBe(true);
    expect(Object.keys(op?.responses ?? {})).toContain('410');
    expect(Object.keys(op?.responses ?? {})).not.toContain('200');
    expect(doc.paths['/api/hotels/booking/{booking_id}']?.get?.deprecated).toBeUndefined();
    expect(doc.paths['/api/hotels/search']?.post).toBeDefined();
  });
});
