// Hub airports where a traveller can stitch two separate tickets together, with
// what a self-transfer there costs in time and paperwork. A self-transfer means
// leaving the airside area, collecting bags and checking in again, so these
// minimums are longer than the airlines' own (through-ticket) connection times.
//
// APPROXIMATE: figures are rounded from memory of the airports' connection
// guidance and public visa summaries, not copied from a tariff. Check the
// airport and the destination's entry rules before relying on them.

export interface SelfConnectHub {
  iata: string;
  /** ISO 3166-1 alpha-2 of the hub. */
  country: string;
  countryName: string;
  /** Minutes to land, collect bags, re-check and clear security when both flights are domestic. */
  mctDomesticMin: number;
  /** The same when either flight crosses a border (passport control, customs). */
  mctInternationalMin: number;
  /** Passenger terminals in use; more than one can mean a train or bus between them. */
  terminals: number;
  /** Whether many nationalities need a visa or travel authorisation to go landside here. */
  landsideVisaForMany: boolean;
}

export const SELF_CONNECT_HUBS = {
  asOf: '2026-11-01',
  sources: [
    'Airport websites: connecting-passenger and terminal pages (LHR, CDG, FRA, AMS, IST, DXB, DOH, SIN, HKG, ICN, JFK, LAX and others)',
    'Public summaries of visa and electronic travel authorisation rules (UK ETA, Schengen, US ESTA, Canada eTA, Australia ETA, Korea K-ETA)',
  ],
  note: 'APPROXIMATE: self-transfer minimums are rounded guidance for re-checking bags, not airline MCTs; visa needs depend on nationality.',
  items: [
    { iata: 'LHR', country: 'GB', countryName: 'United Kingdom', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 4, landsideVisaForMany: true },
    { iata: 'LGW', country: 'GB', countryName: 'United Kingdom', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 2, landsideVisaForMany: true },
    { iata: 'CDG', country: 'FR', countryName: 'France (Schengen area)', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 3, landsideVisaForMany: true },
    { iata: 'FRA', country: 'DE', countryName: 'Germany (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 105, terminals: 2, landsideVisaForMany: true },
    { iata: 'MUC', country: 'DE', countryName: 'Germany (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 2, landsideVisaForMany: true },
    { iata: 'AMS', country: 'NL', countryName: 'Netherlands (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 1, landsideVisaForMany: true },
    { iata: 'MAD', country: 'ES', countryName: 'Spain (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 105, terminals: 4, landsideVisaForMany: true },
    { iata: 'BCN', country: 'ES', countryName: 'Spain (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 2, landsideVisaForMany: true },
    { iata: 'FCO', country: 'IT', countryName: 'Italy (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 105, terminals: 3, landsideVisaForMany: true },
    { iata: 'LIS', country: 'PT', countryName: 'Portugal (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 2, landsideVisaForMany: true },
    { iata: 'DUB', country: 'IE', countryName: 'Ireland', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 2, landsideVisaForMany: true },
    { iata: 'KEF', country: 'IS', countryName: 'Iceland (Schengen area)', mctDomesticMin: 60, mctInternationalMin: 90, terminals: 1, landsideVisaForMany: true },
    { iata: 'IST', country: 'TR', countryName: 'Türkiye', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 1, landsideVisaForMany: true },
    { iata: 'DXB', country: 'AE', countryName: 'United Arab Emirates', mctDomesticMin: 90, mctInternationalMin: 150, terminals: 3, landsideVisaForMany: true },
    { iata: 'DOH', country: 'QA', countryName: 'Qatar', mctDomesticMin: 90, mctInternationalMin: 135, terminals: 1, landsideVisaForMany: false },
    { iata: 'SIN', country: 'SG', countryName: 'Singapore', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 4, landsideVisaForMany: false },
    { iata: 'HKG', country: 'HK', countryName: 'Hong Kong SAR', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 2, landsideVisaForMany: false },
    { iata: 'BKK', country: 'TH', countryName: 'Thailand', mctDomesticMin: 75, mctInternationalMin: 135, terminals: 1, landsideVisaForMany: false },
    { iata: 'KUL', country: 'MY', countryName: 'Malaysia', mctDomesticMin: 75, mctInternationalMin: 135, terminals: 2, landsideVisaForMany: false },
    { iata: 'ICN', country: 'KR', countryName: 'South Korea', mctDomesticMin: 75, mctInternationalMin: 135, terminals: 2, landsideVisaForMany: true },
    { iata: 'NRT', country: 'JP', countryName: 'Japan', mctDomesticMin: 75, mctInternationalMin: 135, terminals: 3, landsideVisaForMany: true },
    { iata: 'HND', country: 'JP', countryName: 'Japan', mctDomesticMin: 75, mctInternationalMin: 120, terminals: 3, landsideVisaForMany: true },
    { iata: 'DEL', country: 'IN', countryName: 'India', mctDomesticMin: 90, mctInternationalMin: 180, terminals: 3, landsideVisaForMany: true },
    { iata: 'JFK', country: 'US', countryName: 'United States', mctDomesticMin: 90, mctInternationalMin: 180, terminals: 5, landsideVisaForMany: true },
    { iata: 'ORD', country: 'US', countryName: 'United States', mctDomesticMin: 75, mctInternationalMin: 150, terminals: 4, landsideVisaForMany: true },
    { iata: 'ATL', country: 'US', countryName: 'United States', mctDomesticMin: 75, mctInternationalMin: 150, terminals: 2, landsideVisaForMany: true },
    { iata: 'LAX', country: 'US', countryName: 'United States', mctDomesticMin: 90, mctInternationalMin: 180, terminals: 9, landsideVisaForMany: true },
    { iata: 'YYZ', country: 'CA', countryName: 'Canada', mctDomesticMin: 75, mctInternationalMin: 150, terminals: 2, landsideVisaForMany: true },
  ],
} as const satisfies { asOf: string; sources: readonly string[]; note: string; items: readonly SelfConnectHub[] };

const byIata = new Map<string, SelfConnectHub>(SELF_CONNECT_HUBS.items.map((h) => [h.iata, h]));

export function findHub(iata: string): SelfConnectHub | undefined {
  return byIata.get(iata.toUpperCase());
}
