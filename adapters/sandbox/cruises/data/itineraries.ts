import type { ItineraryTemplate } from '../model.js';
import type { PortId } from './ports.js';

// Itineraries the built-in ships sail, day by day ('sea' = a day at sea). Each is a
// representative version of a route the line publicly sells from that home port;
// the exact port order of a given sailing varies from year to year.
//
// As of: 2025-06-30.
// Sources: the lines' published itineraries (royalcaribbean.com, carnival.com,
// ncl.com, msccruises.com, celebritycruises.com, princess.com, hollandamerica.com,
// disneycruise.disney.go.com, vikingcruises.com, virginvoyages.com, cunard.com).
// Round trips from US ports call at a foreign port (Victoria, Ensenada, Cozumel...)
// as the US Passenger Vessel Services Act requires of foreign-flagged ships;
// Pride of America, US-flagged, sails Hawaii without one.

type Stop = PortId | 'sea';
type Template = ItineraryTemplate & { days: readonly Stop[] };

export const ITINERARIES = {
  // ---- Caribbean (7 nights unless said)
  rcl_miami_east: { region: 'caribbean', title: 'Eastern Caribbean & Perfect Day', days: ['miami', 'sea', 'sea', 'st_kitts', 'st_thomas', 'sea', 'cococay', 'miami'] },
  rcl_miami_west: { region: 'caribbean', title: 'Western Caribbean & Perfect Day', days: ['miami', 'sea', 'roatan', 'costa_maya', 'cozumel', 'sea', 'cococay', 'miami'] },
  rcl_canaveral_east: { region: 'caribbean', title: 'Eastern Caribbean & Perfect Day', days: ['port_canaveral', 'sea', 'sea', 'st_maarten', 'st_thomas', 'sea', 'cococay', 'port_canaveral'] },
  rcl_canaveral_west: { region: 'caribbean', title: 'Western Caribbean & Perfect Day', days: ['port_canaveral', 'cococay', 'sea', 'cozumel', 'roatan', 'costa_maya', 'sea', 'port_canaveral'] },
  ccl_miami_east: { region: 'caribbean', title: 'Eastern Caribbean', days: ['miami', 'sea', 'amber_cove', 'san_juan', 'st_thomas', 'sea', 'celebration_key', 'miami'] },
  ccl_miami_west: { region: 'caribbean', title: 'Western Caribbean', days: ['miami', 'sea', 'mahogany_bay', 'costa_maya', 'cozumel', 'sea', 'celebration_key', 'miami'] },
  ccl_canaveral_east: { region: 'caribbean', title: 'Eastern Caribbean', days: ['port_canaveral', 'sea', 'sea', 'san_juan', 'amber_cove', 'grand_turk', 'sea', 'port_canaveral'] },
  ccl_canaveral_west: { region: 'caribbean', title: 'Western Caribbean', days: ['port_canaveral', 'sea', 'mahogany_bay', 'costa_maya', 'cozumel', 'sea', 'celebration_key', 'port_canaveral'] },
  ccl_galveston_a: { region: 'caribbean', title: 'Western Caribbean from Galveston', days: ['galveston', 'sea', 'sea', 'mahogany_bay', 'belize_city', 'cozumel', 'sea', 'galveston'] },
  ccl_galveston_b: { region: 'caribbean', title: 'Western Caribbean from Galveston', days: ['galveston', 'sea', 'sea', 'mahogany_bay', 'costa_maya', 'cozumel', 'sea', 'galveston'] },
  ncl_canaveral_east: { region: 'caribbean', title: 'Eastern Caribbean: St. Thomas & Tortola', days: ['port_canaveral', 'sea', 'sea', 'st_thomas', 'tortola', 'sea', 'great_stirrup_cay', 'port_canaveral'] },
  ncl_canaveral_west: { region: 'caribbean', title: 'Western Caribbean: Cozumel, Roatán & Harvest Caye', days: ['port_canaveral', 'sea', 'cozumel', 'roatan', 'harvest_caye', 'sea', 'great_stirrup_cay', 'port_canaveral'] },
  ncl_galveston_west: { region: 'caribbean', title: 'Western Caribbean from Galveston', days: ['galveston', 'sea', 'sea', 'harvest_caye', 'roatan', 'cozumel', 'sea', 'galveston'] },
  msc_miami_east: { region: 'caribbean', title: 'Eastern Caribbean & Ocean Cay', days: ['miami', 'sea', 'sea', 'san_juan', 'puerto_plata', 'sea', 'ocean_cay', 'miami'] },
  msc_miami_west: { region: 'caribbean', title: 'Western Caribbean & Ocean Cay', days: ['miami', 'sea', 'cozumel', 'roatan', 'costa_maya', 'sea', 'ocean_cay', 'miami'] },
  cel_fll_east: { region: 'caribbean', title: 'Eastern Caribbean', days: ['fort_lauderdale', 'sea', 'sea', 'st_maarten', 'tortola', 'san_juan', 'sea', 'fort_lauderdale'] },
  cel_fll_west: { region: 'caribbean', title: 'Western Caribbean', days: ['fort_lauderdale', 'sea', 'george_town', 'costa_maya', 'cozumel', 'sea', 'sea', 'fort_lauderdale'] },
  pcl_fll_east: { region: 'caribbean', title: 'Eastern Caribbean & Princess Cays', days: ['fort_lauderdale', 'princess_cays', 'sea', 'st_thomas', 'st_maarten', 'sea', 'sea', 'fort_lauderdale'] },
  pcl_fll_west: { region: 'caribbean', title: 'Western Caribbean & Princess Cays', days: ['fort_lauderdale', 'sea', 'roatan', 'belize_city', 'cozumel', 'sea', 'princess_cays', 'fort_lauderdale'] },
  hal_fll_east: { region: 'caribbean', title: 'Eastern Caribbean & Half Moon Cay', days: ['fort_lauderdale', 'half_moon_cay', 'sea', 'grand_turk', 'san_juan', 'sea', 'sea', 'fort_lauderdale'] },
  hal_fll_west: { region: 'caribbean', title: 'Western Caribbean & Half Moon Cay', days: ['fort_lauderdale', 'half_moon_cay', 'sea', 'george_town', 'costa_maya', 'cozumel', 'sea', 'fort_lauderdale'] },
  dcl_canaveral_east: { region: 'caribbean', title: 'Eastern Caribbean', days: ['port_canaveral', 'sea', 'sea', 'tortola', 'st_thomas', 'sea', 'castaway_cay', 'port_canaveral'] },
  dcl_canaveral_west: { region: 'caribbean', title: 'Western Caribbean', days: ['port_canaveral', 'lookout_cay', 'sea', 'cozumel', 'george_town', 'sea', 'castaway_cay', 'port_canaveral'] },
  vv_miami_dominican: { region: 'caribbean', title: 'Dominican Daze (5 nights)', days: ['miami', 'sea', 'puerto_plata', 'sea', 'bimini', 'miami'] },
  vv_miami_cozumel: { region: 'caribbean', title: 'Mexican Sol (4 nights)', days: ['miami', 'sea', 'cozumel', 'sea', 'miami'] },
  vv_miami_riviera: { region: 'caribbean', title: 'Riviera Maya Vibes (5 nights)', days: ['miami', 'bimini', 'sea', 'costa_maya', 'sea', 'miami'] },

  // ---- Bahamas short cruises
  rcl_canaveral_bahamas_3: { region: 'bahamas', title: '3 Night Bahamas & Perfect Day', days: ['port_canaveral', 'nassau', 'cococay', 'port_canaveral'] },
  rcl_canaveral_bahamas_4: { region: 'bahamas', title: '4 Night Bahamas & Perfect Day', days: ['port_canaveral', 'cococay', 'nassau', 'sea', 'port_canaveral'] },
  dcl_canaveral_bahamas_3: { region: 'bahamas', title: '3 Night Bahamian Cruise', days: ['port_canaveral', 'nassau', 'castaway_cay', 'port_canaveral'] },
  dcl_canaveral_bahamas_4: { region: 'bahamas', title: '4 Night Bahamian Cruise', days: ['port_canaveral', 'lookout_cay', 'nassau', 'castaway_cay', 'port_canaveral'] },

  // ---- Mexican Riviera and Baja
  rcl_la_ensenada_3: { region: 'mexican_riviera', title: '3 Night Ensenada', days: ['los_angeles', 'sea', 'ensenada', 'los_angeles'] },
  rcl_la_catalina_4: { region: 'mexican_riviera', title: '4 Night Catalina & Ensenada', days: ['los_angeles', 'catalina', 'sea', 'ensenada', 'los_angeles'] },
  mexriv_long_beach: { region: 'mexican_riviera', title: '7 Day Mexican Riviera', days: ['long_beach', 'sea', 'sea', 'puerto_vallarta', 'mazatlan', 'cabo_san_lucas', 'sea', 'long_beach'] },
  mexriv_los_angeles: { region: 'mexican_riviera', title: 'Mexican Riviera', days: ['los_angeles', 'sea', 'sea', 'puerto_vallarta', 'mazatlan', 'cabo_san_lucas', 'sea', 'los_angeles'] },
  mexriv_san_diego: { region: 'mexican_riviera', title: 'Mexican Riviera', days: ['san_diego', 'sea', 'sea', 'puerto_vallarta', 'mazatlan', 'cabo_san_lucas', 'sea', 'san_diego'] },

  // ---- Alaska (7 nights; round trips from Seattle call at Victoria)
  alaska_seattle_dawes: { region: 'alaska', title: 'Alaskan Glaciers & Dawes Glacier', days: ['seattle', 'sea', 'juneau', 'skagway', 'endicott_arm', 'ketchikan', 'victoria', 'seattle'] },
  alaska_seattle_glacier_bay: { region: 'alaska', title: 'Alaska: Glacier Bay, Juneau & Skagway', days: ['seattle', 'sea', 'juneau', 'skagway', 'glacier_bay', 'ketchikan', 'victoria', 'seattle'] },
  alaska_seattle_inside_passage: { region: 'alaska', title: 'Inside Passage', days: ['seattle', 'sea', 'juneau', 'skagway', 'glacier_bay', 'sea', 'victoria', 'seattle'] },
  alaska_seattle_sitka: { region: 'alaska', title: 'Alaskan Explorer: Glacier Bay & Sitka', days: ['seattle', 'sea', 'juneau', 'glacier_bay', 'sitka', 'ketchikan', 'victoria', 'seattle'] },
  alaska_seattle_edge: { region: 'alaska', title: 'Alaska Dawes Glacier', days: ['seattle', 'sea', 'endicott_arm', 'juneau', 'skagway', 'ketchikan', 'victoria', 'seattle'] },
  alaska_vancouver_glacier_bay: { region: 'alaska', title: 'Alaskan Explorer from Vancouver', days: ['vancouver', 'sea', 'juneau', 'skagway', 'glacier_bay', 'ketchikan', 'sea', 'vancouver'] },
  alaska_vancouver_dawes: { region: 'alaska', title: 'Alaskan Cruise from Vancouver', days: ['vancouver', 'sea', 'juneau', 'skagway', 'endicott_arm', 'ketchikan', 'sea', 'vancouver'] },

  // ---- Hawaii
  hawaii_pride: { region: 'hawaii', title: 'Hawaii: 4 Islands', days: ['honolulu', 'kahului', 'kahului', 'hilo', 'kona', 'nawiliwili', 'nawiliwili', 'honolulu'] },

  // ---- Mediterranean
  rcl_barcelona_west_med: { region: 'mediterranean', title: 'Western Mediterranean', days: ['barcelona', 'palma', 'marseille', 'la_spezia', 'civitavecchia', 'naples', 'sea', 'barcelona'] },
  msc_barcelona_west_med: { region: 'mediterranean', title: 'Mediterranean: France, Italy & Malta', days: ['barcelona', 'marseille', 'genoa', 'naples', 'messina', 'valletta', 'sea', 'barcelona'] },
  med_barcelona_to_rome: { region: 'mediterranean', title: 'Western Mediterranean: Barcelona to Rome', days: ['barcelona', 'palma', 'sea', 'ajaccio', 'cannes', 'la_spezia', 'naples', 'civitavecchia'] },
  med_rome_to_barcelona: { region: 'mediterranean', title: 'Western Mediterranean: Rome to Barcelona', days: ['civitavecchia', 'naples', 'messina', 'valletta', 'sea', 'ibiza', 'valencia', 'barcelona'] },
  med_rome_to_athens: { region: 'mediterranean', title: 'Italy & Greek Isles: Rome to Athens', days: ['civitavecchia', 'naples', 'messina', 'sea', 'santorini', 'mykonos', 'kusadasi', 'piraeus'] },
  med_athens_to_rome: { region: 'mediterranean', title: 'Greek Isles & Adriatic: Athens to Rome', days: ['piraeus', 'santorini', 'mykonos', 'sea', 'corfu', 'kotor', 'sea', 'civitavecchia'] },
  vv_athens_greek_isles: { region: 'mediterranean', title: 'Greek Island Glow', days: ['piraeus', 'mykonos', 'kusadasi', 'bodrum', 'rhodes', 'santorini', 'chania', 'piraeus'] },
  viking_barcelona_to_rome: { region: 'mediterranean', title: 'Iconic Western Mediterranean: Barcelona to Rome', days: ['barcelona', 'barcelona', 'palma', 'sea', 'marseille', 'monte_carlo', 'livorno', 'civitavecchia'] },
  viking_rome_to_barcelona: { region: 'mediterranean', title: 'Iconic Western Mediterranean: Rome to Barcelona', days: ['civitavecchia', 'livorno', 'monte_carlo', 'marseille', 'sea', 'palma', 'sea', 'barcelona'] },

  // ---- Northern Europe
  ncl_copenhagen_baltic: { region: 'northern_europe', title: 'Baltic Capitals from Copenhagen', days: ['copenhagen', 'sea', 'stockholm', 'helsinki', 'tallinn', 'sea', 'warnemunde', 'copenhagen'] },
  msc_kiel_fjords: { region: 'northern_europe', title: 'Norwegian Fjords from Kiel', days: ['kiel', 'copenhagen', 'sea', 'flam', 'olden', 'bergen', 'sea', 'kiel'] },
  hal_rotterdam_fjords: { region: 'northern_europe', title: 'Norse Legends', days: ['rotterdam', 'sea', 'eidfjord', 'bergen', 'alesund', 'geiranger', 'sea', 'rotterdam'] },
  cunard_southampton_fjords: { region: 'northern_europe', title: 'Norwegian Fjords', days: ['southampton', 'sea', 'stavanger', 'olden', 'alesund', 'bergen', 'sea', 'southampton'] },
  viking_homelands_east_west: { region: 'northern_europe', title: 'Viking Homelands: Stockholm to Bergen', days: ['stockholm', 'stockholm', 'helsinki', 'tallinn', 'sea', 'gdynia', 'warnemunde', 'copenhagen', 'oslo', 'kristiansand', 'stavanger', 'eidfjord', 'flam', 'sea', 'bergen'] },
  viking_homelands_west_east: { region: 'northern_europe', title: 'Viking Homelands: Bergen to Stockholm', days: ['bergen', 'bergen', 'flam', 'eidfjord', 'stavanger', 'kristiansand', 'oslo', 'copenhagen', 'warnemunde', 'gdynia', 'sea', 'tallinn', 'helsinki', 'sea', 'stockholm'] },

  // ---- Asia
  rcl_singapore_penang_3: { region: 'asia', title: '3 Night Penang', days: ['singapore', 'sea', 'penang', 'singapore'] },
  rcl_singapore_phuket_4: { region: 'asia', title: '4 Night Phuket & Penang', days: ['singapore', 'sea', 'phuket', 'penang', 'singapore'] },
  pcl_yokohama_south: { region: 'asia', title: 'Japan: Mount Fuji, Kobe & Kagoshima', days: ['yokohama', 'shimizu', 'kobe', 'kochi', 'kagoshima', 'sea', 'sea', 'yokohama'] },
  pcl_yokohama_korea: { region: 'asia', title: 'Japan & South Korea', days: ['yokohama', 'sea', 'kagoshima', 'nagasaki', 'busan', 'sea', 'kobe', 'yokohama'] },

  // ---- Australia, New Zealand and the South Pacific
  rcl_sydney_south_pacific_10: { region: 'australia', title: '10 Night South Pacific', days: ['sydney', 'sea', 'sea', 'noumea', 'lifou', 'mystery_island', 'port_vila', 'sea', 'sea', 'sea', 'sydney'] },
  rcl_sydney_moreton_4: { region: 'australia', title: '4 Night Moreton Island', days: ['sydney', 'sea', 'moreton_island', 'sea', 'sydney'] },
  ccl_brisbane_pacific_7: { region: 'australia', title: '7 Day Pacific Islands', days: ['brisbane', 'sea', 'noumea', 'isle_of_pines', 'lifou', 'sea', 'sea', 'brisbane'] },
  cel_sydney_new_zealand_14: { region: 'australia', title: '14 Night New Zealand', days: ['sydney', 'sea', 'sea', 'milford_sound', 'dunedin', 'akaroa', 'wellington', 'napier', 'tauranga', 'auckland', 'bay_of_islands', 'sea', 'sea', 'sea', 'sydney'] },

  // ---- Transatlantic
  qm2_westbound: { region: 'transatlantic', title: 'Transatlantic Crossing: Southampton to New York', days: ['southampton', 'sea', 'sea', 'sea', 'sea', 'sea', 'sea', 'new_york'] },
  qm2_eastbound: { region: 'transatlantic', title: 'Transatlantic Crossing: New York to Southampton', days: ['new_york', 'sea', 'sea', 'sea', 'sea', 'sea', 'sea', 'southampton'] },
} as const satisfies Record<string, Template>;

export type ItineraryId = keyof typeof ITINERARIES;
