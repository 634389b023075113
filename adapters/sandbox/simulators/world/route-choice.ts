import type { Airport } from '../../../../tools/_kit/reference/airports.js';
import { regionOf } from './geo.js';
import { carriersAt, isHubOf, isLongHaulHub, longHaulHubsOf } from './airlines.js';
import { SHORT_HAUL_LIMIT_KM, type CarrierOps } from './carrier-ops.js';
import { GATEWAYS, MEGAHUBS } from './gateways.js';
import type { AirlineInfo } from './types.js';

// Whether an airline flies a given airport pair: near certain between its own
// hubs and between big airports close by, likely to big airports in its own
// country and region, rarer to small ones; long-haul only from its long-haul hubs
// to the world's gateways, weighted by how far its network reaches.

export interface RouteContext {
  carrier: AirlineInfo;
  ops: CarrierOps;
  hub: Airport;
  other: Airport;
  km: number;
  pair: string;
}

function sameAllianceHub(carrier: AirlineInfo, iata: string): boolean {
  if (carrier.alliance === null) return false;
  return carriersAt(iata).some((c) => c.iata !== carrier.iata && c.alliance === carrier.alliance);
}

export const isBig = (iata: string) => MEGAHUBS.has(iata) || GATEWAYS.has(iata);

// Regions short-haul networks spill into (Europe to North Africa and the Levant, …).
const NEIGHBOURS = new Set(['EU-AF', 'AF-EU', 'EU-ME', 'ME-EU', 'AS-ME', 'ME-AS', 'AS-OC', 'OC-AS', 'NA-SA', 'SA-NA', 'AF-ME', 'ME-AF']);

type Reach = 'country' | 'region' | 'neighbour' | 'far';

function nearness(a: Airport, b: Airport): Reach {
  if (a.country === b.country) return 'country';
  const ra = regionOf(a);
  const rb = regionOf(b);
  if (ra === rb) return 'region';
  return NEIGHBOURS.has(`${ra}-${rb}`) ? 'neighbour' : 'far';
}

// Short-haul chance by how near the other airport is: [large, medium] per carrier kind.
const SHORT_HAUL_CHANCE: Readonly<Record<'network' | 'lcc', Readonly<Record<Reach, readonly [number, number]>>>> = {
  network: { country: [0.95, 0.55], region: [0.85, 0.1], neighbour: [0.5, 0.04], far: [0.2, 0] },
  lcc: { country: [0.6, 0.3], region: [0.45, 0.15], neighbour: [0.25, 0.08], far: [0, 0] },
};

// Markets closed to most airlines (sanctions): only carriers from these countries fly there.
const CLOSED_MARKETS: Readonly<Record<string, ReadonlySet<string>>> = {
  RU: new Set(['TR', 'AE', 'QA', 'CN', 'VN']),
  BY: new Set(['TR', 'AE']),
};

function marketClosed(carrier: AirlineInfo, a: Airport, b: Airport): boolean {
  const open = CLOSED_MARKETS[a.country] ?? CLOSED_MARKETS[b.country];
  return open !== undefined && !open.has(carrier.country);
}

/** Chance that the carrier flies this pair at all. */
export function routeProbability(ctx: RouteContext): number {
  const { carrier, ops, hub, other, km } = ctx;
  if (marketClosed(carrier, hub, other)) return 0;
  if (isHubOf(carrier, other.iata)) return 1;
  if (km <= SHORT_HAUL_LIMIT_KM) {
    const near = nearness(hub, other);
    if (!carrier.lowCost && other.size === 'large' && near !== 'far' && isBig(hub.iata) && isBig(other.iata)) return 1;
    const [large, medium] = SHORT_HAUL_CHANCE[carrier.lowCost ? 'lcc' : 'network'][near];
    const mainHub = carrier.hubs[0] === hub.iata ? 1 : 0.8;
    const p = other.size === 'large' ? large : medium * (km > 2_500 ? 0.5 : 1);
    return p * (other.size === 'large' && !carrier.lowCost ? 1 : mainHub);
  }
  const fromHubs = longHaulHubsOf(carrier);
  if (!fromHubs.includes(hub.iata)) return 0;
  if (MEGAHUBS.has(hub.iata) && MEGAHUBS.has(other.iata) && ops.reach >= 0.5) return 1;
  const mainHub = fromHubs[0] === hub.iata ? 1 : 0.8;
  const attraction = MEGAHUBS.has(other.iata) ? 1
    : isLongHaulHub(other.iata) ? 0.8
      : GATEWAYS.has(other.iata) ? 0.6
        : other.size === 'large' ? ops.breadth : 0;
  // Carriers fly to their alliance partners' hubs (joint ventures feed each other).
  const partnerHub = sameAllianceHub(carrier, other.iata) ? 1.3 : 1;
  return Math.min(0.97, attraction * ops.reach * mainHub * partnerHub);
}
