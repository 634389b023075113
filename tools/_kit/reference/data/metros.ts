// IATA metropolitan area codes, written by hand from public knowledge because no
// open dataset carries them. Only codes that airlines and GDSs actually use; the
// first airport listed is the main one. build-dataset.ts checks every member exists.

export interface MetroDef {
  /** IATA city (metropolitan area) code. */
  iata: string;
  /** English city name shown to users. */
  city: string;
  /** Other spellings people type: local names, former names. */
  aliases?: readonly string[];
  /** Member airport IATA codes, main airport first. */
  airports: readonly string[];
  /** The city centre [lat, lon]: what "in Tokyo" means for a hotel, far from where its airports are. */
  centre: readonly [number, number];
}

export const METROS: readonly MetroDef[] = [
  { iata: 'BJS', city: 'Beijing', aliases: ['Peking'], airports: ['PEK', 'PKX'] , centre: [39.9042, 116.4074] },
  { iata: 'BKK', city: 'Bangkok', aliases: ['Krung Thep'], airports: ['BKK', 'DMK'] , centre: [13.7563, 100.5018] },
  { iata: 'BUE', city: 'Buenos Aires', airports: ['EZE', 'AEP'] , centre: [-34.6037, -58.3816] },
  { iata: 'CHI', city: 'Chicago', airports: ['ORD', 'MDW'] , centre: [41.8781, -87.6298] },
  { iata: 'DFW', city: 'Dallas-Fort Worth', aliases: ['Dallas', 'Fort Worth'], airports: ['DFW', 'DAL'] , centre: [32.7767, -96.797] },
  { iata: 'DXB', city: 'Dubai', airports: ['DXB', 'DWC'] , centre: [25.2048, 55.2708] },
  { iata: 'HOU', city: 'Houston', airports: ['IAH', 'HOU'] , centre: [29.7604, -95.3698] },
  { iata: 'IST', city: 'Istanbul', aliases: ['Constantinople'], airports: ['IST', 'SAW'] , centre: [41.0082, 28.9784] },
  { iata: 'JKT', city: 'Jakarta', airports: ['CGK', 'HLP'] , centre: [-6.2088, 106.8456] },
  { iata: 'LON', city: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] , centre: [51.5074, -0.1278] },
  { iata: 'MIL', city: 'Milan', aliases: ['Milano'], airports: ['MXP', 'LIN', 'BGY'] , centre: [45.4642, 9.19] },
  { iata: 'MOW', city: 'Moscow', aliases: ['Moskva'], airports: ['SVO', 'DME', 'VKO'] , centre: [55.7558, 37.6173] },
  { iata: 'NYC', city: 'New York', aliases: ['New York City'], airports: ['JFK', 'LGA', 'EWR'] , centre: [40.7128, -74.006] },
  { iata: 'OSA', city: 'Osaka', airports: ['KIX', 'ITM', 'UKB'] , centre: [34.6937, 135.5023] },
  { iata: 'PAR', city: 'Paris', airports: ['CDG', 'ORY'] , centre: [48.8566, 2.3522] },
  { iata: 'REK', city: 'Reykjavik', airports: ['KEF', 'RKV'] , centre: [64.1466, -21.9426] },
  { iata: 'RIO', city: 'Rio de Janeiro', airports: ['GIG', 'SDU'] , centre: [-22.9068, -43.1729] },
  { iata: 'ROM', city: 'Rome', aliases: ['Roma'], airports: ['FCO', 'CIA'] , centre: [41.9028, 12.4964] },
  { iata: 'SAO', city: 'São Paulo', airports: ['GRU', 'CGH', 'VCP'] , centre: [-23.5505, -46.6333] },
  { iata: 'SEL', city: 'Seoul', airports: ['ICN', 'GMP'] , centre: [37.5665, 126.978] },
  { iata: 'SHA', city: 'Shanghai', airports: ['PVG', 'SHA'] , centre: [31.2304, 121.4737] },
  { iata: 'SPK', city: 'Sapporo', airports: ['CTS', 'OKD'] , centre: [43.0618, 141.3545] },
  { iata: 'STO', city: 'Stockholm', airports: ['ARN', 'BMA', 'NYO', 'VST'] , centre: [59.3293, 18.0686] },
  { iata: 'TCI', city: 'Tenerife', airports: ['TFS', 'TFN'] , centre: [28.4636, -16.2518] },
  { iata: 'TPE', city: 'Taipei', airports: ['TPE', 'TSA'] , centre: [25.033, 121.5654] },
  { iata: 'TYO', city: 'Tokyo', airports: ['HND', 'NRT'] , centre: [35.6812, 139.7671] },
  { iata: 'WAS', city: 'Washington', aliases: ['Washington DC'], airports: ['IAD', 'DCA', 'BWI'] , centre: [38.9072, -77.0369] },
  { iata: 'YMQ', city: 'Montreal', airports: ['YUL'] , centre: [45.5019, -73.5674] },
  { iata: 'YTO', city: 'Toronto', airports: ['YYZ', 'YTZ'] , centre: [43.6532, -79.3832] },
];
