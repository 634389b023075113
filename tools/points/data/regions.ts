import { findAirport } from '../../_kit/reference/airports.js';
import type { Region } from './types.js';

// Award charts price by region pairs; this places each country (ISO 3166-1
// alpha-2, as the places dataset stores it) in the region most award charts use.
// Choices where charts disagree: Mexico with North America (Aeroplan, United,
// Alaska do); Puerto Rico, the US Virgin Islands and Bermuda with the Caribbean;
// Guam and the Northern Marianas with Oceania; Türkiye, the Caucasus and Russia
// with Europe; Egypt with Africa; Central Asia with South Asia (no chart has a
// zone of its own for it that our regions could hold).

const COUNTRIES: Record<Region, string> = {
  north_america: 'US CA MX GL PM',
  central_america: 'BZ GT SV HN NI CR PA',
  caribbean: 'AI AG AW BS BB BQ BM CU CW DM DO GD GP HT JM KN KY LC MF MQ MS PR BL SX TC TT VC VG VI',
  south_america: 'AR BO BR CL CO EC FK GF GY PE PY SR UY VE',
  europe:
    'AD AL AM AT AX AZ BA BE BG BY CH CY CZ DE DK EE ES FI FO FR GB GE GG GI GR HR HU IE IM IS IT JE LI LT LU LV MC MD ME MK MT NL NO PL PT RO RS RU SE SI SJ SK SM TR UA VA XK',
  middle_east: 'AE BH IL IQ IR JO KW LB OM PS QA SA SY YE',
  africa:
    'AO BF BI BJ BW CD CF CG CI CM CV DJ DZ EG EH ER ET GA GH GM GN GQ GW KE KM LR LS LY MA MG ML MR MU MW MZ NA NE NG RE RW SC SD SH SL SN SO SS ST SZ TD TG TN TZ UG YT ZA ZM ZW',
  south_asia: 'AF BD BT IN LK MV NP PK KZ KG TJ TM UZ',
  north_asia: 'CN HK JP KP KR MN MO TW',
  southeast_asia: 'BN ID KH LA MM MY PH SG TH TL VN CX CC',
  oceania: 'AS AU CK FJ FM GU KI MH MP NC NF NR NU NZ PF PG PN PW SB TK TO TV UM VU WF WS',
};

const BY_COUNTRY = new Map<string, Region>(
  (Object.entries(COUNTRIES) as [Region, string][]).flatMap(([region, codes]) => codes.split(' ').map((code) => [code, region] as const)),
);

/** The award-chart region of a country code (case-insensitive), or undefined when we have not placed it. */
export function regionOfCountry(country: string): Region | undefined {
  return BY_COUNTRY.get(country.toUpperCase());
}

/** The award-chart region of an airport by IATA code, or undefined for an unknown airport or country. */
export function regionOf(airportIata: string): Region | undefined {
  const airport = findAirport(airportIata);
  return airport ? regionOfCountry(airport.country) : undefined;
}
