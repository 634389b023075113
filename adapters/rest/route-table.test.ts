import { describe, expect, it } from 'vitest';
import { compileRoutes } from './route-table.js';

const lookup = compileRoutes([
  { method: 'GET', path: '/api/booking/{order_id}', route: 'order' },
  { method: 'POST', path: '/api/booking/{order_id}/cancel', route: 'cancel' },
  { method: 'GET', path: '/api/booking/baggage', route: 'baggage' },
  { method: 'GET', path: '/api/booking/change-requests/{id}', route: 'change' },
  { method: 'DELETE', path: '/api/booking/change-requests/{id}', route: 'drop' },
  { method: 'POST', path: '/api/hotels/search', route: 'hotel-search' },
  { method: 'GET', path: '/api/hotels/{id}', route: 'retired-hotel' },
]);

describe('REST route table', () => {
  it('tries literal segments before parameters whatever the registration order', () => {
    expect(lookup('GET', '/api/booking/baggage')).toMatchObject({ kind: 'route', route: 'baggage' });
    expect(lookup('GET', '/api/booking/ord_1')).toEqual({ kind: 'route', route: 'order', params: expect.objectContaining({ order_id: 'ord_1' }) });
    expect(lookup('GET', '/api/booking/change-requests/x')).toMatchObject({ kind: 'route', route: 'change' });
    expect(lookup('POST', '/api/booking/ord_1/cancel')).toMatchObject({ kind: 'route', route: 'cancel', params: { order_id: 'ord_1' } });
  });

  it('matches as express did: any case, trailing slash, query ignored, parameters decoded', () => {
    expect(lookup('GET', '/API/Booking/Baggage/?x=1')).toMatchObject({ kind: 'route', route: 'baggage' });
    expect(lookup('GET', '/api/booking/Ord%20A')).toMatchObject({ kind: 'route', route: 'order', params: { order_id: 'Ord A' } });
  });

  it('answers a known path with another method with its Allow list (GET brings HEAD)', () => {
    expect(lookup('PUT', '/api/booking/baggage')).toEqual({ kind: 'wrong-method', allow: 'GET, HEAD' });
    expect(lookup('PATCH', '/api/booking/change-requests/x')).toEqual({ kind: 'wrong-method', allow: 'GET, DELETE, HEAD' });
    expect(lookup('HEAD', '/api/booking/baggage')).toMatchObject({ kind: 'route', route: 'baggage' });
    // The most specific path decides, whichever methods the others allow.
    expect(lookup('PUT', '/api/hotels/search')).toEqual({ kind: 'wrong-method', allow: 'POST' });
    expect(lookup('POST', '/api/hotels/htl_1')).toEqual({ kind: 'wrong-method', allow: 'GET, HEAD' });
    expect(lookup('GET', '/api/booking/ord_1/cancel')).toEqual({ kind: 'wrong-method', allow: 'POST' });
  });

  it('leaves unknown paths and empty parameters to the rest of the app, and flags undecodable ones', () => {
    expect(lookup('GET', '/api/nothing-here')).toEqual({ kind: 'none' });
    expect(lookup('POST', '/api/booking//cancel')).toEqual({ kind: 'none' });
    expect(lookup('PUT', '/api/booking//cancel')).toEqual({ kind: 'none' });
    expect(lookup('GET', '/api/booking/x%zz')).toEqual({ kind: 'malformed' });
    expect(lookup('PUT', '/api/booking/x%zz')).toEqual({ kind: 'malformed' });
  });

  it('lets a parameter route take a method a literal path of the same shape does not have', () => {
    expect(lookup('GET', '/api/hotels/search')).toMatchObject({ kind: 'route', route: 'retired-hotel', params: { id: 'search' } });
    expect(lookup('POST', '/api/hotels/search')).toMatchObject({ kind: 'route', route: 'hotel-search' });
  });

  it('puts no limit on a parameter\'s length, as express did', () => {
    const id = 'x'.repeat(500);
    expect(lookup('GET', `/api/booking/${id}`)).toMatchObject({ kind: 'route', route: 'order', params: { order_id: id } });
  });
});
