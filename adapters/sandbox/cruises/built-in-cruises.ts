import type { CruiseProvider, CruiseQuery, CruiseSailing } from '../../../tools/_kit/stays-cars-cruises.js';
import { ITINERARIES } from './data/itineraries.js';
import { LINES } from './data/lines.js';
import { portOf, type PortId } from './data/ports.js';
import { SHIPS } from './data/ships.js';
import { cabinFares, taxesAndFees } from './fares.js';
import { dateOfDay, dayNumber, departuresBetween, type Departure } from './schedule.js';

// The built-in cruise inventory: real lines, ships, home ports and itineraries
// (data/), dated by each ship's deployment and priced by a stated fare model.
// Deterministic: the same seed and query give the same sailings and prices.
//
// A real cruise supplier plugs in beside it: implement CruiseProvider over the
// supplier's API in adapters/providers/<supplier>/, and have create-providers.ts
// choose it when the supplier's credential is set (keeping this one otherwise),
// exactly as Duffel or Stripe are chosen over their simulators.

type Stop = PortId | 'sea';

function itineraryOf(days: readonly Stop[]): CruiseSailing['itinerary'] {
  return days.map((stop, i) => {
    if (stop === 'sea') return { day: i + 1, port: null, country: null, seaDay: true };
    const port = portOf(stop);
    return { day: i + 1, port: port.scenic ? `${port.name} (scenic cruising)` : port.name, country: port.country, seaDay: false };
  });
}

function toSailing(seed: string, d: Departure): CruiseSailing {
  const ship = SHIPS[d.shipId];
  const line = LINES[ship.line];
  const template = ITINERARIES[d.itineraryId];
  const days: readonly Stop[] = template.days;
  const id = `${d.shipId}-${d.date}`;
  const home = portOf(days[0] as PortId);
  return {
    id,
    line: line.name,
    ship: ship.name,
    region: template.region,
    departurePort: { code: home.locode?.slice(2) ?? '', locode: home.locode ?? null, airport: home.gateway ?? null, name: home.name, country: home.country },
    departureDate: d.date,
    returnDate: dateOfDay(dayNumber(d.date) + d.nights),
    nights: d.nights,
    itinerary: itineraryOf(days),
    pricePerPerson: cabinFares(seed, { id, line, ship, region: template.region, date: d.date, days }),
    taxesAndFeesPerPerson: taxesAndFees(template.region, days),
  };
}

export function createBuiltInCruises(opts: { seed: string }): CruiseProvider {
  return {
    name: 'built_in',
    mode: 'simulator',
    search: async (query: CruiseQuery, signal: AbortSignal): Promise<CruiseSailing[]> => {
      signal.throwIfAborted();
      const wanted = departuresBetween(query.departFrom, query.departTo).filter(
        (d) => d.nights >= query.minNights && d.nights <= query.maxNights && (query.region === undefined || ITINERARIES[d.itineraryId].region === query.region),
      );
      const sailings = wanted.map((d) => toSailing(opts.seed, d));
      const cabin = query.cabin;
      const sellable = cabin === undefined ? sailings : sailings.filter((s) => s.pricePerPerson[cabin] !== undefined);
      return sellable.sort((a, b) => a.departureDate.localeCompare(b.departureDate) || a.id.localeCompare(b.id));
    },
  };
}
