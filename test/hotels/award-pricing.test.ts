import { describe, expect, it } from 'vitest';
import type { StaySearchResult } from '../../tools/_kit/stays-cars-cruises.js';
import { matchBrand } from '../../tools/hotels/award-brand.js';
import { brandTier, hyattCategory, hyattMarket } from '../../tools/hotels/award-category.js';
import { localTouristTaxUsd, toUsd } from '../../tools/hotels/award-money.js';
import { priceAwardStay, type AwardHotel } from '../../tools/hotels/award-price.js';
import { awardResults, programOf } from '../../tools/hotels/award-results.js';
import { nightSeason, staySeason, stayNights } from '../../tools/hotels/award-seasons.js';
import { HILTON_MODEL, HYATT_BRAND_RANGES, HYATT_CHART, MARRIOTT_MODEL, PROGRAMS, USD_PER_UNIT } from '../../tools/hotels/data/award-pricing.js';

// The award pricing model on its own: seasons, categories, each programme's prices, taxes and value.

const EUR = USD_PER_UNIT.EUR ?? 0;

function hotel(over: Partial<AwardHotel> = {}): AwardHotel {
  return { id: 'acc_test_1', name: 'Test Hotel', brand: null, rating: 4, latitude: 40.7, city: 'New York', countryCode: 'US', ...over };
}

const usd = (amount: number) => ({ amount, currency: 'USD' });
const eur = (amount: number) => ({ amount, currency: 'EUR' });
// 2026-05-13 is a Wednesday in May: a standard night in the northern hemisphere.
const WED_STANDARD = { checkIn: '2026-05-13', checkOut: '2026-05-14', rooms: 1, adults: 2 };

describe('seasons', () => {
  it('lists the nights of a stay', () => {
    expect(stayNights('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(stayNights('2026-03-02', '2026-03-02')).toEqual([]);
  });

  it('follows the month, the weekday and the holidays', () => {
    expect(nightSeason('2026-07-15', 48.8)).toBe('peak'); // Wednesday in July
    expect(nightSeason('2026-02-04', 48.8)).toBe('off_peak'); // Wednesday in February
    expect(nightSeason('2026-02-06', 48.8)).toBe('standard'); // Friday: one level up
    expect(nightSeason('2026-03-08', 48.8)).toBe('off_peak'); // Sunday: one level down
    expect(nightSeason('2026-08-01', 48.8)).toBe('peak'); // Saturday stays at the top
    expect(nightSeason('2026-12-24', 48.8)).toBe('peak'); // holidays
    expect(nightSeason('2026-05-13', 48.8)).toBe('standard');
  });

  it('turns the year round south of the equator, but not the holidays', () => {
    expect(nightSeason('2026-07-15', -33.9)).toBe('off_peak'); // July in Sydney is like January up north
    expect(nightSeason('2026-02-04', -33.9)).toBe('peak');
    expect(nightSeason('2026-12-24', -33.9)).toBe('peak');
  });

  it('summarises a stay by its most common season, the higher on a tie', () => {
    expect(staySeason(['off_peak', 'standard', 'standard'])).toBe('standard');
    expect(staySeason(['off_peak', 'peak'])).toBe('peak');
    expect(staySeason(['off_peak'])).toBe('off_peak');
  });
});

describe('brands and categories', () => {
  it('matches brands however providers spell them, the longest name winning', () => {
    expect(brandTier(HILTON_MODEL.tiers, hotel({ brand: 'Hampton by Hilton' })).label).toBe('Focused service');
    expect(brandTier(HILTON_MODEL.tiers, hotel({ brand: 'Hilton Garden Inn' })).label).toBe('Focused service');
    expect(brandTier(HILTON_MODEL.tiers, hotel({ brand: 'Hilton Hotels & Resorts' })).label).toBe('Full service');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: 'JW Marriott', rating: 4 })).label).toBe('Luxury');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: 'The Westin', rating: 5 })).label).toBe('Premium');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: 'Le Méridien' })).label).toBe('Premium');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: 'Courtyard by Marriott', rating: 4 })).label).toBe('Select');
  });

  it('falls back to the hotel name, then the stars', () => {
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: null, name: 'The St. Regis Rome', rating: null })).label).toBe('Luxury');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: 'Unheard Of', name: 'Somewhere', rating: 5 })).label).toBe('Luxury');
    expect(brandTier(MARRIOTT_MODEL.tiers, hotel({ brand: null, name: 'Somewhere', rating: null })).label).toBe('Select');
    expect(matchBrand(HYATT_BRAND_RANGES, null, 'Park Hyatt Tokyo')).toMatchObject({ min: 4, max: 8 });
  });

  it('places each Hyatt hotel in its brand range by market, fixed per hotel', () => {
    const categories = (over: Partial<AwardHotel>) => {
      const seen = new Set<number>();
      for (let i = 0; i < 200; i++) {
        const place = hotel({ id: `acc_${i}`, ...over });
        const category = hyattCategory(place);
        expect(hyattCategory(place)).toBe(category);
        seen.add(category);
      }
      return [...seen].sort();
    };
    // Hyatt Place spans categories 1–4.
    expect(hyattMarket({ city: 'New York', countryCode: 'US' })).toBe('high');
    expect(categories({ brand: 'Hyatt Place', city: 'New York', countryCode: 'US' })).toEqual([3, 4]);
    expect(hyattMarket({ city: 'Denver', countryCode: 'US' })).toBe('medium');
    expect(categories({ brand: 'Hyatt Place', city: 'Denver', countryCode: 'US' })).toEqual([2, 3]);
    expect(hyattMarket({ city: 'Mumbai', countryCode: 'in' })).toBe('low');
    expect(categories({ brand: 'Hyatt Place', city: 'Mumbai', countryCode: 'IN' })).toEqual([1, 2]);
    // Park Hyatt spans 4–8.
    expect(categories({ brand: 'Park Hyatt', city: 'Paris', countryCode: 'FR' })).toEqual([7, 8]);
    expect(categories({ brand: 'Park Hyatt', city: 'Bangkok', countryCode: 'TH' })).toEqual([4, 5]);
    expect(categories({ brand: 'Miraval', city: 'Austin', countryCode: 'US' })).toEqual([8]);
    // Unknown brand, five stars: the star range (4–8), mid-market.
    expect(categories({ brand: 'Affiliate Resort Collection', name: 'Resort', rating: 5, city: 'Chicago', countryCode: 'US' })).toEqual([6]);
  });
});

describe('World of Hyatt', () => {
  it('publishes the 2022 chart', () => {
    expect(HYATT_CHART[1]).toEqual([3_500, 5_000, 6_500]);
    expect(HYATT_CHART[4]).toEqual([12_000, 15_000, 18_000]);
    expect(HYATT_CHART[8]).toEqual([35_000, 40_000, 45_000]);
    for (let c = 1; c <= 8; c++) {
      const [off, std, peak] = HYATT_CHART[c] ?? [0, 0, 0];
      expect(off).toBeLessThan(std);
      expect(std).toBeLessThan(peak);
    }
  });

  it('prices each night from the chart by category and season', () => {
    const h = hotel({ id: 'acc_hyatt_ny', brand: 'Grand Hyatt', rating: 5 });
    const category = hyattCategory(h);
    const row = HYATT_CHART[category] ?? [0, 0, 0];
    // Thursday (standard) – Friday (peak) – Saturday (peak) – Sunday (off-peak) in May.
    const q = priceAwardStay('world_of_hyatt', h, { checkIn: '2026-05-14', checkOut: '2026-05-18', rooms: 2, adults: 2, cashTotal: usd(2_400) });
    expect(q.category).toBe(`Category ${category}`);
    expect(q.categoryNumber).toBe(category);
    expect(q.nights.map((n) => n.season)).toEqual(['standard', 'peak', 'peak', 'off_peak']);
    expect(q.nights.map((n) => n.points)).toEqual([row[1], row[2], row[2], row[0]]);
    const perRoom = row[1] + 2 * row[2] + row[0];
    expect(q.totalPoints).toBe(perRoom * 2);
    expect(q.pointsPerNight).toBe(Math.round(perRoom / 4));
    expect(q.season).toBe('peak');
    expect(q.taxesUsd).toBe(0); // New York: no tax on award nights in the model
    expect(q.cashRatePerNightUsd).toBe(300); // 2,400 over 2 rooms and 4 nights
    expect(q.centsPerPoint).toBeCloseTo((2_400 / (perRoom * 2)) * 100, 2);
  });
});

describe('Marriott Bonvoy', () => {
  it('follows the cash rate within the tier floor and cap, dearer at peak', () => {
    const westin = hotel({ brand: 'The Westin' });
    expect(priceAwardStay('marriott_bonvoy', westin, { ...WED_STANDARD, cashTotal: usd(400) }).pointsPerNight).toBe(50_000); // 400 × 125
    expect(priceAwardStay('marriott_bonvoy', westin, { ...WED_STANDARD, cashTotal: usd(50) }).pointsPerNight).toBe(15_000); // floor
    expect(priceAwardStay('marriott_bonvoy', hotel({ brand: 'The Ritz-Carlton' }), { ...WED_STANDARD, cashTotal: usd(2_000) }).pointsPerNight).toBe(160_000); // cap
    const peak = priceAwardStay('marriott_bonvoy', westin, { checkIn: '2026-07-15', checkOut: '2026-07-16', rooms: 1, adults: 2, cashTotal: usd(400) });
    expect(peak.pointsPerNight).toBe(56_000); // 400 × 140
    expect(peak.season).toBe('peak');
  });

  it('gives the lowest-priced of five award nights free', () => {
    // Wed 13 May – Mon 18 May: standard, standard, peak, peak, off-peak.
    const q = priceAwardStay('marriott_bonvoy', hotel({ brand: 'Sheraton' }), { checkIn: '2026-05-13', checkOut: '2026-05-18', rooms: 1, adults: 1, cashTotal: usd(1_000) });
    const points = q.nights.map((n) => n.points);
    expect(points).toEqual([25_000, 25_000, 28_000, 28_000, 23_000]);
    expect(q.nights.map((n) => n.free)).toEqual([false, false, false, false, true]);
    expect(q.totalPoints).toBe(25_000 + 25_000 + 28_000 + 28_000);
    expect(q.pointsPerNight).toBe(21_200);
    // Four nights: nothing free.
    const four = priceAwardStay('marriott_bonvoy', hotel({ brand: 'Sheraton' }), { checkIn: '2026-05-13', checkOut: '2026-05-17', rooms: 1, adults: 1, cashTotal: usd(800) });
    expect(four.nights.some((n) => n.free)).toBe(false);
  });
});

describe('Hilton Honors and IHG One Rewards', () => {
  it('Hilton is proportional to the cash rate up to the hotel\'s own cap', () => {
    const doubletree = hotel({ id: 'acc_dt', brand: 'DoubleTree by Hilton' });
    expect(priceAwardStay('hilton_honors', doubletree, { ...WED_STANDARD, cashTotal: usd(250) }).pointsPerNight).toBe(50_000);
    expect(priceAwardStay('hilton_honors', hotel({ brand: 'Hampton by Hilton' }), { ...WED_STANDARD, cashTotal: usd(12) }).pointsPerNight).toBe(5_000);
    const caps = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const cap = priceAwardStay('hilton_honors', hotel({ id: `acc_w${i}`, brand: 'Waldorf Astoria' }), { ...WED_STANDARD, cashTotal: usd(5_000) }).pointsPerNight;
      expect(cap).toBeGreaterThanOrEqual(90_000);
      expect(cap).toBeLessThanOrEqual(150_000);
      expect(cap % 5_000).toBe(0);
      caps.add(cap);
    }
    expect(caps.size).toBeGreaterThan(3);
  });

  it('IHG stays within the brand family\'s range', () => {
    expect(priceAwardStay('ihg_one_rewards', hotel({ brand: 'Holiday Inn Express' }), { ...WED_STANDARD, cashTotal: usd(140) }).pointsPerNight).toBe(28_000);
    expect(priceAwardStay('ihg_one_rewards', hotel({ brand: 'Holiday Inn Express' }), { ...WED_STANDARD, cashTotal: usd(20) }).pointsPerNight).toBe(10_000);
    expect(priceAwardStay('ihg_one_rewards', hotel({ brand: 'Kimpton Hotels & Restaurants' }), { ...WED_STANDARD, cashTotal: usd(900) }).pointsPerNight).toBe(90_000);
    expect(priceAwardStay('ihg_one_rewards', hotel({ brand: 'InterContinental' }), { ...WED_STANDARD, cashTotal: usd(300) }).category).toBe('Luxury & lifestyle');
  });

  it('prices from the tier\'s typical rate when the cash currency is unknown', () => {
    const q = priceAwardStay('ihg_one_rewards', hotel({ brand: 'Crowne Plaza' }), { ...WED_STANDARD, cashTotal: { amount: 1_000, currency: 'XYZ' } });
    expect(toUsd({ amount: 1, currency: 'XYZ' })).toBeNull();
    expect(q.pointsPerNight).toBe(44_000); // typical 220 USD × 200
    expect(q.cashRatePerNightUsd).toBeNull();
    expect(q.centsPerPoint).toBeNull();
    expect(q.verdict).toBeNull();
  });
});

describe('Accor Live Limitless', () => {
  it('pays the cash rate in 2,000-point blocks of EUR 40; the remainder is cash', () => {
    const sofitel = hotel({ brand: 'Sofitel', city: 'Berlin', countryCode: 'DE' });
    const even = priceAwardStay('accor_live_limitless', sofitel, { checkIn: '2026-05-13', checkOut: '2026-05-15', rooms: 1, adults: 2, cashTotal: eur(400) });
    expect(even.totalPoints).toBe(20_000);
    expect(even.pointsPerNight).toBe(10_000);
    expect(even.taxesUsd).toBe(0);
    expect(even.centsPerPoint).toBeCloseTo(2 * EUR, 2);
    expect(even.referenceCentsPerPoint).toBeCloseTo(2 * EUR, 2);
    expect(even.verdict).toBe('fair');
    expect(even.category).toBe('Luxury');

    const odd = priceAwardStay('accor_live_limitless', sofitel, { ...WED_STANDARD, cashTotal: eur(230) });
    expect(odd.totalPoints).toBe(10_000);
    expect(odd.taxesUsd).toBeCloseTo(30 * EUR, 2);
    expect(odd.centsPerPoint).toBeCloseTo(2 * EUR, 2);
  });

  it('converts other currencies and cannot pay a stay under one block', () => {
    const ibis = hotel({ brand: 'ibis budget' });
    const q = priceAwardStay('accor_live_limitless', ibis, { ...WED_STANDARD, cashTotal: usd(EUR * 80) });
    expect(q.totalPoints).toBe(4_000);
    expect(q.category).toBe('Economy');
    const tooCheap = priceAwardStay('accor_live_limitless', ibis, { ...WED_STANDARD, cashTotal: eur(35) });
    expect(tooCheap.payable).toBe(false);
    expect(tooCheap.available).toBe(false);
  });
});

describe('taxes, availability and value', () => {
  it('adds the local tourist tax per adult and night, with the city\'s night cap', () => {
    expect(localTouristTaxUsd({ city: 'Paris', countryCode: 'FR' }, 4, 2, 3)).toBeCloseTo(8.13 * 2 * 3 * EUR, 6);
    expect(localTouristTaxUsd({ city: 'Roma', countryCode: 'it' }, 5, 1, 14)).toBeCloseTo(10 * 10 * EUR, 6);
    expect(localTouristTaxUsd({ city: 'Lisboa', countryCode: 'PT' }, 3, 2, 9)).toBeCloseTo(4 * 2 * 7 * EUR, 6);
    expect(localTouristTaxUsd({ city: 'Paris', countryCode: 'US' }, 4, 2, 3)).toBe(0); // Paris, Texas
    const q = priceAwardStay('world_of_hyatt', hotel({ brand: 'Hyatt Regency', city: 'Paris', countryCode: 'FR', latitude: 48.86 }), { ...WED_STANDARD, cashTotal: usd(300) });
    expect(q.taxesUsd).toBeCloseTo(Math.round(8.13 * 2 * EUR * 100) / 100, 2);
  });

  it('decides award space per hotel and night, deterministically, scarcer at peak', () => {
    const share = (checkIn: string, checkOut: string) => {
      let open = 0;
      for (let i = 0; i < 2_000; i++) {
        const q = priceAwardStay('world_of_hyatt', hotel({ id: `acc_a${i}`, brand: 'Hyatt Place' }), { checkIn, checkOut, rooms: 1, adults: 1, cashTotal: usd(150) });
        expect(priceAwardStay('world_of_hyatt', hotel({ id: `acc_a${i}`, brand: 'Hyatt Place' }), { checkIn, checkOut, rooms: 1, adults: 1, cashTotal: usd(150) }).available).toBe(q.available);
        if (q.available) open++;
      }
      return open / 2_000;
    };
    expect(share('2026-07-15', '2026-07-16')).toBeCloseTo(PROGRAMS.world_of_hyatt.nightlyAvailability.peak, 1);
    expect(share('2026-02-04', '2026-02-05')).toBeCloseTo(PROGRAMS.world_of_hyatt.nightlyAvailability.off_peak, 1);
  });

  it('judges cents per point against the programme reference', () => {
    const h = hotel({ id: 'acc_val', brand: 'Hyatt Place' });
    const points = priceAwardStay('world_of_hyatt', h, { ...WED_STANDARD, cashTotal: usd(100) }).totalPoints;
    const cpp = (cash: number) => priceAwardStay('world_of_hyatt', h, { ...WED_STANDARD, cashTotal: usd(cash) });
    const rich = cpp(points * 0.03); // 3 cents a point
    expect(rich.centsPerPoint).toBeCloseTo(3, 2);
    expect(rich.verdict).toBe('great');
    expect(cpp(points * 0.017).verdict).toBe('fair');
    expect(cpp(points * 0.01).verdict).toBe('poor');
  });
});

describe('results from the cash search', () => {
  function found(id: string, over: Partial<StaySearchResult['accommodation']>, total: number): StaySearchResult {
    return {
      id: `srr_${id}`,
      checkIn: '2026-05-13',
      checkOut: '2026-05-14',
      rooms: 1,
      cheapestTotal: usd(total),
      expiresAt: null,
      rates: [],
      accommodation: {
        id: `acc_${id}`, name: `Hotel ${id}`, kind: 'hotel', rating: 4, reviewScore: null, chain: null, brand: null, loyaltyProgramme: null,
        address: { lineOne: '1 Main St', city: 'Chicago', postalCode: null, region: null, countryCode: 'US' },
        location: { latitude: 41.88, longitude: -87.63 }, amenities: [], photos: [], ...over,
      },
    };
  }

  it('knows a hotel\'s programme by its reference, else its chain', () => {
    expect(programOf(found('a', { loyaltyProgramme: 'hilton_honors' }, 1).accommodation)).toBe('hilton_honors');
    expect(programOf(found('b', { chain: 'Hyatt Hotels' }, 1).accommodation)).toBe('world_of_hyatt');
    expect(programOf(found('c', { chain: 'Wyndham Hotels & Resorts', loyaltyProgramme: 'wyndham_rewards' }, 1).accommodation)).toBeNull();
    expect(programOf(found('d', {}, 1).accommodation)).toBeNull();
  });

  it('keeps the five programmes\' hotels, sorted by points per night, filtered on request', () => {
    const list = [
      found('m', { loyaltyProgramme: 'marriott_bonvoy', brand: 'Sheraton' }, 400),
      found('h', { loyaltyProgramme: 'world_of_hyatt', brand: 'Hyatt Place' }, 150),
      found('w', { loyaltyProgramme: 'wyndham_rewards', brand: 'Ramada' }, 90),
      found('r', { loyaltyProgramme: 'marriott_bonvoy', kind: 'vacation_rental' }, 90),
      found('i', { loyaltyProgramme: 'ihg_one_rewards', brand: 'Holiday Inn' }, 100),
    ];
    const stay = { checkIn: '2026-05-13', checkOut: '2026-05-14', rooms: 1, adults: 2 };
    const all = awardResults(list, stay, undefined);
    expect(all.map((r) => r.hotel_id).sort()).toEqual(['acc_h', 'acc_i', 'acc_m']);
    const ppn = all.map((r) => r.points_per_night);
    expect(ppn).toEqual([...ppn].sort((a, b) => a - b));
    expect(all.every((r) => r.room_type === 'Standard room' && r.location.city === 'Chicago')).toBe(true);
    expect(awardResults(list, stay, 'world_of_hyatt').map((r) => r.program)).toEqual(['world_of_hyatt']);
  });
});
