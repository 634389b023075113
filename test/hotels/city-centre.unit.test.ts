import { describe, expect, it } from 'vitest';
import { ANONYMOUS } from '../../tools/_kit/principal.js';
import { testContext } from '../kit/test-context.js';
import { bodyOf, restClient } from '../helpers/rest-in-process.js';
import { daysAhead, type SearchOut } from './hotel-helpers.js';
import { geoPointKm as km } from '../../tools/_kit/reference/great-circle.js';

// A city code means the city, not its airports: Narita and Haneda average out in
// Chiba Bay, Incheon sits 50 km from central Seoul.

// On today's date, as daysAhead counts from it.
const api = restClient(testContext({ principal: ANONYMOUS, now: new Date() }));

describe('hotel search by city code', () => {
  it.each([
    ['TYO', { latitude: 35.6812, longitude: 139.7671 }],
    ['SEL', { latitude: 37.5665, longitude: 126.978 }],
  ])('%s searches around the city centre and finds hotels in town', async (city, centre) => {
    const found = bodyOf<SearchOut>(await api.post('/api/hotels/search', { city, check_in: daysAhead(50), check_out: daysAhead(52) }));
    expect(km(found.area, centre)).toBeLessThan(1);
    const inTown = found.results.filter((r) => km(r.hotel.location, centre) < 10);
    expect(inTown.length).toBeGreaterThanOrEqual(5);
  });
});
