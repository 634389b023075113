import type { SeasonProfile } from './hotels-types.js';

// Price levels and hotel taxes by country, for the towns and airports outside
// the major-city table (hotels-cities.ts), as of 2025-11. Levels are a 4-star
// chain hotel's ordinary night in USD outside the country's gateway cities
// (modelling choices from STR/CoStar country ADR reports 2024–2025, rounded).
// Taxes: VAT or lodging tax on accommodation as charged in 2024–2025, plus the
// service charge hotels always add where that is the custom (tax authorities'
// published rates; simplified to one rate per country).

/** Price level and tax of a country, for towns and airports outside the city table. */
export interface CountryLevel {
  upscaleUsd: number;
  taxRate: number;
}

const COUNTRY_LEVELS: Readonly<Record<string, CountryLevel>> = {
  US: { upscaleUsd: 160, taxRate: 0.13 }, CA: { upscaleUsd: 160, taxRate: 0.16 }, MX: { upscaleUsd: 110, taxRate: 0.19 },
  BR: { upscaleUsd: 90, taxRate: 0.05 }, AR: { upscaleUsd: 90, taxRate: 0.21 }, CL: { upscaleUsd: 100, taxRate: 0.19 },
  PE: { upscaleUsd: 90, taxRate: 0.18 }, CO: { upscaleUsd: 80, taxRate: 0.19 }, CR: { upscaleUsd: 140, taxRate: 0.13 },
  GB: { upscaleUsd: 150, taxRate: 0.2 }, IE: { upscaleUsd: 160, taxRate: 0.135 }, FR: { upscaleUsd: 140, taxRate: 0.1 },
  DE: { upscaleUsd: 120, taxRate: 0.07 }, ES: { upscaleUsd: 120, taxRate: 0.1 }, IT: { upscaleUsd: 140, taxRate: 0.1 },
  PT: { upscaleUsd: 120, taxRate: 0.06 }, NL: { upscaleUsd: 150, taxRate: 0.09 }, BE: { upscaleUsd: 130, taxRate: 0.06 },
  CH: { upscaleUsd: 220, taxRate: 0.038 }, AT: { upscaleUsd: 140, taxRate: 0.1 }, CZ: { upscaleUsd: 100, taxRate: 0.12 },
  PL: { upscaleUsd: 100, taxRate: 0.08 }, HU: { upscaleUsd: 100, taxRate: 0.18 }, GR: { upscaleUsd: 140, taxRate: 0.13 },
  HR: { upscaleUsd: 140, taxRate: 0.13 }, DK: { upscaleUsd: 170, taxRate: 0.25 }, SE: { upscaleUsd: 150, taxRate: 0.12 },
  NO: { upscaleUsd: 160, taxRate: 0.12 }, FI: { upscaleUsd: 140, taxRate: 0.14 }, IS: { upscaleUsd: 200, taxRate: 0.11 },
  TR: { upscaleUsd: 100, taxRate: 0.12 }, AE: { upscaleUsd: 150, taxRate: 0.22 }, QA: { upscaleUsd: 150, taxRate: 0.1 },
  SA: { upscaleUsd: 150, taxRate: 0.15 }, IL: { upscaleUsd: 200, taxRate: 0.18 }, EG: { upscaleUsd: 80, taxRate: 0.26 },
  MA: { upscaleUsd: 100, taxRate: 0.1 }, ZA: { upscaleUsd: 90, taxRate: 0.15 }, KE: { upscaleUsd: 110, taxRate: 0.18 },
  JP: { upscaleUsd: 140, taxRate: 0.1 }, KR: { upscaleUsd: 120, taxRate: 0.21 }, CN: { upscaleUsd: 90, taxRate: 0.06 },
  HK: { upscaleUsd: 200, taxRate: 0.1 }, TW: { upscaleUsd: 110, taxRate: 0.155 }, SG: { upscaleUsd: 250, taxRate: 0.199 },
  TH: { upscaleUsd: 90, taxRate: 0.177 }, ID: { upscaleUsd: 80, taxRate: 0.21 }, MY: { upscaleUsd: 80, taxRate: 0.18 },
  PH: { upscaleUsd: 90, taxRate: 0.232 }, VN: { upscaleUsd: 70, taxRate: 0.155 }, IN: { upscaleUsd: 80, taxRate: 0.18 },
  AU: { upscaleUsd: 170, taxRate: 0.1 }, NZ: { upscaleUsd: 150, taxRate: 0.15 },
};

const DEFAULT_LEVEL: CountryLevel = { upscaleUsd: 110, taxRate: 0.1 };

export function countryLevel(country: string): CountryLevel {
  return COUNTRY_LEVELS[country] ?? DEFAULT_LEVEL;
}

/** Climate shape of a country's towns, by latitude: hemispheres and the tropics. */
export function seasonFor(lat: number): SeasonProfile {
  if (Math.abs(lat) < 23.5) return 'tropical';
  return lat < 0 ? 'south' : 'north';
}
