// Airports long-haul networks are drawn to. MEGAHUBS are the handful of
// intercontinental super-hubs almost every long-haul carrier serves; GATEWAYS
// are other big intercontinental airports. Chosen by hand from traffic rankings.

export const MEGAHUBS: ReadonlySet<string> = new Set([
  'JFK', 'EWR', 'LAX', 'SFO', 'ORD', 'ATL', 'DFW', 'IAH', 'MIA', 'YYZ', 'LHR', 'CDG', 'FRA', 'AMS', 'MUC', 'ZRH', 'MAD',
  'IST', 'DXB', 'DOH', 'SIN', 'HKG', 'HND', 'NRT', 'ICN', 'BKK', 'DEL', 'SYD', 'GRU',
]);

export const GATEWAYS: ReadonlySet<string> = new Set([
  'BOS', 'IAD', 'SEA', 'DEN', 'DTW', 'MSP', 'PHL', 'CLT', 'MCO', 'LAS', 'HNL', 'YVR', 'YUL', 'MEX', 'CUN', 'PTY', 'BOG',
  'LIM', 'SCL', 'EZE', 'GIG', 'LGW', 'MAN', 'DUB', 'BRU', 'VIE', 'CPH', 'ARN', 'OSL', 'HEL', 'LIS', 'BCN', 'FCO', 'MXP',
  'ATH', 'WAW', 'PRG', 'BUD', 'AUH', 'RUH', 'JED', 'TLV', 'AMM', 'CAI', 'ADD', 'NBO', 'JNB', 'CPT', 'LOS', 'CMN', 'BOM',
  'BLR', 'MAA', 'HYD', 'KUL', 'CGK', 'MNL', 'SGN', 'HAN', 'TPE', 'PEK', 'PVG', 'CAN', 'KIX', 'MEL', 'BNE', 'PER', 'AKL',
]);
