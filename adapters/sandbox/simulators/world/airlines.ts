import { AIRLINE_ROWS } from './airlines-data.js';
import { CARRIER_OPS, type CarrierOps } from './carrier-ops.js';
import type { AirlineInfo } from './types.js';

// Lookups over the airline table: by code, by hub, and who may sell a connection
// with whom.

function deepFreeze(a: AirlineInfo): AirlineInfo {
  Object.freeze(a.hubs);
  return Object.freeze(a);
}

export const AIRLINES: readonly AirlineInfo[] = Object.freeze(AIRLINE_ROWS.map(deepFreeze));

const byCode = new Map(AIRLINES.map((a) => [a.iata, a]));

export function airlineInfo(iata: string): AirlineInfo | undefined {
  return byCode.get(iata.toUpperCase());
}

/** Ops for a carrier in the table (every row has one; a test checks). */
export function opsOf(iata: string): CarrierOps {
  const o = CARRIER_OPS[iata];
  if (!o) throw new Error(`no carrier ops for ${iata}`);
  return o;
}

const carriersByHub = new Map<string, AirlineInfo[]>();
for (const a of AIRLINES) {
  for (const hub of a.hubs) {
    const list = carriersByHub.get(hub) ?? [];
    list.push(a);
    carriersByHub.set(hub, list);
  }
}

/** Airlines with a hub or base at the airport. */
export function carriersAt(iata: string): readonly AirlineInfo[] {
  return carriersByHub.get(iata) ?? [];
}

/** Every hub of every airline, each once. */
export const ALL_HUBS: readonly string[] = [...carriersByHub.keys()];

const longHaulHubs = new Set(AIRLINES.filter((a) => a.longHaul || opsOf(a.iata).longRangeNarrow.length).flatMap((a) => longHaulHubsOf(a)));

/** The hubs the carrier flies long-haul from. */
export function longHaulHubsOf(carrier: AirlineInfo): readonly string[] {
  return carrier.hubs.slice(0, opsOf(carrier.iata).longHaulHubs);
}

/** Whether some carrier flies long-haul from the airport. */
export function isLongHaulHub(iata: string): boolean {
  return longHaulHubs.has(iata);
}

export function isHubOf(carrier: AirlineInfo, iata: string): boolean {
  return carrier.hubs.includes(iata);
}

// Codeshare and interline partners outside the alliances, for connections.
const PARTNER_PAIRS: readonly (readonly [string, string])[] = [
  ['EK', 'QF'], ['DL', 'LA'], ['DL', 'WS'], ['DL', 'VA'], ['EY', 'AA'], ['UA', 'AD'], ['AA', 'G3'], ['AF', 'G3'], ['KL', 'G3'],
  ['AZ', 'LH'], ['AZ', 'DL'], ['B6', 'UA'],
];
const partners = new Set(PARTNER_PAIRS.flatMap(([a, b]) => [`${a}|${b}`, `${b}|${a}`]));

/** Whether a through fare may combine a flight on `a` with a flight on `b`. */
export function connectable(a: AirlineInfo, b: AirlineInfo): boolean {
  if (a.iata === b.iata) return opsOf(a.iata).connections;
  if (a.lowCost || b.lowCost) return false;
  if (a.alliance !== null && a.alliance === b.alliance) return true;
  return partners.has(`${a.iata}|${b.iata}`);
}
