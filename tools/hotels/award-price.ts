import type { Money } from '../_kit/providers.js';
import { accorSegment, brandTier, DYNAMIC_MODELS, hyattCategory, type AwardHotelIdentity } from './award-category.js';
import { awardDraw } from './award-hash.js';
import { localTouristTaxUsd, roundCents, toUsd } from './award-money.js';
import { nightSeason, staySeason, stayNights } from './award-seasons.js';
import {
  ACCOR_BLOCK_EUR,
  ACCOR_BLOCK_POINTS,
  HYATT_CHART,
  PROGRAMS,
  USD_PER_UNIT,
  type DynamicModel,
  type HotelProgram,
  type PricingKind,
  type Season,
} from './data/award-pricing.js';

// Prices a standard-room award stay in one programme, per that programme's
// model in the dataset: Hyatt from its chart, Marriott/Hilton/IHG from the
// cash rate, Accor as points paying the cash rate at a fixed value.

export interface AwardHotel extends AwardHotelIdentity {
  latitude: number;
}

export interface AwardStay {
  checkIn: string;
  checkOut: string;
  rooms: number;
  adults: number;
  /** The cash price of the same stay (all rooms, all nights), when known. */
  cashTotal: Money | null;
}

export interface AwardNight {
  date: string;
  season: Season;
  /** Points for one room this night. */
  points: number;
  /** Award space left this night. */
  available: boolean;
  /** Marriott's fifth night: priced, but not charged. */
  free: boolean;
}

export type Verdict = 'great' | 'fair' | 'poor';

export interface AwardQuote {
  program: HotelProgram;
  pricing: PricingKind;
  /** "Category 5" for Hyatt; the brand tier or segment otherwise. */
  category: string;
  categoryNumber: number | null;
  nights: AwardNight[];
  /** Points per room and night, averaged over the stay after any free night. */
  pointsPerNight: number;
  /** Points for the whole stay, every room. */
  totalPoints: number;
  /** Cash still due on the award stay, whole stay: local tourist tax, and Accor's remainder under one block. */
  taxesUsd: number;
  available: boolean;
  /** False when points cannot pay this stay at all (Accor: cheaper than one 2,000-point block). */
  payable: boolean;
  season: Season;
  cashRatePerNightUsd: number | null;
  centsPerPoint: number | null;
  referenceCentsPerPoint: number;
  verdict: Verdict | null;
}

interface Priced {
  category: string;
  categoryNumber: number | null;
  /** Points for one room, per night. */
  points: number[];
  /** Cash per room the points do not cover (Accor's remainder), USD. */
  uncoveredUsdPerRoom: number;
  /** False when the stay cannot be paid with points at all. */
  payable: boolean;
}

function roundTo(value: number, step: number): number {
  return Math.round(value / step) * step;
}

function priceHyatt(hotel: AwardHotel, seasons: readonly Season[]): Priced {
  const category = hyattCategory(hotel);
  const row = HYATT_CHART[category];
  if (!row) throw new Error(`no Hyatt chart row for category ${category}`);
  const column = { off_peak: 0, standard: 1, peak: 2 } as const;
  return { category: `Category ${category}`, categoryNumber: category, points: seasons.map((s) => row[column[s]]), uncoveredUsdPerRoom: 0, payable: true };
}

/** The hotel's own maximum: the tier cap, or (Hilton) a share of it fixed by the hotel's id, to 5,000. */
function propertyCap(program: HotelProgram, model: DynamicModel, cap: number, hotelId: string): number {
  if (!model.propertyCapFactor) return cap;
  const [low, high] = model.propertyCapFactor;
  return roundTo(cap * (low + (high - low) * awardDraw(program, 'cap', hotelId)), 5_000);
}

function priceDynamic(program: keyof typeof DYNAMIC_MODELS, hotel: AwardHotel, seasons: readonly Season[], cashPerRoomNightUsd: number | null): Priced {
  const model = DYNAMIC_MODELS[program];
  const tier = brandTier(model.tiers, hotel);
  const cash = cashPerRoomNightUsd ?? tier.typicalCashUsd;
  const cap = propertyCap(program, model, tier.cap, hotel.id);
  const points = seasons.map((s) => Math.min(cap, Math.max(tier.floor, roundTo(cash * model.pointsPerUsd[s], model.step))));
  return { category: tier.label, categoryNumber: null, points, uncoveredUsdPerRoom: 0, payable: true };
}

function priceAccor(hotel: AwardHotel, nights: number, cashPerRoomUsd: number | null): Priced {
  const segment = accorSegment(hotel);
  const usdPerEur = USD_PER_UNIT.EUR ?? 1;
  // To the cent, so a EUR price converted there and back fills its blocks exactly.
  const eur = Math.round(((cashPerRoomUsd ?? segment.typicalCashUsd * nights) / usdPerEur) * 100) / 100;
  // Points go in whole blocks; what is left under one block is paid by card.
  const blocks = Math.floor(eur / ACCOR_BLOCK_EUR);
  const total = blocks * ACCOR_BLOCK_POINTS;
  const each = Math.floor(total / nights);
  const points = Array.from({ length: nights }, (_, i) => (i === nights - 1 ? total - each * (nights - 1) : each));
  return { category: segment.label, categoryNumber: null, points, uncoveredUsdPerRoom: (eur - blocks * ACCOR_BLOCK_EUR) * usdPerEur, payable: blocks > 0 };
}

/** Marriott: in each full run of `every` nights the lowest-priced night is free (the first such on a tie). */
function freeNights(points: readonly number[], every: number | undefined): Set<number> {
  const free = new Set<number>();
  if (!every) return free;
  for (let start = 0; start + every <= points.length; start += every) {
    let lowest = start;
    for (let i = start + 1; i < start + every; i++) if ((points[i] ?? 0) < (points[lowest] ?? 0)) lowest = i;
    free.add(lowest);
  }
  return free;
}

function verdictOf(cpp: number | null, reference: number): Verdict | null {
  if (cpp === null) return null;
  if (cpp >= reference * 1.2) return 'great';
  return cpp >= reference * 0.8 ? 'fair' : 'poor';
}

export function priceAwardStay(program: HotelProgram, hotel: AwardHotel, stay: AwardStay): AwardQuote {
  const info = PROGRAMS[program];
  const dates = stayNights(stay.checkIn, stay.checkOut);
  if (dates.length === 0) throw new Error('a stay needs at least one night');
  const seasons = dates.map((d) => nightSeason(d, hotel.latitude));
  const cashUsd = stay.cashTotal ? toUsd(stay.cashTotal) : null;
  const cashPerRoomUsd = cashUsd === null ? null : cashUsd / stay.rooms;
  const priced =
    program === 'world_of_hyatt'
      ? priceHyatt(hotel, seasons)
      : program === 'accor_live_limitless'
        ? priceAccor(hotel, dates.length, cashPerRoomUsd)
        : priceDynamic(program, hotel, seasons, cashPerRoomUsd === null ? null : cashPerRoomUsd / dates.length);
  const free = freeNights(priced.points, program === 'marriott_bonvoy' ? DYNAMIC_MODELS.marriott_bonvoy.freeNightEvery : undefined);
  const nights = dates.map((date, i) => {
    const season = seasons[i] ?? 'standard';
    return { date, season, points: priced.points[i] ?? 0, available: awardDraw(program, 'space', hotel.id, date) < info.nightlyAvailability[season], free: free.has(i) };
  });
  const perRoom = nights.reduce((sum, n) => sum + (n.free ? 0 : n.points), 0);
  const totalPoints = perRoom * stay.rooms;
  const uncoveredUsd = priced.uncoveredUsdPerRoom * stay.rooms;
  const taxesUsd = roundCents(uncoveredUsd + localTouristTaxUsd(hotel, hotel.rating, stay.adults, dates.length));
  // Value of a point: the cash the points replace (the cash price less what the award stay still pays of it).
  const centsPerPoint = cashUsd === null || totalPoints === 0 ? null : roundCents(((cashUsd - uncoveredUsd) / totalPoints) * 100);
  return {
    program,
    pricing: info.pricing,
    category: priced.category,
    categoryNumber: priced.categoryNumber,
    nights,
    pointsPerNight: Math.round(perRoom / dates.length),
    totalPoints,
    taxesUsd,
    available: priced.payable && nights.every((n) => n.available),
    payable: priced.payable,
    season: staySeason(seasons),
    cashRatePerNightUsd: cashPerRoomUsd === null ? null : roundCents(cashPerRoomUsd / dates.length),
    centsPerPoint,
    referenceCentsPerPoint: info.referenceCentsPerPoint,
    verdict: verdictOf(centsPerPoint, info.referenceCentsPerPoint),
  };
}
