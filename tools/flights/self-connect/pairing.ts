import { fromMinor, toMinor } from '../../_kit/money.js';
import type { FlightResult } from '../flight-result.js';
import { flightsOf } from './run-search.js';
import type { SelfConnectHub } from './hubs.js';

// Pairs a leg into a hub with a leg out of it, on separate tickets, when the
// second leaves late enough to land, collect bags, re-check and clear security
// again with a stated margin to spare. Pure: searching happens elsewhere.

/** Extra time on top of the hub's self-transfer minimum, for a late first flight. */
export const SAFETY_MARGIN_MIN = 60;
/** A connection to the next day counts only when the second flight leaves before noon. */
export const NEXT_MORNING_LATEST_HOUR = 12;
/** At most this many pairs through one hub, so one hub cannot crowd out the others. */
const PER_HUB = 3;

export type RiskLabel = 'bags_recheck' | 'min_connection' | 'terminal_change' | 'transit_visa' | 'missed_connection_unprotected';

export interface Risk {
  label: RiskLabel;
  text: string;
}

export interface Pair {
  hub: SelfConnectHub;
  first: FlightResult;
  second: FlightResult;
  totalMinor: number;
  layoverMinutes: number;
  mctMinutes: number;
  mctKind: 'domestic' | 'international';
  risks: Risk[];
}

/** Minutes between two local wall-clock times at the same airport ("YYYY-MM-DDTHH:MM:SS"). */
export function wallMinutes(from: string, to: string): number {
  return Math.round((Date.parse(`${to}Z`) - Date.parse(`${from}Z`)) / 60_000);
}

const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Whether the second flight leaves the same local day as the first lands, or the next morning. */
export function withinWindow(arrivingAt: string, departingAt: string): boolean {
  const arrivalDay = arrivingAt.slice(0, 10);
  const day = departingAt.slice(0, 10);
  if (day === arrivalDay) return true;
  return day === nextDay(arrivalDay) && Number(departingAt.slice(11, 13)) < NEXT_MORNING_LATEST_HOUR;
}

function risksFor(hub: SelfConnectHub, first: FlightResult, second: FlightResult, layover: number, mct: number, kind: 'domestic' | 'international', margin: number): Risk[] {
  const c1 = first.carrier;
  const c2 = second.carrier;
  const risks: Risk[] = [
    { label: 'bags_recheck', text: `Separate tickets: at ${hub.iata} collect checked bags from ${c1} and check them in again with ${c2}; nothing is checked through.` },
    {
      label: 'min_connection',
      text: `Self-transfer minimum at ${hub.iata} is about ${mct} min (${kind}); this layover is ${layover} min, ${layover - mct} min above it (at least ${margin} min margin required).`,
    },
  ];
  if (hub.terminals > 1 && c1 !== c2) {
    risks.push({ label: 'terminal_change', text: `${hub.iata} has ${hub.terminals} terminals; ${c1} and ${c2} may use different ones, so allow for a transfer between terminals (exact terminals are not known here).` });
  }
  risks.push({
    label: 'transit_visa',
    text: hub.landsideVisaForMany
      ? `Re-checking bags means entering ${hub.countryName} landside at ${hub.iata}: depending on nationality, a visa or travel authorisation may be needed.`
      : `Re-checking bags means entering ${hub.countryName} landside at ${hub.iata}: many nationalities may enter without a visa, but some need one; check for your passport.`,
  });
  risks.push({ label: 'missed_connection_unprotected', text: `If ${c1} runs late and the ${c2} flight is missed, ${c2} is not obliged to rebook or refund: the second ticket is lost.` });
  return risks;
}

export interface PairingInput {
  hub: SelfConnectHub;
  /** Whether either flight crosses a border at the hub. */
  international: boolean;
  firstLegs: readonly FlightResult[];
  secondLegs: readonly FlightResult[];
  currency: string;
  /** Minutes required on top of the hub's minimum; SAFETY_MARGIN_MIN unless the caller is more cautious. */
  marginMinutes?: number;
}

/** Every pair that meets the minimum plus margin, cheapest first, at most a few per hub. */
export function pairLegs(input: PairingInput): Pair[] {
  const { hub, international, currency } = input;
  const mct = international ? hub.mctInternationalMin : hub.mctDomesticMin;
  const kind = international ? 'international' : 'domestic';
  const margin = input.marginMinutes ?? SAFETY_MARGIN_MIN;
  const pairs: Pair[] = [];
  for (const first of input.firstLegs) {
    if (first.price === null || !first.arriving_at) continue;
    for (const second of input.secondLegs) {
      if (second.price === null || !second.departing_at) continue;
      if (!withinWindow(first.arriving_at, second.departing_at)) continue;
      const layover = wallMinutes(first.arriving_at, second.departing_at);
      if (layover < mct + margin) continue;
      const totalMinor = toMinor({ amount: first.price, currency }) + toMinor({ amount: second.price, currency });
      pairs.push({ hub, first, second, totalMinor, layoverMinutes: layover, mctMinutes: mct, mctKind: kind, risks: risksFor(hub, first, second, layover, mct, kind, margin) });
    }
  }
  pairs.sort((a, b) => a.totalMinor - b.totalMinor || a.layoverMinutes - b.layoverMinutes);
  // One pair per first flight: a later second flight at the same price adds nothing.
  const seen = new Set<string>();
  return pairs.filter((p) => {
    const key = flightsOf(p.first).join('+');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  }).slice(0, PER_HUB);
}

export const majorOf = (minor: number, currency: string) => fromMinor(minor, currency).amount;
