import express, { type Request } from 'express';
import { describe, expect, it } from 'vitest';
import { queryOf, type QueryParser } from './request-query.js';

// queryOf must give exactly what express's req.query getter gives, for plain and odd URLs.
const URLS = [
  '/api/places/suggest?query=new%20york&limit=10',
  '/api/places/suggest',
  '/api/places/suggest?',
  '/x?a=1&a=2&b=&c',
  '/x?q=caf%C3%A9+au+lait&x=%ZZ',
  '/x?a=1#frag',
  '/x?a=b c',
  '/x?a=1?b=2',
  '/x?__proto__=1&constructor=2',
  'http://example.com/x?a=1',
];

function requestFor(app: express.Express, url: string): Request {
  return Object.setPrototypeOf({ url, app, headers: {} }, app.request) as Request;
}

describe('queryOf', () => {
  for (const setting of ['simple', 'extended', false] as const) {
    it(`matches req.query with the "${String(setting)}" query parser`, () => {
      const app = express();
      app.set('query parser', setting);
      const parse = app.get('query parser fn') as QueryParser;
      for (const url of URLS) {
        const got = queryOf(requestFor(app, url), parse);
        expect({ url, query: { ...got } }).toEqual({ url, query: { ...requestFor(app, url).query } });
      }
    });
  }

  it('reads the query without express for a plain URL', () => {
    const app = express();
    const req = Object.setPrototypeOf({ url: '/x?a=1&b=two', app, headers: {} }, Object.create(app.request, { query: { get: () => { throw new Error('getter used'); } } })) as Request;
    expect({ ...queryOf(req, app.get('query parser fn') as QueryParser) }).toEqual({ a: '1', b: 'two' });
  });
});
