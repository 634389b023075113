import { findAirport } from '../../../tools/_kit/reference/airports.js';

// seats.aero groups airports into these regions (Route.OriginRegion and the
// bulk-availability filters). Countries are placed as seats.aero's route lists
// tend to: Central America and the Caribbean with North America, Turkey and the
// Caucasus with Europe, Egypt with Africa.

export type SeatsAeroRegion = 'North America' | 'South America' | 'Europe' | 'Africa' | 'Middle East' | 'Asia' | 'Oceania';

const COUNTRIES: Record<SeatsAeroRegion, string> = {
  'North America':
    'US CA MX GL BM PM GT BZ SV HN NI CR PA CU JM HT DO PR BS TC KY VG VI AI AG KN MS GP DM MQ LC VC BB GD TT AW CW BQ SX MF BL UM',
  'South America': 'BR AR CL UY PY BO PE EC CO VE GY SR GF FK',
  Europe:
    'GB IE FR BE NL LU DE CH AT LI IT SM VA MT ES PT AD MC GI DK NO SE FI IS FO AX EE LV LT PL CZ SK HU SI HR BA RS ME MK AL XK GR BG RO MD UA BY RU CY TR GE AM AZ IM JE GG SJ',
  Africa:
    'EG LY TN DZ MA EH MR ML NE TD SD SS ER DJ ET SO KE UG TZ RW BI CD CG GA GQ CM CF NG BJ TG GH CI LR SL GN GW SN GM CV BF ST AO ZM ZW MW MZ MG MU SC KM RE YT NA BW ZA LS SZ SH',
  'Middle East': 'AE SA QA BH KW OM IL JO LB IQ IR SY YE PS',
  Asia: 'CN HK MO TW JP KR KP MN IN PK BD LK NP BT MV AF KZ KG TJ TM UZ TH VN LA KH MM MY SG ID BN PH TL',
  Oceania: 'AU NZ PG FJ SB VU NC PF WS TO KI TV NR MH FM PW GU MP AS CK NU WF NF',
};

const BY_COUNTRY = new Map<string, SeatsAeroRegion>(
  (Object.entries(COUNTRIES) as [SeatsAeroRegion, string][]).flatMap(([region, codes]) => codes.split(' ').map((code) => [code, region] as const)),
);

export function regionOfCountry(country: string): SeatsAeroRegion | undefined {
  return BY_COUNTRY.get(country.toUpperCase());
}

/** The seats.aero region of an airport; falls back to a coarse longitude guess for unknown countries. */
export function regionOfAirport(iata: string): SeatsAeroRegion {
  const airport = findAirport(iata);
  if (!airport) return 'North America';
  const known = regionOfCountry(airport.country);
  if (known) return known;
  if (airport.lon < -30) return airport.lat < 12 ? 'South America' : 'North America';
  if (airport.lon > 110 && airport.lat < -5) return 'Oceania';
  if (airport.lon > 60) return 'Asia';
  return airport.lat < 35 ? 'Africa' : 'Europe';
}
