import { describe, expect, it } from 'vitest';
import { buildOffer, offerFacts, searchOffers, type SimRequest } from '../../adapters/sandbox/simulators/duffel-sim-offers.js';
import { timeBucket } from '../../adapters/sandbox/simulators/seeded.js';

// A Duffel search hands on the itineraries and brand of each offer it finds, so
// listing and building its offers does not look them up again (issue 19). What it
// hands on must be what the offer's ref names: the offers and their facts come out
// the same as when built from the ref alone, as GET /air/offers/{id} builds them.

const SEED = 'found-offers';
const NOW = new Date('2026-11-20T10:05:00Z');
const BUCKET = timeBucket(NOW, 15);
const base = { adults: 1, children: 0, infants: 0, cabin: 'economy', maxConnections: null, request: 3 } as const;

const SEARCHES: SimRequest[] = [
  { ...base, origin: 'JFK', destination: 'LHR', departureDate: '2026-12-10', returnDate: null },
  { ...base, origin: 'LHR', destination: 'JFK', departureDate: '2026-12-12', returnDate: '2026-12-19', adults: 2, children: 1, infants: 1, cabin: 'business' },
  { ...base, origin: 'BOS', destination: 'SFO', departureDate: '2026-12-05', returnDate: null, maxConnections: 0 },
  {
    ...base, origin: 'JFK', destination: 'LHR', departureDate: '2026-12-10', returnDate: null,
    multi: [{ origin: 'JFK', destination: 'LHR', date: '2026-12-10' }, { origin: 'LHR', destination: 'CDG', date: '2026-12-14' }, { origin: 'CDG', destination: 'JFK', date: '2026-12-20' }],
  },
];

describe('searchOffers', () => {
  it('hands on, with each ref, the itineraries and brand the ref names', () => {
    for (const search of SEARCHES) {
      for (const rate of [0, 0.3]) {
        const found = searchOffers(search, BUCKET, rate);
        expect(found.length).toBeGreaterThan(3);
        for (const { ref, resolved } of found) {
          expect(offerFacts(ref, rate, resolved)).toEqual(offerFacts(ref, rate));
          expect(buildOffer(SEED, ref, NOW, true, rate, undefined, resolved)).toEqual(buildOffer(SEED, ref, NOW, true, rate));
        }
      }
    }
  });
});
