import type { CruisePort } from '../model.js';

// Cruise ports, private islands and scenic-cruising areas the built-in itineraries use.
//
// As of: 2025-06-30.
// Sources: the cruise lines' published port lists and itineraries (Royal Caribbean,
// Carnival, NCL, MSC, Celebrity, Princess, Holland America, Disney, Viking, Virgin
// Voyages, Cunard); coordinates from OpenStreetMap / Wikipedia, rounded to about
// 1 km (the cruise terminal or anchorage where known, else the town). Gateway
// airports are the usual fly-in airport, checked against tools/places (OurAirports);
// a port's own code is its UN/LOCODE (UNECE), e.g. GBSOU for Southampton, whose
// fly-in airport is LHR.

export const PORTS = {
  // ---- North American home ports
  miami: { name: 'Miami, Florida', country: 'US', lat: 25.778, lon: -80.175, gateway: 'MIA', locode: 'USMIA' },
  fort_lauderdale: { name: 'Fort Lauderdale (Port Everglades), Florida', country: 'US', lat: 26.092, lon: -80.118, gateway: 'FLL', locode: 'USPEF' },
  port_canaveral: { name: 'Port Canaveral (Orlando), Florida', country: 'US', lat: 28.41, lon: -80.62, gateway: 'MCO', locode: 'USPCV' },
  galveston: { name: 'Galveston, Texas', country: 'US', lat: 29.31, lon: -94.792, gateway: 'HOU', locode: 'USGLS' },
  los_angeles: { name: 'Los Angeles (San Pedro), California', country: 'US', lat: 33.737, lon: -118.276, gateway: 'LAX', locode: 'USLAX' },
  long_beach: { name: 'Long Beach, California', country: 'US', lat: 33.752, lon: -118.19, gateway: 'LGB', locode: 'USLGB' },
  san_diego: { name: 'San Diego, California', country: 'US', lat: 32.716, lon: -117.174, gateway: 'SAN', locode: 'USSAN' },
  seattle: { name: 'Seattle, Washington', country: 'US', lat: 47.62, lon: -122.36, gateway: 'SEA', locode: 'USSEA' },
  vancouver: { name: 'Vancouver (Canada Place), British Columbia', country: 'CA', lat: 49.289, lon: -123.111, gateway: 'YVR', locode: 'CAVAN' },
  new_york: { name: 'New York (Brooklyn Cruise Terminal)', country: 'US', lat: 40.683, lon: -74.012, gateway: 'JFK', locode: 'USNYC' },
  honolulu: { name: 'Honolulu, Oahu', country: 'US', lat: 21.307, lon: -157.866, gateway: 'HNL', locode: 'USHNL' },

  // ---- Caribbean and Bahamas
  cozumel: { name: 'Cozumel', country: 'MX', lat: 20.48, lon: -86.97 },
  costa_maya: { name: 'Costa Maya', country: 'MX', lat: 18.714, lon: -87.708 },
  roatan: { name: 'Roatán (Coxen Hole)', country: 'HN', lat: 16.312, lon: -86.557 },
  mahogany_bay: { name: 'Roatán (Mahogany Bay)', country: 'HN', lat: 16.33, lon: -86.5 },
  belize_city: { name: 'Belize City', country: 'BZ', lat: 17.492, lon: -88.186 },
  harvest_caye: { name: 'Harvest Caye', country: 'BZ', lat: 16.46, lon: -88.35 },
  george_town: { name: 'George Town, Grand Cayman', country: 'KY', lat: 19.295, lon: -81.383 },
  cococay: { name: 'Perfect Day at CocoCay', country: 'BS', lat: 25.816, lon: -77.94 },
  nassau: { name: 'Nassau', country: 'BS', lat: 25.08, lon: -77.343 },
  st_thomas: { name: 'Charlotte Amalie, St. Thomas', country: 'VI', lat: 18.335, lon: -64.929 },
  st_maarten: { name: 'Philipsburg, St. Maarten', country: 'SX', lat: 18.017, lon: -63.046 },
  st_kitts: { name: 'Basseterre, St. Kitts', country: 'KN', lat: 17.295, lon: -62.722 },
  san_juan: { name: 'San Juan', country: 'PR', lat: 18.463, lon: -66.11 },
  amber_cove: { name: 'Amber Cove', country: 'DO', lat: 19.81, lon: -70.78 },
  puerto_plata: { name: 'Puerto Plata (Taíno Bay)', country: 'DO', lat: 19.8, lon: -70.69 },
  grand_turk: { name: 'Grand Turk', country: 'TC', lat: 21.42, lon: -71.15 },
  tortola: { name: 'Road Town, Tortola', country: 'VG', lat: 18.425, lon: -64.617 },
  half_moon_cay: { name: 'RelaxAway, Half Moon Cay', country: 'BS', lat: 24.575, lon: -75.94 },
  celebration_key: { name: 'Celebration Key, Grand Bahama', country: 'BS', lat: 26.49, lon: -78.72 },
  ocean_cay: { name: 'Ocean Cay MSC Marine Reserve', country: 'BS', lat: 25.42, lon: -79.21 },
  castaway_cay: { name: 'Castaway Cay', country: 'BS', lat: 26.085, lon: -77.54 },
  lookout_cay: { name: 'Disney Lookout Cay at Lighthouse Point, Eleuthera', country: 'BS', lat: 24.61, lon: -76.15 },
  princess_cays: { name: 'Princess Cays, Eleuthera', country: 'BS', lat: 24.66, lon: -76.18 },
  great_stirrup_cay: { name: 'Great Stirrup Cay', country: 'BS', lat: 25.825, lon: -77.905 },
  bimini: { name: 'The Beach Club at Bimini', country: 'BS', lat: 25.76, lon: -79.27 },

  // ---- Mexican Riviera and Baja
  ensenada: { name: 'Ensenada', country: 'MX', lat: 31.86, lon: -116.63 },
  catalina: { name: 'Avalon, Catalina Island', country: 'US', lat: 33.345, lon: -118.326 },
  puerto_vallarta: { name: 'Puerto Vallarta', country: 'MX', lat: 20.65, lon: -105.24 },
  mazatlan: { name: 'Mazatlán', country: 'MX', lat: 23.19, lon: -106.42 },
  cabo_san_lucas: { name: 'Cabo San Lucas', country: 'MX', lat: 22.88, lon: -109.91 },

  // ---- Alaska and British Columbia
  juneau: { name: 'Juneau', country: 'US', lat: 58.3, lon: -134.41 },
  skagway: { name: 'Skagway', country: 'US', lat: 59.45, lon: -135.32 },
  ketchikan: { name: 'Ketchikan', country: 'US', lat: 55.34, lon: -131.64 },
  sitka: { name: 'Sitka', country: 'US', lat: 57.05, lon: -135.33 },
  glacier_bay: { name: 'Glacier Bay National Park', country: 'US', lat: 58.75, lon: -136.5, scenic: true },
  endicott_arm: { name: 'Endicott Arm & Dawes Glacier', country: 'US', lat: 57.55, lon: -133.15, scenic: true },
  victoria: { name: 'Victoria, British Columbia', country: 'CA', lat: 48.415, lon: -123.385 },

  // ---- Hawaii
  kahului: { name: 'Kahului, Maui', country: 'US', lat: 20.895, lon: -156.47 },
  hilo: { name: 'Hilo, Hawaii Island', country: 'US', lat: 19.73, lon: -155.06 },
  kona: { name: 'Kailua-Kona, Hawaii Island', country: 'US', lat: 19.64, lon: -156.0 },
  nawiliwili: { name: 'Nawiliwili, Kauai', country: 'US', lat: 21.955, lon: -159.355 },

  // ---- Mediterranean
  barcelona: { name: 'Barcelona', country: 'ES', lat: 41.37, lon: 2.182, gateway: 'BCN', locode: 'ESBCN' },
  civitavecchia: { name: 'Civitavecchia (Rome)', country: 'IT', lat: 42.093, lon: 11.789, gateway: 'FCO', locode: 'ITCVV' },
  piraeus: { name: 'Piraeus (Athens)', country: 'GR', lat: 37.942, lon: 23.64, gateway: 'ATH', locode: 'GRPIR' },
  palma: { name: 'Palma de Mallorca', country: 'ES', lat: 39.555, lon: 2.63 },
  ibiza: { name: 'Ibiza', country: 'ES', lat: 38.91, lon: 1.44 },
  valencia: { name: 'Valencia', country: 'ES', lat: 39.45, lon: -0.32 },
  marseille: { name: 'Marseille (Provence)', country: 'FR', lat: 43.33, lon: 5.35 },
  cannes: { name: 'Cannes', country: 'FR', lat: 43.55, lon: 7.02 },
  ajaccio: { name: 'Ajaccio, Corsica', country: 'FR', lat: 41.92, lon: 8.74 },
  monte_carlo: { name: 'Monte Carlo', country: 'MC', lat: 43.735, lon: 7.425 },
  genoa: { name: 'Genoa', country: 'IT', lat: 44.41, lon: 8.92 },
  la_spezia: { name: 'La Spezia (Florence/Pisa)', country: 'IT', lat: 44.1, lon: 9.83 },
  livorno: { name: 'Livorno (Florence/Pisa)', country: 'IT', lat: 43.55, lon: 10.3 },
  naples: { name: 'Naples', country: 'IT', lat: 40.84, lon: 14.26 },
  messina: { name: 'Messina, Sicily', country: 'IT', lat: 38.19, lon: 15.56 },
  valletta: { name: 'Valletta', country: 'MT', lat: 35.895, lon: 14.515 },
  kotor: { name: 'Kotor', country: 'ME', lat: 42.42, lon: 18.77 },
  corfu: { name: 'Corfu', country: 'GR', lat: 39.62, lon: 19.92 },
  mykonos: { name: 'Mykonos', country: 'GR', lat: 37.46, lon: 25.33 },
  santorini: { name: 'Santorini', country: 'GR', lat: 36.42, lon: 25.43 },
  chania: { name: 'Chania (Souda Bay), Crete', country: 'GR', lat: 35.49, lon: 24.07 },
  rhodes: { name: 'Rhodes', country: 'GR', lat: 36.45, lon: 28.23 },
  kusadasi: { name: 'Kuşadası (Ephesus)', country: 'TR', lat: 37.86, lon: 27.26 },
  bodrum: { name: 'Bodrum', country: 'TR', lat: 37.03, lon: 27.42 },

  // ---- Northern Europe
  southampton: { name: 'Southampton', country: 'GB', lat: 50.897, lon: -1.405, gateway: 'LHR', locode: 'GBSOU' },
  rotterdam: { name: 'Rotterdam', country: 'NL', lat: 51.907, lon: 4.486, gateway: 'AMS', locode: 'NLRTM' },
  kiel: { name: 'Kiel', country: 'DE', lat: 54.318, lon: 10.143, gateway: 'HAM', locode: 'DEKEL' },
  copenhagen: { name: 'Copenhagen', country: 'DK', lat: 55.71, lon: 12.61, gateway: 'CPH', locode: 'DKCPH' },
  stockholm: { name: 'Stockholm', country: 'SE', lat: 59.32, lon: 18.09, gateway: 'ARN', locode: 'SESTO' },
  bergen: { name: 'Bergen', country: 'NO', lat: 60.397, lon: 5.317, gateway: 'BGO', locode: 'NOBGO' },
  oslo: { name: 'Oslo', country: 'NO', lat: 59.905, lon: 10.735 },
  kristiansand: { name: 'Kristiansand', country: 'NO', lat: 58.145, lon: 7.99 },
  stavanger: { name: 'Stavanger', country: 'NO', lat: 58.97, lon: 5.73 },
  eidfjord: { name: 'Eidfjord', country: 'NO', lat: 60.465, lon: 7.07 },
  flam: { name: 'Flåm', country: 'NO', lat: 60.863, lon: 7.113 },
  olden: { name: 'Olden', country: 'NO', lat: 61.84, lon: 6.81 },
  alesund: { name: 'Ålesund', country: 'NO', lat: 62.47, lon: 6.15 },
  geiranger: { name: 'Geiranger', country: 'NO', lat: 62.1, lon: 7.21 },
  helsinki: { name: 'Helsinki', country: 'FI', lat: 60.16, lon: 24.95 },
  tallinn: { name: 'Tallinn', country: 'EE', lat: 59.445, lon: 24.77 },
  warnemunde: { name: 'Warnemünde (Berlin)', country: 'DE', lat: 54.18, lon: 12.09 },
  gdynia: { name: 'Gdynia (Gdańsk)', country: 'PL', lat: 54.53, lon: 18.55 },

  // ---- Asia
  singapore: { name: 'Singapore (Marina Bay Cruise Centre)', country: 'SG', lat: 1.267, lon: 103.866, gateway: 'SIN', locode: 'SGSIN' },
  yokohama: { name: 'Yokohama (Tokyo)', country: 'JP', lat: 35.452, lon: 139.645, gateway: 'HND', locode: 'JPYOK' },
  penang: { name: 'Penang (George Town)', country: 'MY', lat: 5.415, lon: 100.345 },
  phuket: { name: 'Phuket (Patong Bay)', country: 'TH', lat: 7.89, lon: 98.29 },
  shimizu: { name: 'Shimizu (Mount Fuji)', country: 'JP', lat: 35.01, lon: 138.5 },
  kobe: { name: 'Kobe', country: 'JP', lat: 34.68, lon: 135.19 },
  kochi: { name: 'Kochi', country: 'JP', lat: 33.5, lon: 133.57 },
  kagoshima: { name: 'Kagoshima', country: 'JP', lat: 31.59, lon: 130.56 },
  nagasaki: { name: 'Nagasaki', country: 'JP', lat: 32.74, lon: 129.87 },
  busan: { name: 'Busan', country: 'KR', lat: 35.08, lon: 129.06 },

  // ---- Australia, New Zealand and the South Pacific
  sydney: { name: 'Sydney (Circular Quay)', country: 'AU', lat: -33.858, lon: 151.21, gateway: 'SYD', locode: 'AUSYD' },
  brisbane: { name: 'Brisbane', country: 'AU', lat: -27.378, lon: 153.17, gateway: 'BNE', locode: 'AUBNE' },
  moreton_island: { name: 'Moreton Island (Tangalooma)', country: 'AU', lat: -27.18, lon: 153.37 },
  noumea: { name: 'Nouméa', country: 'NC', lat: -22.27, lon: 166.44 },
  lifou: { name: 'Lifou', country: 'NC', lat: -20.78, lon: 167.12 },
  isle_of_pines: { name: 'Isle of Pines', country: 'NC', lat: -22.66, lon: 167.44 },
  mystery_island: { name: 'Mystery Island', country: 'VU', lat: -20.25, lon: 169.78 },
  port_vila: { name: 'Port Vila', country: 'VU', lat: -17.74, lon: 168.31 },
  milford_sound: { name: 'Milford Sound, Fiordland', country: 'NZ', lat: -44.64, lon: 167.9, scenic: true },
  dunedin: { name: 'Dunedin (Port Chalmers)', country: 'NZ', lat: -45.81, lon: 170.62 },
  akaroa: { name: 'Akaroa', country: 'NZ', lat: -43.8, lon: 172.97 },
  wellington: { name: 'Wellington', country: 'NZ', lat: -41.28, lon: 174.78 },
  napier: { name: 'Napier', country: 'NZ', lat: -39.48, lon: 176.92 },
  tauranga: { name: 'Tauranga', country: 'NZ', lat: -37.64, lon: 176.18 },
  auckland: { name: 'Auckland', country: 'NZ', lat: -36.84, lon: 174.77 },
  bay_of_islands: { name: 'Bay of Islands', country: 'NZ', lat: -35.26, lon: 174.12 },
} as const satisfies Record<string, CruisePort>;

export type PortId = keyof typeof PORTS;

const LOOKUP: Readonly<Record<PortId, CruisePort>> = PORTS;

/** A port as its plain shape, for code that reads any port's optional fields. */
export function portOf(id: PortId): CruisePort {
  return LOOKUP[id];
}
