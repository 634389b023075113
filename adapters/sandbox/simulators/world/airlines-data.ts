import type { AirlineInfo } from './types.js';

// Airlines of the simulated world. As of: early 2026.
// Sources (facts only): the alliances' member lists (staralliance.com,
// oneworld.com, skyteam.com), the carriers' own route maps and fleet pages, and
// IATA's airline code list. Notes:
// - SAS (SK) left Star Alliance and joined SkyTeam on 1 Sept 2024.
// - Virgin Atlantic (VS) has been a SkyTeam member since 2023; Alaska (AS) joined oneworld in 2021.
// - LATAM (LA) left oneworld in 2020 and stays unaligned (joint venture with Delta).
// - ITA Airways (AZ) is moving from SkyTeam towards Star Alliance under Lufthansa Group;
//   its membership is left null rather than guessed.
// - Asiana (OZ) is being folded into Korean Air but still flies as a Star member.
// - `hubs` lists hubs and main bases (low-cost carriers); the first one is the main hub.
// - `onDuffel` false for carriers that do not sell through NDC aggregators (Southwest,
//   Ryanair) and for ones this model is unsure about (Wizz Air, GOL, AirAsia).
// - `priceFactor` is a modelling choice (market level), not a published figure.

const row = (
  iata: string, name: string, alliance: AirlineInfo['alliance'], country: string, hubs: string[],
  kind: 'network' | 'lcc' | 'regional', priceFactor: number, onDuffel = true,
): AirlineInfo => ({ iata, name, alliance, country, hubs, lowCost: kind === 'lcc', longHaul: kind === 'network', onDuffel, priceFactor });

export const AIRLINE_ROWS: readonly AirlineInfo[] = [
  // Star Alliance
  row('UA', 'United Airlines', 'star_alliance', 'US', ['EWR', 'ORD', 'SFO', 'IAH', 'DEN', 'IAD', 'LAX'], 'network', 1.05),
  row('AC', 'Air Canada', 'star_alliance', 'CA', ['YYZ', 'YVR', 'YUL', 'YYC'], 'network', 1.05),
  row('LH', 'Lufthansa', 'star_alliance', 'DE', ['FRA', 'MUC'], 'network', 1.12),
  row('LX', 'SWISS', 'star_alliance', 'CH', ['ZRH', 'GVA'], 'network', 1.18),
  row('OS', 'Austrian Airlines', 'star_alliance', 'AT', ['VIE'], 'network', 1.05),
  row('SN', 'Brussels Airlines', 'star_alliance', 'BE', ['BRU'], 'network', 1.0),
  row('TP', 'TAP Air Portugal', 'star_alliance', 'PT', ['LIS', 'OPO'], 'network', 0.95),
  row('LO', 'LOT Polish Airlines', 'star_alliance', 'PL', ['WAW'], 'network', 0.9),
  row('A3', 'Aegean Airlines', 'star_alliance', 'GR', ['ATH'], 'regional', 0.95),
  row('TK', 'Turkish Airlines', 'star_alliance', 'TR', ['IST'], 'network', 0.95),
  row('SQ', 'Singapore Airlines', 'star_alliance', 'SG', ['SIN'], 'network', 1.15),
  row('NH', 'All Nippon Airways', 'star_alliance', 'JP', ['HND', 'NRT'], 'network', 1.1),
  row('OZ', 'Asiana Airlines', 'star_alliance', 'KR', ['ICN'], 'network', 1.0),
  row('BR', 'EVA Air', 'star_alliance', 'TW', ['TPE'], 'network', 1.05),
  row('CA', 'Air China', 'star_alliance', 'CN', ['PEK'], 'network', 0.9),
  row('TG', 'Thai Airways', 'star_alliance', 'TH', ['BKK'], 'network', 0.95),
  row('AI', 'Air India', 'star_alliance', 'IN', ['DEL', 'BOM'], 'network', 0.9),
  row('NZ', 'Air New Zealand', 'star_alliance', 'NZ', ['AKL'], 'network', 1.1),
  row('ET', 'Ethiopian Airlines', 'star_alliance', 'ET', ['ADD'], 'network', 0.9),
  row('MS', 'EgyptAir', 'star_alliance', 'EG', ['CAI'], 'network', 0.85),
  row('SA', 'South African Airways', 'star_alliance', 'ZA', ['JNB'], 'network', 0.95),
  row('CM', 'Copa Airlines', 'star_alliance', 'PA', ['PTY'], 'regional', 1.0),
  row('AV', 'Avianca', 'star_alliance', 'CO', ['BOG'], 'network', 0.95),
  // oneworld
  row('AA', 'American Airlines', 'oneworld', 'US', ['DFW', 'CLT', 'ORD', 'MIA', 'PHL', 'JFK', 'LAX', 'PHX', 'DCA'], 'network', 1.05),
  row('AS', 'Alaska Airlines', 'oneworld', 'US', ['SEA', 'PDX', 'ANC'], 'network', 1.0),
  row('BA', 'British Airways', 'oneworld', 'GB', ['LHR', 'LGW'], 'network', 1.15),
  row('IB', 'Iberia', 'oneworld', 'ES', ['MAD'], 'network', 1.0),
  row('AY', 'Finnair', 'oneworld', 'FI', ['HEL'], 'network', 1.0),
  row('QF', 'Qantas', 'oneworld', 'AU', ['SYD', 'MEL', 'BNE', 'PER'], 'network', 1.1),
  row('CX', 'Cathay Pacific', 'oneworld', 'HK', ['HKG'], 'network', 1.1),
  row('JL', 'Japan Airlines', 'oneworld', 'JP', ['HND', 'NRT'], 'network', 1.1),
  row('QR', 'Qatar Airways', 'oneworld', 'QA', ['DOH'], 'network', 1.05),
  row('MH', 'Malaysia Airlines', 'oneworld', 'MY', ['KUL'], 'network', 0.9),
  row('AT', 'Royal Air Maroc', 'oneworld', 'MA', ['CMN'], 'network', 0.9),
  // SkyTeam
  row('DL', 'Delta Air Lines', 'skyteam', 'US', ['ATL', 'DTW', 'MSP', 'SLC', 'JFK', 'LAX', 'SEA', 'BOS'], 'network', 1.08),
  row('AF', 'Air France', 'skyteam', 'FR', ['CDG', 'ORY'], 'network', 1.1),
  row('KL', 'KLM', 'skyteam', 'NL', ['AMS'], 'network', 1.05),
  row('VS', 'Virgin Atlantic', 'skyteam', 'GB', ['LHR', 'MAN'], 'network', 1.12),
  row('SK', 'SAS Scandinavian Airlines', 'skyteam', 'SE', ['CPH', 'ARN', 'OSL'], 'network', 1.05),
  row('KE', 'Korean Air', 'skyteam', 'KR', ['ICN'], 'network', 1.05),
  row('CI', 'China Airlines', 'skyteam', 'TW', ['TPE'], 'network', 1.0),
  row('AM', 'Aeroméxico', 'skyteam', 'MX', ['MEX'], 'network', 0.95),
  row('GA', 'Garuda Indonesia', 'skyteam', 'ID', ['CGK'], 'network', 0.9),
  row('SV', 'Saudia', 'skyteam', 'SA', ['JED', 'RUH'], 'network', 0.9),
  row('VN', 'Vietnam Airlines', 'skyteam', 'VN', ['SGN', 'HAN'], 'network', 0.85),
  row('UX', 'Air Europa', 'skyteam', 'ES', ['MAD'], 'network', 0.9),
  // Not in an alliance
  row('AZ', 'ITA Airways', null, 'IT', ['FCO'], 'network', 1.0),
  row('EK', 'Emirates', null, 'AE', ['DXB'], 'network', 1.1),
  row('EY', 'Etihad Airways', null, 'AE', ['AUH'], 'network', 1.0),
  row('LA', 'LATAM Airlines', null, 'CL', ['SCL', 'GRU', 'LIM', 'BOG'], 'network', 0.95),
  row('B6', 'JetBlue', null, 'US', ['JFK', 'BOS', 'FLL', 'MCO'], 'regional', 0.9),
  row('WS', 'WestJet', null, 'CA', ['YYC', 'YYZ'], 'network', 0.9),
  row('VA', 'Virgin Australia', null, 'AU', ['BNE', 'SYD', 'MEL'], 'regional', 0.95),
  row('AD', 'Azul', null, 'BR', ['VCP', 'CNF', 'REC'], 'network', 0.85, false),
  row('WN', 'Southwest Airlines', null, 'US', ['DAL', 'MDW', 'DEN', 'LAS', 'BWI', 'PHX', 'HOU'], 'lcc', 0.85, false),
  row('F9', 'Frontier Airlines', null, 'US', ['DEN', 'MCO', 'LAS'], 'lcc', 0.7),
  row('FR', 'Ryanair', null, 'IE', ['DUB', 'STN', 'BGY'], 'lcc', 0.6, false),
  row('U2', 'easyJet', null, 'GB', ['LGW', 'LTN', 'MXP', 'BER'], 'lcc', 0.7),
  row('W6', 'Wizz Air', null, 'HU', ['BUD', 'OTP', 'WAW', 'LTN'], 'lcc', 0.6, false),
  row('VY', 'Vueling', null, 'ES', ['BCN'], 'lcc', 0.75),
  row('6E', 'IndiGo', null, 'IN', ['DEL', 'BOM', 'BLR'], 'lcc', 0.7),
  row('G3', 'GOL', null, 'BR', ['GRU', 'GIG', 'CGH'], 'lcc', 0.75, false),
  row('AK', 'AirAsia', null, 'MY', ['KUL'], 'lcc', 0.6, false),
];
