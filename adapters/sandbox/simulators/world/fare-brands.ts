import { airlineInfo, opsOf } from './airlines.js';
import type { CabinClass } from '../../../../tools/_kit/providers.js';
import type { FareBrand } from './types.js';

// Branded fares per carrier family and cabin, cheapest first (priceFactor 1 is
// the base fare). Names follow each family's public fare pages (early 2026);
// factors and allowances are simplified.

type Row = readonly [name: string, priceFactor: number, refundable: boolean, changeable: boolean, checkedBags: number, carryOn: number, seatSelection: boolean];
type Family = Readonly<Partial<Record<CabinClass, readonly Row[]>>>;

const FAMILIES: Readonly<Record<string, Family>> = {
  united: {
    economy: [['Basic Economy', 1, false, false, 0, 0, false], ['Economy', 1.25, false, true, 0, 1, true], ['Economy (fully refundable)', 1.9, true, true, 0, 1, true]],
    premium_economy: [['Premium Plus', 1, false, true, 2, 1, true], ['Premium Plus (fully refundable)', 1.5, true, true, 2, 1, true]],
    business: [['Business', 1, false, true, 2, 1, true], ['Business (fully refundable)', 1.4, true, true, 2, 1, true]],
  },
  american: {
    economy: [['Basic Economy', 1, false, false, 0, 1, false], ['Main Cabin', 1.22, false, true, 0, 1, true], ['Main Cabin Flexible', 1.85, true, true, 1, 1, true]],
    premium_economy: [['Premium Economy', 1, false, true, 2, 1, true], ['Premium Economy Flexible', 1.45, true, true, 2, 1, true]],
    business: [['Business', 1, false, true, 2, 1, true], ['Business Flexible', 1.4, true, true, 2, 1, true]],
    first: [['First', 1, false, true, 3, 1, true], ['First Flexible', 1.35, true, true, 3, 1, true]],
  },
  delta: {
    economy: [['Delta Main Basic', 1, false, false, 0, 1, false], ['Delta Main Classic', 1.2, false, true, 0, 1, true], ['Delta Main Extra', 1.5, true, true, 1, 1, true]],
    premium_economy: [['Delta Premium Select Classic', 1, false, true, 2, 1, true], ['Delta Premium Select Extra', 1.35, true, true, 2, 1, true]],
    business: [['Delta One Classic', 1, false, true, 2, 1, true], ['Delta One Extra', 1.35, true, true, 2, 1, true]],
  },
  iag: {
    economy: [['Basic', 1, false, false, 0, 1, false], ['Standard', 1.18, false, true, 1, 1, true], ['Flex', 1.75, true, true, 1, 1, true]],
    premium_economy: [['Premium Economy Standard', 1, false, true, 2, 1, true], ['Premium Economy Flex', 1.45, true, true, 2, 1, true]],
    business: [['Business Standard', 1, false, true, 2, 1, true], ['Business Flex', 1.4, true, true, 2, 1, true]],
    first: [['First Standard', 1, false, true, 3, 1, true], ['First Flex', 1.3, true, true, 3, 1, true]],
  },
  afkl: {
    economy: [['Light', 1, false, false, 0, 1, false], ['Standard', 1.2, false, true, 1, 1, true], ['Flex', 1.7, true, true, 1, 1, true]],
    premium_economy: [['Premium Standard', 1, false, true, 2, 1, true], ['Premium Flex', 1.4, true, true, 2, 1, true]],
    business: [['Business Standard', 1, false, true, 2, 1, true], ['Business Flex', 1.35, true, true, 2, 1, true]],
    first: [['La Première', 1, true, true, 3, 1, true]],
  },
  lhg: {
    economy: [['Economy Light', 1, false, false, 0, 1, false], ['Economy Classic', 1.2, false, true, 1, 1, true], ['Economy Flex', 1.7, true, true, 1, 1, true]],
    premium_economy: [['Premium Economy Classic', 1, false, true, 2, 1, true], ['Premium Economy Flex', 1.4, true, true, 2, 1, true]],
    business: [['Business Saver', 1, false, true, 2, 1, true], ['Business Flex', 1.35, true, true, 2, 1, true]],
    first: [['First Flex', 1, true, true, 3, 1, true]],
  },
  gulf: {
    economy: [['Economy Saver', 1, false, true, 1, 1, false], ['Economy Flex', 1.25, false, true, 1, 1, true], ['Economy Flex Plus', 1.6, true, true, 2, 1, true]],
    premium_economy: [['Premium Economy Saver', 1, false, true, 2, 1, true], ['Premium Economy Flex', 1.35, true, true, 2, 1, true]],
    business: [['Business Saver', 1, false, true, 2, 1, true], ['Business Flex', 1.3, true, true, 2, 1, true]],
    first: [['First Saver', 1, false, true, 2, 1, true], ['First Flex', 1.25, true, true, 2, 1, true]],
  },
  jetblue: {
    economy: [['Blue Basic', 1, false, false, 0, 1, false], ['Blue', 1.2, false, true, 0, 1, true], ['Blue Extra', 1.45, false, true, 0, 1, true]],
    business: [['Mint', 1, false, true, 2, 1, true]],
  },
  southwest: {
    economy: [['Basic', 1, false, false, 0, 1, false], ['Choice', 1.25, false, true, 1, 1, false], ['Choice Extra', 1.6, true, true, 2, 1, true]],
  },
  lcc: {
    economy: [['Basic', 1, false, false, 0, 0, false], ['Regular', 1.3, false, true, 0, 1, true], ['Plus', 1.65, false, true, 1, 1, true]],
  },
  network: {
    economy: [['Economy Light', 1, false, false, 0, 1, false], ['Economy Standard', 1.2, false, true, 1, 1, true], ['Economy Flex', 1.7, true, true, 1, 1, true]],
    premium_economy: [['Premium Economy', 1, false, true, 2, 1, true], ['Premium Economy Flex', 1.4, true, true, 2, 1, true]],
    business: [['Business Saver', 1, false, true, 2, 1, true], ['Business Flex', 1.35, true, true, 2, 1, true]],
    first: [['First', 1, true, true, 3, 1, true]],
  },
};

const FAMILY_OF: Readonly<Record<string, string>> = {
  UA: 'united', AA: 'american', DL: 'delta', BA: 'iag', IB: 'iag', AF: 'afkl', KL: 'afkl',
  LH: 'lhg', LX: 'lhg', OS: 'lhg', SN: 'lhg', EK: 'gulf', QR: 'gulf', EY: 'gulf', B6: 'jetblue', WN: 'southwest',
};

const toBrand = ([name, priceFactor, refundable, changeable, checkedBags, carryOn, seatSelection]: Row): FareBrand =>
  Object.freeze({ name, priceFactor, refundable, changeable, checkedBags, carryOn, seatSelection });

const cache = new Map<string, readonly FareBrand[]>();

/** The carrier's branded fares in the cabin, cheapest first; [] when it does not sell the cabin. */
export function fareBrands(carrier: string, cabin: CabinClass): readonly FareBrand[] {
  const code = carrier.toUpperCase();
  const key = `${code}|${cabin}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const info = airlineInfo(code);
  let rows: readonly Row[] = [];
  if (info) {
    const ops = opsOf(code);
    const sells = cabin === 'economy'
      || (!info.lowCost && (cabin === 'business'
        || (cabin === 'premium_economy' && ops.premiumEconomy)
        || (cabin === 'first' && ops.firstClass)));
    const family = FAMILY_OF[code] ?? (info.lowCost ? 'lcc' : 'network');
    if (sells) rows = FAMILIES[family]?.[cabin] ?? FAMILIES.network![cabin] ?? [];
  }
  const brands = Object.freeze(rows.map(toBrand));
  cache.set(key, brands);
  return brands;
}
