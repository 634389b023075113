import { describe, expect, it } from 'vitest';
import { createBuiltInCruises } from '../../adapters/sandbox/cruises/built-in-cruises.js';
import { ITINERARIES, type ItineraryId } from '../../adapters/sandbox/cruises/data/itineraries.js';
import { LINES } from '../../adapters/sandbox/cruises/data/lines.js';
import { PORTS, portOf, type PortId } from '../../adapters/sandbox/cruises/data/ports.js';
import { SHIPS } from '../../adapters/sandbox/cruises/data/ships.js';
import { findAirport } from '../../tools/_kit/reference/airports.js';
import type { CruiseCabin, CruiseQuery, CruiseRegion, CruiseSailing } from '../../tools/_kit/stays-cars-cruises.js';
import { greatCircleKm } from '../../tools/_kit/reference/great-circle.js';

const provider = createBuiltInCruises({ seed: 'deal-engine' });
const signal = new AbortController().signal;
const CABINS: readonly CruiseCabin[] = ['interior', 'oceanview', 'balcony', 'suite'];

const search = (q: Partial<CruiseQuery> & Pick<CruiseQuery, 'departFrom' | 'departTo'>) =>
  provider.search({ minNights: 1, maxNights: 30, guests: 2, ...q }, signal);

const year = () => search({ departFrom: '2027-01-01', departTo: '2027-12-31' });

const itineraries = Object.entries(ITINERARIES) as [ItineraryId, (typeof ITINERARIES)[ItineraryId]][];
const stopsOf = (id: ItineraryId): readonly (PortId | 'sea')[] => ITINERARIES[id].days;
const month = (s: CruiseSailing) => Number(s.departureDate.slice(5, 7));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

describe('built-in cruise inventory: the dataset', () => {
  it('starts and ends every itinerary at a real port with a gateway airport nearby in the same country', () => {
    for (const [id] of itineraries) {
      const stops = stopsOf(id);
      for (const end of [stops[0], stops.at(-1)]) {
        expect(end, id).not.toBe('sea');
        const port = portOf(end as PortId);
        const airport = findAirport(port.gateway ?? '');
        expect(airport, `${id}: gateway of ${port.name}`).toBeDefined();
        if (!airport) continue;
        expect(airport.country, port.name).toBe(port.country);
        expect(greatCircleKm(port, { lat: airport.lat, lon: airport.lon }), `${port.name} to ${airport.iata}`).toBeLessThan(130);
        // Its own code is a UN/LOCODE in its own country, never the airport's.
        expect(port.locode, `${id}: UN/LOCODE of ${port.name}`).toMatch(new RegExp(`^${port.country}[A-Z2-9]{3}$`));
      }
    }
  });

  it('never asks a ship to sail farther between two ports than it can (22 knots, about 950 km a day)', () => {
    for (const [id] of itineraries) {
      const stops = stopsOf(id);
      let last = { index: 0, port: stops[0] as PortId };
      for (let i = 1; i < stops.length; i++) {
        const stop = stops[i];
        if (stop === undefined || stop === 'sea') continue;
        const days = i - last.index;
        const distance = greatCircleKm(PORTS[last.port], PORTS[stop]);
        // One overnight hop may run from an early departure to a late arrival (Ketchikan to Victoria).
        expect(distance, `${id}: ${last.port} → ${stop} in ${days} day(s)`).toBeLessThanOrEqual(1000 + 950 * (days - 1));
        last = { index: i, port: stop };
      }
    }
  });

  it('uses every port, and names countries by real ISO 3166 codes', () => {
    const used = new Set(itineraries.flatMap(([id]) => stopsOf(id)));
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    for (const [id, port] of Object.entries(PORTS)) {
      expect(used.has(id as PortId), `${id} is used`).toBe(true);
      expect(names.of(port.country), port.name).not.toBe(port.country);
    }
  });

  it('chains each ship\'s legs end to start, so a ship never jumps between ports', () => {
    for (const ship of Object.values(SHIPS)) {
      for (const deployment of ship.deployments) {
        const legs: readonly ItineraryId[] = deployment.legs;
        legs.forEach((leg, i) => {
          const next = legs[(i + 1) % legs.length] as ItineraryId;
          expect(stopsOf(leg).at(-1), `${ship.name}: ${leg} → ${next}`).toBe(stopsOf(next)[0]);
        });
      }
    }
  });

  it('keeps seasonal regions in season: Alaska and northern Europe May–September, the Mediterranean April–November', () => {
    const seasons: Partial<Record<CruiseRegion, number[]>> = { alaska: [5, 6, 7, 8, 9], northern_europe: [5, 6, 7, 8, 9], mediterranean: [4, 5, 6, 7, 8, 9, 10, 11], transatlantic: [4, 5, 6, 7, 8, 9, 10, 11, 12] };
    for (const ship of Object.values(SHIPS)) {
      for (const deployment of ship.deployments) {
        for (const leg of deployment.legs as readonly ItineraryId[]) {
          const allowed = seasons[ITINERARIES[leg].region];
          if (allowed) for (const m of deployment.months) expect(allowed, `${ship.name} ${leg} in month ${m}`).toContain(m);
        }
      }
    }
  });

  it('has the lines and flagships the brief names', () => {
    const lines = Object.values(LINES).map((l) => l.name);
    for (const name of ['Royal Caribbean International', 'Carnival Cruise Line', 'Norwegian Cruise Line', 'MSC Cruises', 'Celebrity Cruises', 'Princess Cruises', 'Holland America Line', 'Disney Cruise Line', 'Viking', 'Virgin Voyages', 'Cunard']) {
      expect(lines).toContain(name);
    }
    const ships = Object.values(SHIPS).map((s) => s.name);
    for (const name of ['Icon of the Seas', 'Wonder of the Seas', 'Carnival Celebration', 'Norwegian Prima', 'MSC World Europa', 'Celebrity Beyond', 'Sun Princess', 'Queen Mary 2']) {
      expect(ships).toContain(name);
    }
  });
});

describe('built-in cruise inventory: search', () => {
  it('is deterministic: the same seed and query give the same sailings and prices', async () => {
    const q = { departFrom: '2027-03-01', departTo: '2027-06-30' };
    const a = await search(q);
    expect(a.length).toBeGreaterThan(100);
    expect(await search(q)).toEqual(a);
    const other = await createBuiltInCruises({ seed: 'other-seed' }).search({ ...q, minNights: 1, maxNights: 30, guests: 2 }, signal);
    // The schedule is the ships' calendar; only demand (prices, sold-out cabins) follows the seed.
    expect(other.map((s) => s.id)).toEqual(a.map((s) => s.id));
    expect(other.map((s) => s.pricePerPerson.balcony?.amount)).not.toEqual(a.map((s) => s.pricePerPerson.balcony?.amount));
  });

  it('sails Icon of the Seas from Miami every Saturday, alternating Eastern and Western Caribbean', async () => {
    const icon = (await search({ departFrom: '2027-01-01', departTo: '2027-03-31' })).filter((s) => s.ship === 'Icon of the Seas');
    expect(icon.length).toBe(13);
    for (const s of icon) {
      expect(weekday(s.departureDate)).toBe(6);
      expect(s.departurePort).toEqual({ code: 'MIA', locode: 'USMIA', airport: 'MIA', name: 'Miami, Florida', country: 'US' });
      expect(s.nights).toBe(7);
      expect(s.itinerary.map((d) => d.port)).toContain('Perfect Day at CocoCay');
    }
    const calls = icon.map((s) => s.itinerary.some((d) => d.port === 'Cozumel'));
    calls.forEach((west, i) => expect(west).toBe(!calls[i === 0 ? 1 : i - 1]));
  });

  it('prices cabins interior < oceanview < balcony < suite, and sells Viking verandas and suites only', async () => {
    const all = await year();
    for (const s of all) {
      const prices = CABINS.flatMap((c) => (s.pricePerPerson[c] ? [s.pricePerPerson[c].amount] : []));
      expect(prices.length, s.id).toBeGreaterThan(0);
      expect(prices, s.id).toEqual([...prices].sort((a, b) => a - b));
      expect(new Set(prices).size).toBe(prices.length);
      expect(s.taxesAndFeesPerPerson.amount).toBeGreaterThan(50);
      if (s.line === 'Viking') expect(Object.keys(s.pricePerPerson).every((c) => c === 'balcony' || c === 'suite')).toBe(true);
    }
    expect(all.some((s) => s.pricePerPerson.suite === undefined && s.line !== 'Viking')).toBe(true); // some suites sell out
  });

  it('prices like the market: a Carnival week from about $600, Icon of the Seas far more, Viking verandas from about $4,000', async () => {
    const all = await year();
    const interior = (ship: string) => all.filter((s) => s.ship === ship && s.nights === 7).flatMap((s) => (s.pricePerPerson.interior ? [s.pricePerPerson.interior.amount] : []));
    const celebration = interior('Carnival Celebration');
    expect(Math.min(...celebration)).toBeGreaterThan(450);
    expect(Math.min(...celebration)).toBeLessThan(800);
    expect(Math.min(...interior('Icon of the Seas'))).toBeGreaterThan(2 * Math.min(...celebration) * 0.8);
    const viking = all.filter((s) => s.ship === 'Viking Sea').flatMap((s) => (s.pricePerPerson.balcony ? [s.pricePerPerson.balcony.amount] : []));
    expect(Math.min(...viking)).toBeGreaterThan(3000);
  });

  it('charges peak season more: Alaska in July above Alaska in September', async () => {
    const alaska = await search({ region: 'alaska', departFrom: '2027-05-01', departTo: '2027-09-30' });
    const mean = (m: number) => {
      const fares = alaska.filter((s) => month(s) === m && s.ship === 'Norwegian Bliss').map((s) => s.pricePerPerson.balcony?.amount ?? 0);
      return fares.reduce((a, b) => a + b, 0) / fares.length;
    };
    expect(mean(7)).toBeGreaterThan(mean(9) * 1.3);
  });

  it('has no Alaska in January and Caribbean all year', async () => {
    expect(await search({ region: 'alaska', departFrom: '2027-01-01', departTo: '2027-01-31' })).toEqual([]);
    const all = await year();
    const caribbeanMonths = new Set(all.filter((s) => s.region === 'caribbean').map(month));
    expect(caribbeanMonths.size).toBe(12);
    expect(all.filter((s) => s.region === 'mediterranean').every((s) => month(s) >= 4 && month(s) <= 11)).toBe(true);
  });

  it('filters by region, window, nights and cabin', async () => {
    const found = await search({ region: 'bahamas', departFrom: '2027-02-01', departTo: '2027-02-28', minNights: 4, maxNights: 4, cabin: 'suite' });
    expect(found.length).toBeGreaterThan(0);
    for (const s of found) {
      expect(s.region).toBe('bahamas');
      expect(s.nights).toBe(4);
      expect(s.departureDate >= '2027-02-01' && s.departureDate <= '2027-02-28').toBe(true);
      expect(s.pricePerPerson.suite).toBeDefined();
    }
    const sorted = found.map((s) => s.departureDate);
    expect(sorted).toEqual([...sorted].sort());
  });

  it('sails Queen Mary 2 one way between Southampton and New York in seven nights', async () => {
    const qm2 = (await search({ region: 'transatlantic', departFrom: '2027-06-01', departTo: '2027-06-30' })).filter((s) => s.ship === 'Queen Mary 2');
    expect(qm2.length).toBeGreaterThanOrEqual(4);
    for (const s of qm2) {
      expect(s.nights).toBe(7);
      expect(s.returnDate).toBe(new Date(Date.parse(`${s.departureDate}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10));
      const ends = [s.itinerary[0]?.port, s.itinerary.at(-1)?.port];
      expect(ends.sort()).toEqual(['New York (Brooklyn Cruise Terminal)', 'Southampton']);
      expect(s.itinerary.filter((d) => d.seaDay)).toHaveLength(6);
    }
  });

  it('marks scenic cruising and sea days, and numbers the days from 1', async () => {
    const [bliss] = (await search({ region: 'alaska', departFrom: '2027-07-01', departTo: '2027-07-10' })).filter((s) => s.ship === 'Norwegian Bliss');
    expect(bliss?.itinerary).toEqual([
      { day: 1, port: 'Seattle, Washington', country: 'US', seaDay: false },
      { day: 2, port: null, country: null, seaDay: true },
      { day: 3, port: 'Juneau', country: 'US', seaDay: false },
      { day: 4, port: 'Skagway', country: 'US', seaDay: false },
      { day: 5, port: 'Glacier Bay National Park (scenic cruising)', country: 'US', seaDay: false },
      { day: 6, port: 'Ketchikan', country: 'US', seaDay: false },
      { day: 7, port: 'Victoria, British Columbia', country: 'CA', seaDay: false },
      { day: 8, port: 'Seattle, Washington', country: 'US', seaDay: false },
    ]);
    // Four landings between embarkation and return (Glacier Bay is scenic): $120 + 4 × $30.
    expect(bliss?.taxesAndFeesPerPerson).toEqual({ amount: 240, currency: 'USD' });
  });

  it('stops when the caller has gone', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(provider.search({ departFrom: '2027-01-01', departTo: '2027-01-31', minNights: 1, maxNights: 30, guests: 2 }, controller.signal)).rejects.toThrow();
  });
});
