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
}

export const METROS: readonly MetroDef[] = [
  { iata: 'BJS', city: 'Beijing', aliases: ['Peking'], airports: ['PEK', 'PKX'] },
  { iata: 'BKK', city: 'Bangkok', aliases: ['Krung Thep'], airports: ['BKK', 'DMK'] },
  { iata: 'BUE', city: 'Buenos Aires', airports: ['EZE', 'AEP'] },
  { iata: 'CHI', city: 'Chicago', airports: ['ORD', 'MDW'] },
  { iata: 'DFW', city: 'Dallas-Fort Worth', aliases: ['Dallas', 'Fort Worth'], airports: ['DFW', 'DAL'] },
  { iata: 'DXB', city: 'Dubai', airports: ['DXB', 'DWC'] },
  { iata: 'HOU', city: 'Houston', airports: ['IAH', 'HOU'] },
  { iata: 'IST', city: 'Istanbul', aliases: ['Constantinople'], airports: ['IST', 'SAW'] },
  { iata: 'JKT', city: 'Jakarta', airports: ['CGK', 'HLP'] },
  { iata: 'LON', city: 'London', airports: ['LHR', 'LGW', 'STN', 'LTN', 'LCY', 'SEN'] },
  { iata: 'MIL', city: 'Milan', aliases: ['Milano'], airports: ['MXP', 'LIN', 'BGY'] },
  { iata: 'MOW', city: 'Moscow', aliases: ['Moskva'], airports: ['SVO', 'DME', 'VKO'] },
  { iata: 'NYC', city: 'New York', aliases: ['New York City'], airports: ['JFK', 'LGA', 'EWR'] },
  { iata: 'OSA', city: 'Osaka', airports: ['KIX', 'ITM', 'UKB'] },
  { iata: 'PAR', city: 'Paris', airports: ['CDG', 'ORY'] },
  { iata: 'REK', city: 'Reykjavik', airports: ['KEF', 'RKV'] },
  { iata: 'RIO', city: 'Rio de Janeiro', airports: ['GIG', 'SDU'] },
  { iata: 'ROM', city: 'Rome', aliases: ['Roma'], airports: ['FCO', 'CIA'] },
  { iata: 'SAO', city: 'São Paulo', airports: ['GRU', 'CGH', 'VCP'] },
  { iata: 'SEL', city: 'Seoul', airports: ['ICN', 'GMP'] },
  { iata: 'SHA', city: 'Shanghai', airports: ['PVG', 'SHA'] },
  { iata: 'SPK', city: 'Sapporo', airports: ['CTS', 'OKD'] },
  { iata: 'STO', city: 'Stockholm', airports: ['ARN', 'BMA', 'NYO', 'VST'] },
  { iata: 'TCI', city: 'Tenerife', airports: ['TFS', 'TFN'] },
  { iata: 'TPE', city: 'Taipei', airports: ['TPE', 'TSA'] },
  { iata: 'TYO', city: 'Tokyo', airports: ['HND', 'NRT'] },
  { iata: 'WAS', city: 'Washington', aliases: ['Washington DC'], airports: ['IAD', 'DCA', 'BWI'] },
  { iata: 'YMQ', city: 'Montreal', airports: ['YUL'] },
  { iata: 'YTO', city: 'Toronto', airports: ['YYZ', 'YTZ'] },
];
