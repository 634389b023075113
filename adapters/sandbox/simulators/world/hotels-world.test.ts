import { describe, expect, it } from 'vitest';
import { findAirport } from '../../../../tools/_kit/reference/airports.js';
import { BRANDS } from './hotels-brands.js';
import { HOTEL_CITIES } from './hotels-cities.js';
import { distanceKmBetween } from './hotels-clusters.js';
import { hotelAt, hotelById, hotelsNear, nightlyRates } from './hotels.js';

// The hotel world's data and its rules: the city table, how many properties a
// city gets and where, and the nightly model's shape.

describe('hotel world data', () => {
  it('knows every city by a main airport with a time zone, and keeps districts near the centre', () => {
    for (const city of HOTEL_CITIES) {
      const airport = findAirport(city.airport);
      expect(airport?.timezone, city.key).toBeTruthy();
      expect(airport!.country, city.key).toBe(city.country);
      expect(distanceKmBetween({ latitude: city.lat, longitude: city.lon }, { latitude: airport!.lat, longitude: airport!.lon }), city.key).toBeLessThan(100); // Kyoto is served by Kansai, 81 km away
      expect(city.districts.length, city.key).toBeGreaterThanOrEqual(3);
      for (const d of city.districts) {
        // A typo in a coordinate shows up as a district far from its city.
        expect(distanceKmBetween({ latitude: city.lat, longitude: city.lon }, { latitude: d.lat, longitude: d.lon }), `${city.key} ${d.name}`).toBeLessThan(30);
      }
    }
    expect(new Set(HOTEL_CITIES.map((c) => c.key)).size).toBe(HOTEL_CITIES.length);
  });

  it('gives each brand a chain, a pattern with the city, and Duffel loyalty references for the five big chains', () => {
    const bigFive = new Map([
      ['Marriott International', 'marriott_bonvoy'],
      ['Hilton', 'hilton_honors'],
      ['Hyatt Hotels', 'world_of_hyatt'],
      ['IHG Hotels & Resorts', 'ihg_one_rewards'],
      ['Accor', 'accor_live_limitless'],
    ]);
    for (const b of BRANDS) {
      if (bigFive.has(b.chain)) expect(b.loyalty, b.key).toBe(bigFive.get(b.chain));
      expect(b.pattern.includes('{city}') || b.pattern.includes('{district}'), b.key).toBe(true);
    }
    expect(new Set(BRANDS.map((b) => b.key)).size).toBe(BRANDS.length);
  });
});

describe('hotel world properties', () => {
  it('puts 8–20 hotels in every major city, uniquely named, near their districts', () => {
    for (const city of HOTEL_CITIES) {
      const centre = { latitude: city.lat, longitude: city.lon };
      const cityHotels = hotelsNear(centre, 40, { includeRentals: true }).filter((h) => h.ref.cluster === `city:${city.key}`);
      const hotels = cityHotels.filter((h) => h.kind === 'hotel');
      expect(hotels.length, city.key).toBeGreaterThanOrEqual(8);
      expect(hotels.length, city.key).toBeLessThanOrEqual(20);
      expect(cityHotels.some((h) => h.kind === 'vacation_rental'), city.key).toBe(true);
      expect(new Set(hotels.map((h) => h.name)).size, city.key).toBe(hotels.length);
      for (const h of cityHotels) {
        expect(h.address.city).toBe(city.name);
        expect(h.categoryHint).toBeGreaterThanOrEqual(1);
        expect(h.categoryHint).toBeLessThanOrEqual(8);
        const near = city.districts.some((d) => distanceKmBetween(h.location, { latitude: d.lat, longitude: d.lon }) <= (city.jitterKm ?? 0.8) + 0.01);
        expect(near, h.name).toBe(true);
      }
    }
  });

  it('finds airport hotels beside large airports and town hotels where no major city is near', () => {
    const heathrow = findAirport('LHR')!;
    const atLhr = hotelsNear({ latitude: heathrow.lat, longitude: heathrow.lon }, 3);
    expect(atLhr.length).toBeGreaterThanOrEqual(2);
    expect(atLhr.every((h) => h.name.includes('Heathrow'))).toBe(true);
    const inverness = findAirport('INV')!;
    const town = hotelsNear({ latitude: inverness.lat, longitude: inverness.lon }, 10);
    expect(town.length).toBeGreaterThanOrEqual(4);
    expect(town.every((h) => h.address.countryCode === 'GB')).toBe(true);
  });

  it('finds a hotel again by id and by reference', () => {
    const [first] = hotelsNear({ latitude: 35.6812, longitude: 139.7671 }, 2);
    expect(hotelById(first!.id)?.name).toBe(first!.name);
    expect(hotelAt(first!.ref)?.id).toBe(first!.id);
    expect(hotelById('acc_00000000000000000000000000')).toBeUndefined();
  });
});

describe('nightly rates', () => {
  const [hotel] = hotelsNear({ latitude: 41.3874, longitude: 2.1686 }, 2).filter((h) => h.kind === 'hotel' && h.tier === 'upscale');

  it('prices summer above winter and the weekend above midweek in a Mediterranean leisure city', () => {
    const night = (date: string, next: string) => nightlyRates(hotel!, date, next, { today: '2026-01-02' })!.standardNights[0]!.usd;
    expect(night('2026-07-17', '2026-07-18')).toBeGreaterThan(night('2026-02-13', '2026-02-14'));
    expect(night('2026-10-16', '2026-10-17')).toBeGreaterThan(night('2026-10-13', '2026-10-14'));
  });

  it('needs a room per adult, room for the party and a stay of at least a night', () => {
    expect(nightlyRates(hotel!, '2026-10-13', '2026-10-13')).toBeNull();
    expect(nightlyRates(hotel!, '2026-10-13', '2026-10-14', { rooms: 2, adults: 1 })).toBeNull();
    const family = nightlyRates(hotel!, '2026-10-13', '2026-10-15', { adults: 2, childAges: [4, 9] });
    const couple = nightlyRates(hotel!, '2026-10-13', '2026-10-15', { adults: 2 })!;
    // Only rooms sleeping four are offered to a family of four.
    for (const rate of family?.rates ?? []) expect(rate.capacity).toBeGreaterThanOrEqual(4);
    expect(couple.rates.length).toBeGreaterThan(family?.rates.length ?? 0);
    // Two rooms cost about twice one.
    const twoRooms = nightlyRates(hotel!, '2026-10-13', '2026-10-15', { rooms: 2, adults: 2 })!;
    expect(twoRooms.cheapest.totalCents).toBe(couple.cheapest.totalCents * 2);
  });
});
