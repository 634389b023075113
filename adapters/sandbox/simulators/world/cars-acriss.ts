// ACRISS (SIPP) car codes, read letter by letter into the vocabulary Duffel Cars
// uses (category, type, transmission, fuel, air conditioning).
// As of: 2026-01. Source (facts only): the ACRISS Car Classification Code matrix
// (acriss.org, "Car Codes"): 1st letter category, 2nd type, 3rd transmission and
// drive, 4th fuel and air conditioning. The Duffel names are the enums of Duffel's
// JS client (src/Cars/CarsTypes.ts).

export interface AcrissInfo {
  category: string;
  type: string;
  transmission: 'manual' | 'automatic';
  fuel: string;
  airConditioning: boolean;
}

const CATEGORY: Readonly<Record<string, string>> = {
  M: 'mini', N: 'mini_elite', E: 'economy', H: 'economy_elite', C: 'compact', D: 'compact_elite',
  I: 'intermediate', J: 'intermediate_elite', S: 'standard', R: 'standard_elite', F: 'fullsize', G: 'fullsize_elite',
  P: 'premium', U: 'premium_elite', L: 'luxury', W: 'luxury_elite', O: 'special', X: 'special',
};

const TYPE: Readonly<Record<string, string>> = {
  B: 'two_door', C: 'two_or_four_door', D: 'four_door', W: 'wagon_estate', V: 'passenger_van', L: 'limousine',
  S: 'sport', T: 'convertible', F: 'suv', J: 'open_air_all_terrain', X: 'special', P: 'pickup_regular_cab',
  Q: 'pickup_extended_cab', Z: 'special_offer_car', E: 'coupe', M: 'monospace', R: 'recreational_vehicle',
  Y: 'two_wheel_vehicle', G: 'suv', N: 'convertible', K: 'special', H: 'recreational_vehicle',
};

/** M, N, C are manual (2WD, 4WD, AWD); A, B, D automatic. */
const AUTOMATIC = new Set(['A', 'B', 'D']);

/** Fourth letter: fuel and whether the car has air conditioning. */
const FUEL_AIR: Readonly<Record<string, [string, boolean]>> = {
  R: ['unspecified_fuel', true], N: ['unspecified_fuel', false], D: ['diesel', true], Q: ['diesel', false],
  H: ['hybrid', true], I: ['hybrid', true], E: ['electric', true], C: ['electric', true], L: ['lpg', true],
  S: ['lpg', false], A: ['hydrogen', true], B: ['hydrogen', false], M: ['multi_fuel', true], F: ['multi_fuel', false],
  V: ['petrol', true], Z: ['petrol', false], U: ['multi_fuel', true], X: ['multi_fuel', false],
};

/** The code's meaning, or null when a letter is not in the ACRISS matrix. */
export function decodeAcriss(code: string): AcrissInfo | null {
  if (!/^[A-Z]{4}$/.test(code)) return null;
  const [c, t, d, f] = code.split('') as [string, string, string, string];
  const category = CATEGORY[c];
  const type = TYPE[t];
  const fuelAir = FUEL_AIR[f];
  if (!category || !type || !fuelAir || !/[MNCABD]/.test(d)) return null;
  return { category, type, transmission: AUTOMATIC.has(d) ? 'automatic' : 'manual', fuel: fuelAir[0], airConditioning: fuelAir[1] };
}
