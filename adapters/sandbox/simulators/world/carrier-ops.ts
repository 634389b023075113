import { AIRCRAFT as A, type AircraftName } from './aircraft.js';

// How each airline flies: fleet by mission, range, and how far its long-haul
// network reaches. Fleets are simplified from the carriers' fleet pages (early
// 2026); reach/breadth are modelling knobs, not published figures.

export interface CarrierOps {
  /** Regional jets for short thin routes (< 1 000 km). */
  regional: readonly AircraftName[];
  narrow: readonly AircraftName[];
  /** A321LR/XLR: narrowbody transatlantic up to ~8 000 km. */
  longRangeNarrow: readonly AircraftName[];
  /** Widebodies for medium long-haul (≤ 9 000 km) and for the longest routes. */
  wideMid: readonly AircraftName[];
  wideLong: readonly AircraftName[];
  a380: boolean;
  /** Longest and shortest nonstop the carrier flies, km. */
  rangeKm: number;
  minKm: number;
  /** 0..1: how much of the world's long-haul gateways it serves from its main hub. */
  reach: number;
  /** 0..1: chance of long-haul service to an ordinary large airport (Gulf carriers fly almost everywhere). */
  breadth: number;
  firstClass: boolean;
  premiumEconomy: boolean;
  /** Sells a business cabin on narrowbodies (Europe's blocked-middle, America's domestic first). */
  narrowBusiness: boolean;
  /** Sells connecting itineraries (most low-cost carriers sell point to point only). */
  connections: boolean;
  /** Long-haul flies from the first this-many hubs only (Alaska: Seattle, not Anchorage). */
  longHaulHubs: number;
}

const SHORT_HAUL_KM = 4_500;
const LONG_HAUL_KM = 15_500;

function ops(o: Partial<CarrierOps> & Pick<CarrierOps, 'narrow'>): CarrierOps {
  const wide = (o.wideMid?.length ?? 0) + (o.wideLong?.length ?? 0) > 0;
  return {
    regional: [], longRangeNarrow: [], wideMid: [], wideLong: [], a380: false,
    rangeKm: wide ? LONG_HAUL_KM : (o.longRangeNarrow?.length ? 7_000 : SHORT_HAUL_KM),
    minKm: 150, reach: 0.5, breadth: 0.05, firstClass: false, premiumEconomy: false,
    narrowBusiness: true, connections: true, longHaulHubs: 99, ...o,
  };
}

const lcc = (narrow: readonly AircraftName[], connections: boolean, rangeKm = SHORT_HAUL_KM) =>
  ops({ narrow, connections, rangeKm, narrowBusiness: false, reach: 0 });

export const CARRIER_OPS: Readonly<Record<string, CarrierOps>> = {
  UA: ops({ regional: [A.E175, A.CRJ900], narrow: [A.B39M, A.B738, A.A321N, A.A320N], wideMid: [A.B789, A.B788], wideLong: [A.B77W, A.B789], reach: 0.95, premiumEconomy: true }),
  AC: ops({ regional: [A.E175, A.CRJ900], narrow: [A.A220, A.B38M, A.A320N], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.B789], reach: 0.75, premiumEconomy: true }),
  LH: ops({ regional: [A.CRJ900, A.E190], narrow: [A.A320N, A.A321N], wideMid: [A.A333, A.A359], wideLong: [A.A359, A.B789], a380: true, reach: 0.9, breadth: 0.1, firstClass: true, premiumEconomy: true }),
  LX: ops({ narrow: [A.A220, A.A320N, A.A321N], wideMid: [A.A333], wideLong: [A.B77W, A.A333], reach: 0.6, firstClass: true }),
  OS: ops({ narrow: [A.A320N, A.A321N, A.E190], wideMid: [A.B789], wideLong: [A.B789], reach: 0.35, premiumEconomy: true }),
  SN: ops({ narrow: [A.A320N], wideMid: [A.A333], wideLong: [A.A333], reach: 0.3, premiumEconomy: true }),
  TP: ops({ narrow: [A.A320N, A.A321N], longRangeNarrow: [A.A321LR], wideMid: [A.A333], wideLong: [A.A333], reach: 0.5 }),
  LO: ops({ regional: [A.E175], narrow: [A.B38M], wideMid: [A.B789, A.B788], wideLong: [A.B789], reach: 0.35, premiumEconomy: true }),
  A3: ops({ narrow: [A.A320N, A.A321N], longRangeNarrow: [A.A321LR], reach: 0.2 }),
  TK: ops({ narrow: [A.A321N, A.B38M], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.A359, A.B789], reach: 1, breadth: 0.45 }),
  SQ: ops({ narrow: [A.B38M], wideMid: [A.A359, A.B789], wideLong: [A.A359, A.B77W], a380: true, rangeKm: 16_700, reach: 0.8, breadth: 0.2, firstClass: true, premiumEconomy: true }),
  NH: ops({ narrow: [A.A321N, A.B738], wideMid: [A.B788, A.B789], wideLong: [A.B77W, A.B789], reach: 0.8, firstClass: true, premiumEconomy: true }),
  OZ: ops({ narrow: [A.A321N], wideMid: [A.A333, A.A359], wideLong: [A.A359], a380: true, reach: 0.55, firstClass: true }),
  BR: ops({ narrow: [A.A321N], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.B789], reach: 0.6, premiumEconomy: true }),
  CA: ops({ narrow: [A.A320N, A.B738], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.A359], reach: 0.55, firstClass: true, premiumEconomy: true }),
  TG: ops({ narrow: [A.A320N], wideMid: [A.A333, A.B789], wideLong: [A.A359, A.B77W], reach: 0.55 }),
  AI: ops({ narrow: [A.A320N, A.A321N], wideMid: [A.B788], wideLong: [A.B77W, A.A359], reach: 0.7, firstClass: true, premiumEconomy: true }),
  NZ: ops({ narrow: [A.A320N, A.A321N], wideMid: [A.B789], wideLong: [A.B789, A.B77W], reach: 0.45, premiumEconomy: true }),
  ET: ops({ narrow: [A.B38M], wideMid: [A.B788, A.B789], wideLong: [A.A359, A.B77W], reach: 0.7, breadth: 0.25 }),
  MS: ops({ narrow: [A.A320N, A.B738], wideMid: [A.B789, A.A333], wideLong: [A.B77W], reach: 0.45 }),
  SA: ops({ narrow: [A.A320N], wideMid: [A.A333], wideLong: [A.A333], reach: 0.25 }),
  CM: ops({ narrow: [A.B38M, A.B738, A.B39M], rangeKm: 6_500, reach: 0.5 }),
  AV: ops({ narrow: [A.A320N, A.A321N], wideMid: [A.B788], wideLong: [A.B788], reach: 0.35 }),
  AA: ops({ regional: [A.E175, A.CRJ900], narrow: [A.A321N, A.B38M, A.B738], longRangeNarrow: [A.A321XLR], wideMid: [A.B789, A.B788], wideLong: [A.B77W, A.B789], reach: 0.9, firstClass: true, premiumEconomy: true, longHaulHubs: 7 }),
  AS: ops({ regional: [A.E175], narrow: [A.B39M, A.B738], wideMid: [A.B789], wideLong: [A.B789], reach: 0.25, longHaulHubs: 1 }),
  BA: ops({ regional: [A.E190], narrow: [A.A320N, A.A321N], wideMid: [A.B788, A.B789, A.A359], wideLong: [A.B77W, A.A359, A.B789], a380: true, reach: 1, breadth: 0.15, firstClass: true, premiumEconomy: true }),
  IB: ops({ narrow: [A.A320N, A.A321N], longRangeNarrow: [A.A321XLR], wideMid: [A.A333], wideLong: [A.A359], reach: 0.6, premiumEconomy: true }),
  AY: ops({ regional: [A.E190], narrow: [A.A320N, A.A321N], wideMid: [A.A333], wideLong: [A.A359], reach: 0.5, premiumEconomy: true }),
  QF: ops({ narrow: [A.B738, A.A321N], longRangeNarrow: [A.A321XLR], wideMid: [A.A333, A.B789], wideLong: [A.B789], a380: true, rangeKm: 16_000, reach: 0.7, firstClass: true, premiumEconomy: true }),
  CX: ops({ narrow: [A.A321N], wideMid: [A.A333, A.A359], wideLong: [A.B77W, A.A359], reach: 0.85, breadth: 0.1, firstClass: true, premiumEconomy: true }),
  JL: ops({ narrow: [A.B738, A.A321N], wideMid: [A.B789, A.B788], wideLong: [A.B77W, A.B789], reach: 0.75, firstClass: true, premiumEconomy: true }),
  QR: ops({ narrow: [A.A320N, A.B38M], wideMid: [A.B789, A.A359], wideLong: [A.B77W, A.A359], a380: true, reach: 1, breadth: 0.45, firstClass: true }),
  MH: ops({ narrow: [A.B38M, A.B738], wideMid: [A.A333], wideLong: [A.A359], reach: 0.4 }),
  AT: ops({ narrow: [A.B738, A.B38M], wideMid: [A.B788, A.B789], wideLong: [A.B789], reach: 0.4 }),
  DL: ops({ regional: [A.CRJ900, A.E175], narrow: [A.A220, A.A321N, A.B39M], wideMid: [A.A333, A.A359], wideLong: [A.A359], reach: 0.9, premiumEconomy: true }),
  AF: ops({ regional: [A.E190], narrow: [A.A220, A.A320N], wideMid: [A.A359, A.B789], wideLong: [A.B77W, A.A359], reach: 0.9, breadth: 0.1, firstClass: true, premiumEconomy: true, longHaulHubs: 1 }),
  KL: ops({ regional: [A.E175, A.E190], narrow: [A.B738, A.A321N], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.B789], reach: 0.85, breadth: 0.1, premiumEconomy: true }),
  VS: ops({ narrow: [], wideMid: [A.A333, A.B789], wideLong: [A.A359, A.B789], minKm: SHORT_HAUL_KM, reach: 0.6, premiumEconomy: true }),
  SK: ops({ regional: [A.CRJ900], narrow: [A.A320N], longRangeNarrow: [A.A321LR], wideMid: [A.A333, A.A359], wideLong: [A.A359], reach: 0.4, premiumEconomy: true }),
  KE: ops({ narrow: [A.B38M, A.A220], wideMid: [A.A333, A.B789], wideLong: [A.B77W, A.B789], a380: true, reach: 0.8, firstClass: true }),
  CI: ops({ narrow: [A.A321N, A.B738], wideMid: [A.A333, A.A359], wideLong: [A.A359, A.B77W], reach: 0.5, premiumEconomy: true }),
  AM: ops({ regional: [A.E190], narrow: [A.B38M, A.B738, A.B39M], wideMid: [A.B788, A.B789], wideLong: [A.B789], reach: 0.45 }),
  GA: ops({ narrow: [A.B738, A.B38M], wideMid: [A.A333], wideLong: [A.B77W], reach: 0.3 }),
  SV: ops({ narrow: [A.A320N, A.A321N], wideMid: [A.B789, A.A333], wideLong: [A.B77W], reach: 0.45 }),
  VN: ops({ narrow: [A.A321N], wideMid: [A.A359, A.B789], wideLong: [A.A359], reach: 0.4, premiumEconomy: true }),
  UX: ops({ narrow: [A.B738, A.B38M], wideMid: [A.B789, A.B788], wideLong: [A.B789], reach: 0.45 }),
  AZ: ops({ narrow: [A.A220, A.A320N, A.A321N], wideMid: [A.A333, A.A359], wideLong: [A.A359], reach: 0.45, premiumEconomy: true }),
  EK: ops({ narrow: [], wideMid: [A.B77W, A.A359], wideLong: [A.B77W, A.A388], a380: true, rangeKm: 14_500, minKm: 300, reach: 1, breadth: 0.55, firstClass: true, premiumEconomy: true }),
  EY: ops({ narrow: [A.A321N, A.A320N], wideMid: [A.B789, A.A359], wideLong: [A.B789, A.A359, A.B77W], a380: true, reach: 0.8, breadth: 0.2, firstClass: true }),
  LA: ops({ narrow: [A.A320N, A.A321N], wideMid: [A.B789, A.B788], wideLong: [A.B789, A.B77W], reach: 0.5, breadth: 0.05 }),
  B6: ops({ narrow: [A.A220, A.A321N, A.A320N], longRangeNarrow: [A.A321LR], rangeKm: 5_900, reach: 0.5, narrowBusiness: false, longHaulHubs: 2 }),
  WS: ops({ narrow: [A.B38M, A.B738], wideMid: [A.B789], wideLong: [A.B789], reach: 0.3, premiumEconomy: true }),
  VA: ops({ narrow: [A.B738, A.B38M], rangeKm: 5_000, reach: 0 }),
  AD: ops({ regional: [A.E190], narrow: [A.A320N, A.A321N], wideMid: [A.A333], wideLong: [A.A333, A.A359], reach: 0.3, narrowBusiness: false }),
  WN: lcc([A.B738, A.B38M], true),
  F9: lcc([A.A320N, A.A321N], true),
  FR: lcc([A.B738, A.B38M], false),
  U2: lcc([A.A320N, A.A321N], false),
  W6: lcc([A.A321N, A.A320N], false, 5_500),
  VY: lcc([A.A320N], true),
  '6E': lcc([A.A320N, A.A321N], true),
  G3: lcc([A.B738, A.B38M], true),
  AK: lcc([A.A320N, A.A321N], true),
};

export const SHORT_HAUL_LIMIT_KM = SHORT_HAUL_KM;
