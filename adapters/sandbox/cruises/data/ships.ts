import type { Deployment, ShipInfo } from '../model.js';
import type { ItineraryId } from './itineraries.js';
import type { LineId } from './lines.js';

// The ships of the built-in inventory: real ships, their maiden-voyage year, and a
// deployment per season from a real home port on a fixed weekday.
//
// As of: 2025-06-30.
// Sources: the lines' fleet pages and published 2025–2026 deployments (home ports
// and embarkation days), Wikipedia for maiden-voyage years. Deployments shift from
// year to year; these are a representative pattern, not a published schedule.
// Months between two seasons of one ship are its repositioning, not modelled.
//
// A real supplier replaces all of this: it implements CruiseProvider
// (tools/_kit/stays-cars-cruises.ts) over its own API, and create-providers.ts
// chooses it when its credential is configured, as it does for Duffel or Stripe.

type Leg = ItineraryId;
type ShipDeployment = Deployment & { legs: readonly Leg[] };
type Ship = ShipInfo & { line: LineId; deployments: readonly ShipDeployment[] };

const ALL_YEAR = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] as const;
const WINTER = [11, 12, 1, 2, 3] as const;
const ALASKA = [5, 6, 7, 8, 9] as const;
const NORTHERN_SUMMER = [5, 6, 7, 8, 9] as const;
const MED = [4, 5, 6, 7, 8, 9, 10] as const;
const AUSTRAL_SUMMER = [11, 12, 1, 2, 3] as const;

export const SHIPS = {
  // ---- Royal Caribbean International
  'icon-of-the-seas': { name: 'Icon of the Seas', line: 'royal_caribbean', entered: 2024, fareFactor: 1.9, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['rcl_miami_east', 'rcl_miami_west'] }] },
  'wonder-of-the-seas': {
    name: 'Wonder of the Seas', line: 'royal_caribbean', entered: 2022, fareFactor: 1.3,
    deployments: [
      { months: WINTER, weekday: 'sun', legs: ['rcl_canaveral_east', 'rcl_canaveral_west'] },
      { months: [5, 6, 7, 8, 9, 10], weekday: 'sun', legs: ['rcl_barcelona_west_med'] },
    ],
  },
  'utopia-of-the-seas': { name: 'Utopia of the Seas', line: 'royal_caribbean', entered: 2024, fareFactor: 1.25, deployments: [{ months: ALL_YEAR, weekday: 'fri', legs: ['rcl_canaveral_bahamas_3', 'rcl_canaveral_bahamas_4'] }] },
  'ovation-of-the-seas': {
    name: 'Ovation of the Seas', line: 'royal_caribbean', entered: 2016, fareFactor: 1.1,
    deployments: [
      { months: ALASKA, weekday: 'fri', legs: ['alaska_seattle_dawes'] },
      { months: AUSTRAL_SUMMER, weekday: 'fri', legs: ['rcl_sydney_south_pacific_10', 'rcl_sydney_moreton_4'] },
    ],
  },
  'spectrum-of-the-seas': { name: 'Spectrum of the Seas', line: 'royal_caribbean', entered: 2019, fareFactor: 1.1, deployments: [{ months: ALL_YEAR, weekday: 'fri', legs: ['rcl_singapore_penang_3', 'rcl_singapore_phuket_4'] }] },
  'navigator-of-the-seas': { name: 'Navigator of the Seas', line: 'royal_caribbean', entered: 2002, fareFactor: 0.95, deployments: [{ months: ALL_YEAR, weekday: 'fri', legs: ['rcl_la_ensenada_3', 'rcl_la_catalina_4'] }] },

  // ---- Carnival Cruise Line
  'carnival-celebration': { name: 'Carnival Celebration', line: 'carnival', entered: 2022, fareFactor: 1.1, deployments: [{ months: ALL_YEAR, weekday: 'sun', legs: ['ccl_miami_east', 'ccl_miami_west'] }] },
  'mardi-gras': { name: 'Mardi Gras', line: 'carnival', entered: 2021, fareFactor: 1.1, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['ccl_canaveral_east', 'ccl_canaveral_west'] }] },
  'carnival-jubilee': { name: 'Carnival Jubilee', line: 'carnival', entered: 2023, fareFactor: 1.05, deployments: [{ months: ALL_YEAR, weekday: 'sun', legs: ['ccl_galveston_a', 'ccl_galveston_b'] }] },
  'carnival-panorama': { name: 'Carnival Panorama', line: 'carnival', entered: 2019, fareFactor: 1.0, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['mexriv_long_beach'] }] },
  'carnival-encounter': { name: 'Carnival Encounter', line: 'carnival', entered: 2001, fareFactor: 0.9, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['ccl_brisbane_pacific_7'] }] },

  // ---- Norwegian Cruise Line
  'norwegian-prima': {
    name: 'Norwegian Prima', line: 'norwegian', entered: 2022, fareFactor: 1.2,
    deployments: [
      { months: WINTER, weekday: 'sun', legs: ['ncl_galveston_west'] },
      { months: NORTHERN_SUMMER, weekday: 'sat', legs: ['ncl_copenhagen_baltic'] },
    ],
  },
  'norwegian-epic': {
    name: 'Norwegian Epic', line: 'norwegian', entered: 2010, fareFactor: 0.95,
    deployments: [
      { months: WINTER, weekday: 'sat', legs: ['ncl_canaveral_east', 'ncl_canaveral_west'] },
      { months: MED, weekday: 'sat', legs: ['med_barcelona_to_rome', 'med_rome_to_barcelona'] },
    ],
  },
  'norwegian-bliss': {
    name: 'Norwegian Bliss', line: 'norwegian', entered: 2018, fareFactor: 1.1,
    deployments: [
      { months: ALASKA, weekday: 'sat', legs: ['alaska_seattle_glacier_bay'] },
      { months: WINTER, weekday: 'sun', legs: ['mexriv_los_angeles'] },
    ],
  },
  'pride-of-america': { name: 'Pride of America', line: 'norwegian', entered: 2005, fareFactor: 1.0, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['hawaii_pride'] }] },

  // ---- MSC Cruises
  'msc-world-america': { name: 'MSC World America', line: 'msc', entered: 2025, fareFactor: 1.15, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['msc_miami_east', 'msc_miami_west'] }] },
  'msc-world-europa': { name: 'MSC World Europa', line: 'msc', entered: 2022, fareFactor: 1.1, deployments: [{ months: [4, 5, 6, 7, 8, 9, 10, 11], weekday: 'sat', legs: ['msc_barcelona_west_med'] }] },
  'msc-euribia': { name: 'MSC Euribia', line: 'msc', entered: 2023, fareFactor: 1.0, deployments: [{ months: NORTHERN_SUMMER, weekday: 'sat', legs: ['msc_kiel_fjords'] }] },

  // ---- Celebrity Cruises
  'celebrity-beyond': {
    name: 'Celebrity Beyond', line: 'celebrity', entered: 2022, fareFactor: 1.15,
    deployments: [
      { months: WINTER, weekday: 'sat', legs: ['cel_fll_east', 'cel_fll_west'] },
      { months: MED, weekday: 'sat', legs: ['med_rome_to_athens', 'med_athens_to_rome'] },
    ],
  },
  'celebrity-edge': { name: 'Celebrity Edge', line: 'celebrity', entered: 2018, fareFactor: 1.1, deployments: [{ months: ALASKA, weekday: 'fri', legs: ['alaska_seattle_edge'] }] },
  'celebrity-solstice': { name: 'Celebrity Solstice', line: 'celebrity', entered: 2008, fareFactor: 0.95, deployments: [{ months: AUSTRAL_SUMMER, weekday: 'sat', legs: ['cel_sydney_new_zealand_14'] }] },

  // ---- Princess Cruises
  'sun-princess': {
    name: 'Sun Princess', line: 'princess', entered: 2024, fareFactor: 1.15,
    deployments: [
      { months: WINTER, weekday: 'sat', legs: ['pcl_fll_east', 'pcl_fll_west'] },
      { months: MED, weekday: 'sat', legs: ['med_barcelona_to_rome', 'med_rome_to_barcelona'] },
    ],
  },
  'discovery-princess': {
    name: 'Discovery Princess', line: 'princess', entered: 2022, fareFactor: 1.05,
    deployments: [
      { months: ALASKA, weekday: 'sat', legs: ['alaska_seattle_inside_passage'] },
      { months: WINTER, weekday: 'sat', legs: ['mexriv_los_angeles'] },
    ],
  },
  'diamond-princess': { name: 'Diamond Princess', line: 'princess', entered: 2004, fareFactor: 0.9, deployments: [{ months: [3, 4, 5, 6, 7, 8, 9, 10, 11], weekday: 'mon', legs: ['pcl_yokohama_south', 'pcl_yokohama_korea'] }] },

  // ---- Holland America Line
  'nieuw-amsterdam': {
    name: 'Nieuw Amsterdam', line: 'holland_america', entered: 2010, fareFactor: 0.95,
    deployments: [
      { months: ALASKA, weekday: 'sun', legs: ['alaska_seattle_sitka'] },
      { months: WINTER, weekday: 'sun', legs: ['hal_fll_east', 'hal_fll_west'] },
    ],
  },
  koningsdam: {
    name: 'Koningsdam', line: 'holland_america', entered: 2016, fareFactor: 1.0,
    deployments: [
      { months: ALASKA, weekday: 'sat', legs: ['alaska_vancouver_glacier_bay'] },
      { months: WINTER, weekday: 'sat', legs: ['mexriv_san_diego'] },
    ],
  },
  rotterdam: { name: 'Rotterdam', line: 'holland_america', entered: 2021, fareFactor: 1.05, deployments: [{ months: NORTHERN_SUMMER, weekday: 'sat', legs: ['hal_rotterdam_fjords'] }] },

  // ---- Disney Cruise Line
  'disney-wish': { name: 'Disney Wish', line: 'disney', entered: 2022, fareFactor: 1.2, deployments: [{ months: ALL_YEAR, weekday: 'fri', legs: ['dcl_canaveral_bahamas_3', 'dcl_canaveral_bahamas_4'] }] },
  'disney-treasure': { name: 'Disney Treasure', line: 'disney', entered: 2024, fareFactor: 1.25, deployments: [{ months: ALL_YEAR, weekday: 'sat', legs: ['dcl_canaveral_east', 'dcl_canaveral_west'] }] },
  'disney-wonder': { name: 'Disney Wonder', line: 'disney', entered: 1999, fareFactor: 0.95, deployments: [{ months: ALASKA, weekday: 'mon', legs: ['alaska_vancouver_dawes'] }] },

  // ---- Viking
  'viking-sea': { name: 'Viking Sea', line: 'viking', entered: 2016, fareFactor: 1.0, deployments: [{ months: MED, weekday: 'sat', legs: ['viking_barcelona_to_rome', 'viking_rome_to_barcelona'] }] },
  'viking-venus': { name: 'Viking Venus', line: 'viking', entered: 2021, fareFactor: 1.0, deployments: [{ months: [5, 6, 7, 8], weekday: 'thu', legs: ['viking_homelands_east_west', 'viking_homelands_west_east'] }] },

  // ---- Virgin Voyages
  'scarlet-lady': { name: 'Scarlet Lady', line: 'virgin', entered: 2021, fareFactor: 1.0, deployments: [{ months: ALL_YEAR, weekday: 'mon', legs: ['vv_miami_dominican', 'vv_miami_cozumel', 'vv_miami_riviera'] }] },
  'resilient-lady': { name: 'Resilient Lady', line: 'virgin', entered: 2023, fareFactor: 1.0, deployments: [{ months: MED, weekday: 'sun', legs: ['vv_athens_greek_isles'] }] },

  // ---- Cunard
  'queen-mary-2': { name: 'Queen Mary 2', line: 'cunard', entered: 2004, fareFactor: 1.1, deployments: [{ months: [4, 5, 6, 7, 8, 9, 10, 11, 12], weekday: 'sun', legs: ['qm2_westbound', 'qm2_eastbound'] }] },
  'queen-anne': { name: 'Queen Anne', line: 'cunard', entered: 2024, fareFactor: 1.1, deployments: [{ months: NORTHERN_SUMMER, weekday: 'sun', legs: ['cunard_southampton_fjords'] }] },
} as const satisfies Record<string, Ship>;

export type ShipId = keyof typeof SHIPS;
