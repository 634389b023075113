import { describe, expect, it } from 'vitest';
import { compileRoutes } from '../adapters/rest/route-table.js';

// The REST front door's table (method + path → tool) on a small made-up surface that has
// what the real one has: static paths beside parameters, a path with several methods,
// and a static path for one method where another method has a parameter route.
const lookup = compileRoutes([
  { method: 'GET', path: '/api/hotels/{id}', route: 'hotel' },
  { method: 'POST', path: '/api/hotels/search', route: 'hotel-search' },
  { method: 'GET', path: '/api/trips/{id}', route: 'trip' },
  { method: 'PATCH', path: '/api/trips/{id}', route: 'trip-update' },
  { method: 'DELETE', path: '/api/trips/{id}', route: 'trip-delete' },
  { method: 'POST', path: '/api/trips/{id}/items/{item}/move', route: 'move' },
  { method: 'GET', path: '/api/places/suggest', route: 'suggest' },
]);

describe('compileRoutes', () => {
  it('finds the route for a method and path, with its parameters decoded', () => {
    expect(lookup('GET', '/api/hotels/htl_1?x=1')).toEqual({ kind: 'route', route: 'hotel', params: { id: 'htl_1' } });
    expect(lookup('POST', '/api/trips/t%201/items/i2/move')).toEqual({ kind: 'route', route: 'move', params: { id: 't 1', item: 'i2' } });
    expect(lookup('PATCH', '/api/trips/t1')).toMatchObject({ route: 'trip-update' });
  });

  it('matches as express did: case-insensitive, a trailing slash ignored, HEAD served by GET', () => {
    expect(lookup('GET', '/API/Places/Suggest/')).toMatchObject({ kind: 'route', route: 'suggest' });
    expect(lookup('HEAD', '/api/places/suggest')).toMatchObject({ kind: 'route', route: 'suggest' });
  });

  it('lets a static path for one method not hide a parameter route for another', () => {
    expect(lookup('GET', '/api/hotels/search')).toEqual({ kind: 'route', route: 'hotel', params: { id: 'search' } });
    expect(lookup('POST', '/api/hotels/search')).toMatchObject({ kind: 'route', route: 'hotel-search' });
  });

  it('answers a known path with another method by the methods it allows', () => {
    expect(lookup('DELETE', '/api/places/suggest')).toEqual({ kind: 'wrong-method', allow: 'GET, HEAD' });
    expect(lookup('PUT', '/api/trips/t1')).toEqual({ kind: 'wrong-method', allow: 'GET, PATCH, DELETE, HEAD' });
    // The most specific path decides: the static search path, not the hotel parameter route.
    expect(lookup('PUT', '/api/hotels/search')).toEqual({ kind: 'wrong-method', allow: 'POST' });
    expect(lookup('POST', '/api/hotels/htl_1')).toEqual({ kind: 'wrong-method', allow: 'GET, HEAD' });
    expect(lookup('GET', '/api/trips/t1/items/i2/move')).toEqual({ kind: 'wrong-method', allow: 'POST' });
  });

  it('finds nothing for an unknown path or an empty parameter', () => {
    expect(lookup('GET', '/api/nope')).toEqual({ kind: 'none' });
    expect(lookup('POST', '/api/trips//items/i2/move')).toEqual({ kind: 'none' });
    expect(lookup('PUT', '/api/trips//items/i2/move')).toEqual({ kind: 'none' });
  });

  it('says a path that matches but whose parameter is not valid percent-encoding is malformed', () => {
    expect(lookup('GET', '/api/hotels/a%zz')).toEqual({ kind: 'malformed' });
    expect(lookup('PUT', '/api/hotels/a%zz')).toEqual({ kind: 'malformed' });
    expect(lookup('GET', '/api/nope/a%zz')).toEqual({ kind: 'none' });
  });
});
