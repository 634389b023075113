import type { CityDef, District, SeasonProfile, WeekPattern } from './hotels-types.js';

// The major cities of the hotel world, as of 2025-11: centre, real districts with
// a real street in each, its postcode where the city has them, and the
// district's position (public geography: OpenStreetMap, Wikipedia; positions
// rounded to ~100 m), and the price level of a standard room at an upscale
// (4-star) chain hotel on an ordinary night in USD.
// Price levels are modelling choices set from published city averages (STR and
// CoStar city ADR reports 2024–2025, chains' public rate calendars), rounded.
// Hotel taxes from the cities' and countries' tax authorities (2024–2025 rates:
// e.g. New York 14.75 %, Chicago 17.4 %, Amsterdam 12.5 % tourist tax on top of
// 9 % VAT, Berlin's 7.5 % City Tax on top of 7 % VAT), simplified to one rate;
// tourist taxes paid at the hotel (Paris taxe de séjour, Rome contributo di
// soggiorno, Lisbon taxa turística…) as USD per person per night at a 4-star.
// Towns and airports outside this table take their country's level
// (hotels-countries.ts).

type D = readonly [name: string, street: string, postcode: string | null, lat: number, lon: number];
type Extra = Pick<CityDef, 'region' | 'taxRate' | 'touristTaxUsd' | 'resortFeeUsd' | 'jitterKm'>;

function c(
  key: string, name: string, country: string, centre: readonly [number, number], airport: string, upscaleUsd: number,
  size: 1 | 2 | 3, season: SeasonProfile, week: WeekPattern, districts: readonly D[], extra: Extra = {},
): CityDef {
  const list: District[] = districts.map(([n, street, postcode, lat, lon]) => ({ name: n, street, postcode, lat, lon }));
  return { key, name, country, lat: centre[0], lon: centre[1], airport, upscaleUsd, size, season, week, districts: list, ...extra };
}

export const HOTEL_CITIES: readonly CityDef[] = [
  // ---- North America
  c('new_york', 'New York', 'US', [40.758, -73.9855], 'JFK', 330, 3, 'north', 'business', [
    ['Times Square', 'West 44th Street', '10036', 40.758, -73.9855], ['Midtown East', 'Lexington Avenue', '10022', 40.7549, -73.974],
    ['Central Park South', 'Central Park South', '10019', 40.7656, -73.976], ['Chelsea', 'West 23rd Street', '10011', 40.744, -73.996],
    ['SoHo', 'Broome Street', '10013', 40.722, -74.001], ['Financial District', 'Broad Street', '10004', 40.706, -74.011],
    ['Upper East Side', 'Madison Avenue', '10021', 40.77, -73.965],
  ], { region: 'NY', taxRate: 0.1475, jitterKm: 0.5 }),
  c('los_angeles', 'Los Angeles', 'US', [34.0522, -118.2437], 'LAX', 260, 3, 'flat', 'mixed', [
    ['Downtown', 'Figueroa Street', '90071', 34.051, -118.256], ['Hollywood', 'Hollywood Boulevard', '90028', 34.1016, -118.327],
    ['West Hollywood', 'Sunset Boulevard', '90069', 34.09, -118.377], ['Beverly Hills', 'Wilshire Boulevard', '90210', 34.067, -118.4],
    ['Santa Monica', 'Ocean Avenue', '90401', 34.016, -118.492],
  ], { region: 'CA', taxRate: 0.157 }),
  c('san_francisco', 'San Francisco', 'US', [37.7879, -122.4075], 'SFO', 280, 3, 'flat', 'business', [
    ['Union Square', 'Powell Street', '94108', 37.788, -122.4075], ['Nob Hill', 'California Street', '94109', 37.792, -122.415],
    ['Financial District', 'Market Street', '94111', 37.794, -122.399], ['SoMa', 'Mission Street', '94103', 37.784, -122.401],
    ['Fisherman\'s Wharf', 'Jefferson Street', '94133', 37.807, -122.417],
  ], { region: 'CA', taxRate: 0.16, jitterKm: 0.5 }),
  c('chicago', 'Chicago', 'US', [41.8853, -87.627], 'ORD', 230, 3, 'north', 'business', [
    ['The Loop', 'Wacker Drive', '60601', 41.885, -87.63], ['Magnificent Mile', 'Michigan Avenue', '60611', 41.895, -87.624],
    ['River North', 'Ohio Street', '60654', 41.892, -87.634], ['Streeterville', 'East Ontario Street', '60611', 41.893, -87.621],
    ['West Loop', 'West Randolph Street', '60607', 41.884, -87.65], ['South Loop', 'South Michigan Avenue', '60605', 41.87, -87.625],
  ], { region: 'IL', taxRate: 0.174, jitterKm: 0.5 }),
  c('boston', 'Boston', 'US', [42.3555, -71.0603], 'BOS', 290, 2, 'north', 'business', [
    ['Downtown', 'Tremont Street', '02108', 42.356, -71.062], ['Back Bay', 'Boylston Street', '02116', 42.35, -71.078],
    ['Seaport', 'Congress Street', '02210', 42.35, -71.045], ['Cambridge', 'Main Street', '02142', 42.3625, -71.0862],
  ], { region: 'MA', taxRate: 0.1495, jitterKm: 0.5 }),
  c('washington', 'Washington', 'US', [38.9007, -77.0365], 'DCA', 260, 3, 'north', 'business', [
    ['Downtown', 'K Street', '20005', 38.902, -77.033], ['Dupont Circle', 'Massachusetts Avenue', '20036', 38.91, -77.043],
    ['Georgetown', 'M Street', '20007', 38.905, -77.063], ['Capitol Hill', 'New Jersey Avenue', '20001', 38.895, -77.01],
    ['Navy Yard', 'M Street SE', '20003', 38.876, -77.003], ['Penn Quarter', 'Pennsylvania Avenue', '20004', 38.896, -77.023],
  ], { region: 'DC', taxRate: 0.1495 }),
  c('miami', 'Miami', 'US', [25.7743, -80.1937], 'MIA', 270, 2, 'tropical', 'leisure', [
    ['Brickell', 'Brickell Avenue', '33131', 25.765, -80.192], ['Downtown', 'Biscayne Boulevard', '33132', 25.778, -80.188],
    ['South Beach', 'Collins Avenue', '33139', 25.783, -80.132], ['Mid-Beach', 'Collins Avenue', '33140', 25.82, -80.124],
    ['Coconut Grove', 'South Bayshore Drive', '33133', 25.729, -80.24],
  ], { region: 'FL', taxRate: 0.13, resortFeeUsd: 35, jitterKm: 0.3 }),
  c('orlando', 'Orlando', 'US', [28.45, -81.47], 'MCO', 180, 2, 'flat', 'leisure', [
    ['International Drive', 'International Drive', '32819', 28.433, -81.47], ['Universal', 'Universal Boulevard', '32819', 28.472, -81.464],
    ['Lake Buena Vista', 'Palm Parkway', '32836', 28.39, -81.505], ['Downtown', 'South Orange Avenue', '32801', 28.54, -81.379],
  ], { region: 'FL', taxRate: 0.125 }),
  c('las_vegas', 'Las Vegas', 'US', [36.1147, -115.1728], 'LAS', 170, 3, 'desert', 'leisure', [
    ['The Strip', 'Las Vegas Boulevard South', '89109', 36.115, -115.172], ['South Strip', 'Las Vegas Boulevard South', '89119', 36.095, -115.174],
    ['Paradise', 'Paradise Road', '89169', 36.12, -115.153], ['Downtown', 'Fremont Street', '89101', 36.17, -115.143],
  ], { region: 'NV', taxRate: 0.1338, resortFeeUsd: 45 }),
  c('seattle', 'Seattle', 'US', [47.6101, -122.3344], 'SEA', 240, 2, 'north', 'business', [
    ['Downtown', 'Pike Street', '98101', 47.611, -122.335], ['Belltown', '1st Avenue', '98121', 47.615, -122.345],
    ['South Lake Union', 'Westlake Avenue', '98109', 47.625, -122.338], ['Pioneer Square', '2nd Avenue', '98104', 47.601, -122.332],
  ], { region: 'WA', taxRate: 0.157, jitterKm: 0.4 }),
  c('denver', 'Denver', 'US', [39.7447, -104.9916], 'DEN', 200, 2, 'north', 'business', [
    ['Downtown', '17th Street', '80202', 39.747, -104.991], ['LoDo', 'Wynkoop Street', '80202', 39.753, -105.0],
    ['Cherry Creek', 'East 1st Avenue', '80206', 39.718, -104.953], ['RiNo', 'Larimer Street', '80205', 39.764, -104.981],
  ], { region: 'CO', taxRate: 0.1575 }),
  c('atlanta', 'Atlanta', 'US', [33.759, -84.388], 'ATL', 180, 2, 'flat', 'business', [
    ['Downtown', 'Peachtree Street', '30303', 33.759, -84.387], ['Midtown', 'Peachtree Street NE', '30308', 33.783, -84.383],
    ['Buckhead', 'Peachtree Road', '30305', 33.842, -84.38],
  ], { region: 'GA', taxRate: 0.169 }),
  c('dallas', 'Dallas', 'US', [32.7792, -96.8003], 'DFW', 170, 2, 'flat', 'business', [
    ['Downtown', 'Main Street', '75201', 32.781, -96.799], ['Uptown', 'McKinney Avenue', '75204', 32.796, -96.803],
    ['Deep Ellum', 'Elm Street', '75226', 32.784, -96.783], ['Arts District', 'Flora Street', '75201', 32.789, -96.799],
  ], { region: 'TX', taxRate: 0.15 }),
  c('houston', 'Houston', 'US', [29.7589, -95.3677], 'IAH', 160, 2, 'flat', 'business', [
    ['Downtown', 'Louisiana Street', '77002', 29.758, -95.368], ['Midtown', 'Main Street', '77006', 29.742, -95.377],
    ['Medical Center', 'Fannin Street', '77030', 29.707, -95.401], ['Galleria', 'Westheimer Road', '77056', 29.739, -95.463],
  ], { region: 'TX', taxRate: 0.17 }),
  c('austin', 'Austin', 'US', [30.2672, -97.7431], 'AUS', 210, 1, 'flat', 'mixed', [
    ['Downtown', 'Congress Avenue', '78701', 30.268, -97.743], ['South Congress', 'South Congress Avenue', '78704', 30.25, -97.749],
    ['Rainey Street', 'Rainey Street', '78701', 30.259, -97.739],
  ], { region: 'TX', taxRate: 0.17, jitterKm: 0.5 }),
  c('nashville', 'Nashville', 'US', [36.1612, -86.7775], 'BNA', 230, 1, 'flat', 'leisure', [
    ['Downtown', 'Broadway', '37203', 36.16, -86.777], ['The Gulch', '11th Avenue South', '37203', 36.151, -86.786],
    ['Midtown', 'West End Avenue', '37203', 36.152, -86.798], ['Music Row', 'Demonbreun Street', '37203', 36.15, -86.791],
  ], { region: 'TN', taxRate: 0.1525, jitterKm: 0.5 }),
  c('new_orleans', 'New Orleans', 'US', [29.9584, -90.0644], 'MSY', 200, 2, 'flat', 'leisure', [
    ['French Quarter', 'Bourbon Street', '70130', 29.959, -90.065], ['Central Business District', 'Poydras Street', '70112', 29.95, -90.071],
    ['Warehouse District', 'Tchoupitoulas Street', '70130', 29.944, -90.068], ['Garden District', 'St. Charles Avenue', '70130', 29.93, -90.082],
  ], { region: 'LA', taxRate: 0.162, jitterKm: 0.4 }),
  c('san_diego', 'San Diego', 'US', [32.7157, -117.1611], 'SAN', 230, 2, 'north', 'leisure', [
    ['Gaslamp Quarter', 'Fifth Avenue', '92101', 32.711, -117.16], ['Little Italy', 'India Street', '92101', 32.724, -117.169],
    ['Marina District', 'Harbor Drive', '92101', 32.708, -117.164], ['Mission Valley', 'Hotel Circle North', '92108', 32.759, -117.178],
  ], { region: 'CA', taxRate: 0.127, jitterKm: 0.4 }),
  c('honolulu', 'Honolulu', 'US', [21.2793, -157.8292], 'HNL', 320, 2, 'flat', 'leisure', [
    ['Waikiki', 'Kalakaua Avenue', '96815', 21.279, -157.827], ['Ala Moana', 'Ala Moana Boulevard', '96814', 21.291, -157.843],
    ['Downtown', 'Bishop Street', '96813', 21.31, -157.862],
  ], { region: 'HI', taxRate: 0.1875, resortFeeUsd: 40, jitterKm: 0.3 }),
  c('toronto', 'Toronto', 'CA', [43.6487, -79.3817], 'YYZ', 230, 2, 'north', 'business', [
    ['Financial District', 'Bay Street', 'M5H', 43.649, -79.381], ['Entertainment District', 'King Street West', 'M5V', 43.646, -79.39],
    ['Yorkville', 'Bloor Street West', 'M5R', 43.67, -79.392], ['Harbourfront', 'Queens Quay West', 'M5J', 43.641, -79.38],
  ], { region: 'ON', taxRate: 0.19, jitterKm: 0.5 }),
  c('vancouver', 'Vancouver', 'CA', [49.2844, -123.1189], 'YVR', 250, 2, 'north', 'mixed', [
    ['Downtown', 'West Georgia Street', 'V6C', 49.283, -123.119], ['Coal Harbour', 'West Cordova Street', 'V6C', 49.288, -123.121],
    ['Yaletown', 'Hamilton Street', 'V6B', 49.275, -123.122], ['Gastown', 'Water Street', 'V6B', 49.284, -123.108],
  ], { region: 'BC', taxRate: 0.165, jitterKm: 0.4 }),
  c('montreal', 'Montreal', 'CA', [45.5019, -73.5674], 'YUL', 200, 2, 'north', 'mixed', [
    ['Downtown', 'Rue Sherbrooke Ouest', 'H3A', 45.5, -73.575], ['Old Montreal', 'Rue Saint-Paul Ouest', 'H2Y', 45.503, -73.556],
    ['Quartier des Spectacles', 'Rue Sainte-Catherine Ouest', 'H2X', 45.508, -73.566], ['Plateau Mont-Royal', 'Rue Saint-Denis', 'H2J', 45.522, -73.579],
  ], { region: 'QC', taxRate: 0.185 }),
  c('mexico_city', 'Mexico City', 'MX', [19.427, -99.16], 'MEX', 150, 3, 'flat', 'business', [
    ['Polanco', 'Avenida Presidente Masaryk', '11560', 19.432, -99.196], ['Reforma', 'Paseo de la Reforma', '06600', 19.427, -99.167],
    ['Roma Norte', 'Avenida Álvaro Obregón', '06700', 19.419, -99.162], ['Condesa', 'Avenida Ámsterdam', '06140', 19.412, -99.17],
    ['Centro Histórico', 'Calle Madero', '06000', 19.433, -99.137],
  ], { taxRate: 0.19 }),
  c('cancun', 'Cancún', 'MX', [21.11, -86.764], 'CUN', 230, 2, 'tropical', 'leisure', [
    ['Punta Cancún', 'Boulevard Kukulcán', '77500', 21.135, -86.745], ['Hotel Zone', 'Boulevard Kukulcán', '77500', 21.085, -86.772],
    ['Downtown', 'Avenida Tulum', '77500', 21.16, -86.826], ['Puerto Cancún', 'Boulevard Kukulcán', '77500', 21.156, -86.803],
  ], { taxRate: 0.19, jitterKm: 0.15 }),

  // ---- South America
  c('rio_de_janeiro', 'Rio de Janeiro', 'BR', [-22.9711, -43.1822], 'GIG', 160, 2, 'south', 'leisure', [
    ['Copacabana', 'Avenida Nossa Senhora de Copacabana', '22020-001', -22.97, -43.186], ['Ipanema', 'Rua Visconde de Pirajá', '22410-003', -22.984, -43.203],
    ['Leblon', 'Avenida Ataulfo de Paiva', '22440-033', -22.984, -43.223], ['Centro', 'Avenida Rio Branco', '20090-003', -22.903, -43.177],
    ['Barra da Tijuca', 'Avenida das Américas', '22640-102', -23.0, -43.365],
  ], { jitterKm: 0.3 }),
  c('sao_paulo', 'São Paulo', 'BR', [-23.5613, -46.6565], 'GRU', 130, 3, 'flat', 'business', [
    ['Paulista', 'Avenida Paulista', '01310-100', -23.563, -46.654], ['Jardins', 'Rua Oscar Freire', '01426-001', -23.565, -46.668],
    ['Itaim Bibi', 'Rua Joaquim Floriano', '04534-002', -23.584, -46.678], ['Vila Olímpia', 'Rua Funchal', '04551-060', -23.595, -46.687],
    ['Pinheiros', 'Rua dos Pinheiros', '05422-001', -23.567, -46.69],
  ]),
  c('buenos_aires', 'Buenos Aires', 'AR', [-34.6037, -58.3816], 'EZE', 120, 3, 'south', 'mixed', [
    ['Recoleta', 'Avenida Alvear', 'C1129', -34.588, -58.389], ['Palermo Soho', 'Calle Honduras', 'C1414', -34.588, -58.43],
    ['Puerto Madero', 'Avenida Alicia Moreau de Justo', 'C1107', -34.611, -58.364], ['San Telmo', 'Calle Defensa', 'C1065', -34.621, -58.372],
    ['Microcentro', 'Calle Florida', 'C1005', -34.601, -58.376],
  ], { jitterKm: 0.5 }),
  c('lima', 'Lima', 'PE', [-12.1211, -77.0297], 'LIM', 120, 2, 'south', 'mixed', [
    ['Miraflores', 'Avenida José Larco', '15074', -12.122, -77.03], ['San Isidro', 'Avenida Camino Real', '15073', -12.097, -77.036],
    ['Barranco', 'Avenida Grau', '15063', -12.146, -77.021],
  ], { jitterKm: 0.5 }),
  c('bogota', 'Bogotá', 'CO', [4.648, -74.06], 'BOG', 100, 2, 'flat', 'business', [
    ['Chapinero', 'Carrera 7', '110231', 4.648, -74.062], ['Zona T', 'Calle 82', '110221', 4.667, -74.053],
    ['Parque 93', 'Calle 93', '110221', 4.677, -74.048], ['Usaquén', 'Carrera 6', '110111', 4.695, -74.031],
    ['La Candelaria', 'Calle 11', '111711', 4.597, -74.073],
  ]),
  c('santiago', 'Santiago', 'CL', [-33.426, -70.617], 'SCL', 130, 2, 'south', 'business', [
    ['Providencia', 'Avenida Providencia', '7500000', -33.426, -70.617], ['Las Condes', 'Avenida Apoquindo', '7550000', -33.415, -70.585],
    ['Vitacura', 'Avenida Vitacura', '7630000', -33.399, -70.597], ['Lastarria', 'Calle José Victorino Lastarria', '8320000', -33.438, -70.64],
  ]),

  // ---- Europe
  c('london', 'London', 'GB', [51.5074, -0.1278], 'LHR', 290, 3, 'north', 'mixed', [
    ['Westminster', 'Victoria Street', 'SW1H 0NW', 51.498, -0.134], ['Covent Garden', 'The Strand', 'WC2R 0EU', 51.511, -0.121],
    ['Mayfair', 'Park Lane', 'W1K 1BE', 51.508, -0.153], ['Piccadilly', 'Piccadilly', 'W1J 9HP', 51.507, -0.14],
    ['Kensington', 'Cromwell Road', 'SW7 4ER', 51.495, -0.18], ['City of London', 'Bishopsgate', 'EC2M 3HA', 51.517, -0.081],
    ['Waterloo', 'Waterloo Road', 'SE1 8SB', 51.502, -0.112], ['Paddington', 'Praed Street', 'W2 1NS', 51.516, -0.174],
    ['Shoreditch', 'Great Eastern Street', 'EC2A 3HU', 51.525, -0.081], ['Canary Wharf', 'Marsh Wall', 'E14 9SH', 51.502, -0.02],
  ], { region: 'England', jitterKm: 0.5 }),
  c('paris', 'Paris', 'FR', [48.8566, 2.3522], 'CDG', 300, 3, 'mediterranean', 'mixed', [
    ['Opéra', 'Boulevard Haussmann', '75009', 48.873, 2.332], ['Champs-Élysées', 'Avenue des Champs-Élysées', '75008', 48.87, 2.307],
    ['Louvre', 'Rue Saint-Honoré', '75001', 48.863, 2.338], ['Saint-Germain-des-Prés', 'Boulevard Saint-Germain', '75006', 48.854, 2.333],
    ['Le Marais', 'Rue des Francs-Bourgeois', '75004', 48.858, 2.36], ['Montparnasse', 'Boulevard du Montparnasse', '75014', 48.843, 2.324],
    ['Gare de Lyon', 'Rue de Lyon', '75012', 48.845, 2.373], ['Tour Eiffel', 'Avenue de Suffren', '75015', 48.852, 2.295],
    ['Montmartre', 'Rue Caulaincourt', '75018', 48.887, 2.335],
  ], { region: 'Île-de-France', touristTaxUsd: 8.8, jitterKm: 0.5 }),
  c('rome', 'Rome', 'IT', [41.9028, 12.4964], 'FCO', 250, 3, 'mediterranean', 'leisure', [
    ['Centro Storico', 'Via del Corso', '00186', 41.9, 12.48], ['Spanish Steps', 'Via dei Condotti', '00187', 41.9055, 12.481],
    ['Via Veneto', 'Via Vittorio Veneto', '00187', 41.908, 12.49], ['Termini', 'Via Nazionale', '00184', 41.901, 12.495],
    ['Trastevere', 'Viale di Trastevere', '00153', 41.886, 12.47], ['Vatican', 'Via della Conciliazione', '00193', 41.902, 12.462],
  ], { region: 'Lazio', touristTaxUsd: 8.2, jitterKm: 0.5 }),
  c('milan', 'Milan', 'IT', [45.4642, 9.19], 'MXP', 230, 2, 'mediterranean', 'business', [
    ['Duomo', 'Via Torino', '20123', 45.463, 9.187], ['Brera', 'Via Brera', '20121', 45.472, 9.187],
    ['Quadrilatero', 'Via Manzoni', '20121', 45.47, 9.194], ['Porta Nuova', 'Corso Como', '20154', 45.482, 9.188],
    ['Centrale', 'Via Vittor Pisani', '20124', 45.481, 9.201], ['Navigli', 'Ripa di Porta Ticinese', '20143', 45.452, 9.176],
  ], { region: 'Lombardia', touristTaxUsd: 5.5, jitterKm: 0.5 }),
  c('venice', 'Venice', 'IT', [45.434, 12.3388], 'VCE', 300, 1, 'mediterranean', 'leisure', [
    ['San Marco', 'Calle Larga XXII Marzo', '30124', 45.433, 12.336], ['Castello', 'Riva degli Schiavoni', '30122', 45.434, 12.343],
    ['Cannaregio', 'Strada Nova', '30121', 45.442, 12.333], ['Dorsoduro', 'Fondamenta delle Zattere', '30123', 45.43, 12.325],
    ['Mestre', 'Via Piave', '30171', 45.485, 12.233],
  ], { region: 'Veneto', touristTaxUsd: 5, jitterKm: 0.25 }),
  c('florence', 'Florence', 'IT', [43.7696, 11.2558], 'FLR', 260, 1, 'mediterranean', 'leisure', [
    ['Duomo', 'Via dei Calzaiuoli', '50122', 43.771, 11.255], ['Santa Maria Novella', 'Borgo Ognissanti', '50123', 43.773, 11.247],
    ['Oltrarno', 'Via Maggio', '50125', 43.766, 11.25], ['Santa Croce', 'Borgo Santa Croce', '50122', 43.768, 11.262],
  ], { region: 'Toscana', touristTaxUsd: 7.6, jitterKm: 0.4 }),
  c('madrid', 'Madrid', 'ES', [40.4168, -3.7038], 'MAD', 200, 3, 'mediterranean', 'mixed', [
    ['Sol', 'Calle de Alcalá', '28014', 40.417, -3.701], ['Gran Vía', 'Gran Vía', '28013', 40.42, -3.705],
    ['Salamanca', 'Calle de Serrano', '28001', 40.429, -3.687], ['Paseo del Prado', 'Paseo del Prado', '28014', 40.413, -3.693],
    ['Castellana', 'Paseo de la Castellana', '28046', 40.446, -3.692], ['Chamberí', 'Calle de Santa Engracia', '28010', 40.435, -3.7],
  ], { region: 'Comunidad de Madrid' }),
  c('barcelona', 'Barcelona', 'ES', [41.3874, 2.1686], 'BCN', 240, 2, 'mediterranean', 'leisure', [
    ['Eixample', 'Passeig de Gràcia', '08007', 41.392, 2.165], ['Gothic Quarter', 'La Rambla', '08002', 41.382, 2.173],
    ['Barceloneta', 'Passeig de Joan de Borbó', '08003', 41.38, 2.189], ['Diagonal Mar', 'Avinguda Diagonal', '08019', 41.409, 2.216],
    ['Gràcia', 'Carrer Gran de Gràcia', '08012', 41.402, 2.156],
  ], { region: 'Catalunya', touristTaxUsd: 6, jitterKm: 0.4 }),
  c('lisbon', 'Lisbon', 'PT', [38.7223, -9.1393], 'LIS', 200, 2, 'mediterranean', 'leisure', [
    ['Avenida da Liberdade', 'Avenida da Liberdade', '1250-096', 38.72, -9.145], ['Baixa', 'Rua Augusta', '1100-048', 38.711, -9.137],
    ['Chiado', 'Rua Garrett', '1200-203', 38.711, -9.142], ['Alfama', 'Rua de São Tomé', '1100-563', 38.712, -9.13],
    ['Saldanha', 'Avenida da República', '1050-191', 38.735, -9.145], ['Parque das Nações', 'Avenida Dom João II', '1990-083', 38.768, -9.096],
  ], { touristTaxUsd: 4.3, jitterKm: 0.4 }),
  c('amsterdam', 'Amsterdam', 'NL', [52.3676, 4.9041], 'AMS', 270, 2, 'north', 'leisure', [
    ['Centrum', 'Damrak', '1012 LG', 52.375, 4.896], ['Canal Belt', 'Vijzelstraat', '1017 HL', 52.364, 4.891],
    ['Jordaan', 'Prinsengracht', '1016 GB', 52.374, 4.883], ['Museumplein', 'Stadhouderskade', '1071 ZD', 52.36, 4.884],
    ['De Pijp', 'Ferdinand Bolstraat', '1072 LK', 52.354, 4.893], ['Zuidas', 'Gustav Mahlerlaan', '1082 MK', 52.338, 4.873],
  ], { region: 'Noord-Holland', taxRate: 0.215, jitterKm: 0.5 }),
  c('berlin', 'Berlin', 'DE', [52.52, 13.405], 'BER', 170, 3, 'north', 'mixed', [
    ['Mitte', 'Unter den Linden', '10117', 52.517, 13.389], ['Alexanderplatz', 'Karl-Liebknecht-Straße', '10178', 52.522, 13.413],
    ['Potsdamer Platz', 'Leipziger Straße', '10117', 52.509, 13.379], ['Kurfürstendamm', 'Kurfürstendamm', '10719', 52.503, 13.328],
    ['Friedrichshain', 'Karl-Marx-Allee', '10243', 52.516, 13.44],
  ], { taxRate: 0.145 }),
  c('munich', 'Munich', 'DE', [48.1372, 11.5756], 'MUC', 200, 2, 'north', 'business', [
    ['Altstadt', 'Maximilianstraße', '80539', 48.139, 11.583], ['Hauptbahnhof', 'Bayerstraße', '80335', 48.14, 11.558],
    ['Schwabing', 'Leopoldstraße', '80802', 48.162, 11.586], ['Maxvorstadt', 'Brienner Straße', '80333', 48.146, 11.57],
  ], { region: 'Bayern' }),
  c('frankfurt', 'Frankfurt', 'DE', [50.1109, 8.6821], 'FRA', 180, 2, 'flat', 'business', [
    ['Bankenviertel', 'Taunusanlage', '60325', 50.113, 8.67], ['Innenstadt', 'Zeil', '60313', 50.115, 8.686],
    ['Messe', 'Ludwig-Erhard-Anlage', '60327', 50.111, 8.652], ['Sachsenhausen', 'Schweizer Straße', '60594', 50.101, 8.683],
    ['Hauptbahnhof', 'Düsseldorfer Straße', '60329', 50.107, 8.665],
  ], { region: 'Hessen', taxRate: 0.11, jitterKm: 0.5 }),
  c('vienna', 'Vienna', 'AT', [48.2082, 16.3738], 'VIE', 190, 2, 'north', 'mixed', [
    ['Innere Stadt', 'Kärntner Straße', '1010', 48.206, 16.371], ['Ringstrasse', 'Schubertring', '1010', 48.202, 16.377],
    ['Mariahilf', 'Mariahilfer Straße', '1060', 48.198, 16.353], ['Leopoldstadt', 'Praterstraße', '1020', 48.215, 16.385],
  ], { taxRate: 0.132, jitterKm: 0.5 }),
  c('zurich', 'Zurich', 'CH', [47.3769, 8.5417], 'ZRH', 320, 2, 'flat', 'business', [
    ['Altstadt', 'Bahnhofstrasse', '8001', 47.372, 8.539], ['Niederdorf', 'Limmatquai', '8001', 47.373, 8.544],
    ['Zürich West', 'Hardstrasse', '8005', 47.387, 8.52], ['Enge', 'Talstrasse', '8002', 47.365, 8.532],
    ['Oerlikon', 'Schaffhauserstrasse', '8050', 47.41, 8.545],
  ], { jitterKm: 0.4 }),
  c('geneva', 'Geneva', 'CH', [46.2044, 6.1432], 'GVA', 320, 1, 'flat', 'business', [
    ['Rive Droite', 'Quai du Mont-Blanc', '1201', 46.211, 6.148], ['Rive Gauche', 'Rue du Rhône', '1204', 46.203, 6.147],
    ['Cornavin', 'Rue de Lausanne', '1201', 46.212, 6.143], ['Nations', 'Avenue de France', '1202', 46.222, 6.14],
  ], { jitterKm: 0.3 }),
  c('prague', 'Prague', 'CZ', [50.0875, 14.4213], 'PRG', 140, 2, 'north', 'leisure', [
    ['Old Town', 'Pařížská', '110 00', 50.089, 14.419], ['Malá Strana', 'Karmelitská', '118 00', 50.087, 14.404],
    ['Wenceslas Square', 'Václavské náměstí', '110 00', 50.081, 14.427], ['Vinohrady', 'Vinohradská', '120 00', 50.077, 14.445],
  ], { touristTaxUsd: 2, jitterKm: 0.4 }),
  c('budapest', 'Budapest', 'HU', [47.4979, 19.0402], 'BUD', 130, 2, 'north', 'leisure', [
    ['Belváros', 'Váci utca', '1052', 47.493, 19.053], ['Lipótváros', 'Széchenyi István tér', '1051', 47.499, 19.047],
    ['Andrássy Avenue', 'Andrássy út', '1061', 47.504, 19.06], ['Jewish Quarter', 'Király utca', '1075', 47.499, 19.061],
    ['Castle District', 'Úri utca', '1014', 47.501, 19.033],
  ], { taxRate: 0.22, jitterKm: 0.3 }),
  c('copenhagen', 'Copenhagen', 'DK', [55.6761, 12.5683], 'CPH', 240, 2, 'north', 'mixed', [
    ['Indre By', 'Kongens Nytorv', '1050', 55.68, 12.585], ['Nyhavn', 'Nyhavn', '1051', 55.6795, 12.59],
    ['Vesterbro', 'Vesterbrogade', '1620', 55.672, 12.558], ['Ørestad', 'Arne Jacobsens Allé', '2300', 55.633, 12.578],
  ], { jitterKm: 0.4 }),
  c('stockholm', 'Stockholm', 'SE', [59.3293, 18.0686], 'ARN', 200, 2, 'north', 'business', [
    ['Norrmalm', 'Vasagatan', '111 20', 59.332, 18.059], ['Östermalm', 'Strandvägen', '114 56', 59.333, 18.085],
    ['Gamla Stan', 'Västerlånggatan', '111 29', 59.325, 18.07], ['Södermalm', 'Götgatan', '118 46', 59.315, 18.073],
  ], { jitterKm: 0.3 }),
  c('oslo', 'Oslo', 'NO', [59.9139, 10.7522], 'OSL', 210, 1, 'north', 'business', [
    ['Sentrum', 'Karl Johans gate', '0154', 59.913, 10.744], ['Aker Brygge', 'Stranden', '0250', 59.91, 10.727],
    ['Bjørvika', 'Dronning Eufemias gate', '0191', 59.907, 10.758], ['Frogner', 'Bygdøy allé', '0265', 59.917, 10.71],
  ], { jitterKm: 0.3 }),
  c('reykjavik', 'Reykjavik', 'IS', [64.1466, -21.9426], 'KEF', 250, 1, 'north', 'leisure', [
    ['Miðborg', 'Laugavegur', '101', 64.144, -21.93], ['Old Harbour', 'Geirsgata', '101', 64.15, -21.942],
    ['Hlemmur', 'Hverfisgata', '105', 64.143, -21.917],
  ], { touristTaxUsd: 3, jitterKm: 0.3 }),
  c('dublin', 'Dublin', 'IE', [53.3498, -6.2603], 'DUB', 250, 2, 'north', 'mixed', [
    ['Temple Bar', 'Dame Street', 'D02', 53.345, -6.265], ['St Stephen\'s Green', 'Dawson Street', 'D02', 53.339, -6.258],
    ['O\'Connell Street', 'O\'Connell Street', 'D01', 53.35, -6.26], ['Docklands', 'Sir John Rogerson\'s Quay', 'D02', 53.345, -6.237],
    ['Ballsbridge', 'Pembroke Road', 'D04', 53.331, -6.233],
  ], { jitterKm: 0.4 }),
  c('edinburgh', 'Edinburgh', 'GB', [55.9533, -3.1883], 'EDI', 230, 1, 'north', 'leisure', [
    ['New Town', 'Princes Street', 'EH2 2AN', 55.952, -3.196], ['Old Town', 'High Street', 'EH1 1SR', 55.95, -3.188],
    ['Haymarket', 'West Maitland Street', 'EH12 5EA', 55.946, -3.218], ['Leith', 'Commercial Street', 'EH6 6JA', 55.976, -3.172],
  ], { region: 'Scotland', jitterKm: 0.4 }),
  c('athens', 'Athens', 'GR', [37.9755, 23.7348], 'ATH', 170, 2, 'mediterranean', 'leisure', [
    ['Syntagma', 'Vasilissis Sofias', '106 74', 37.976, 23.737], ['Plaka', 'Adrianou', '105 58', 37.972, 23.729],
    ['Kolonaki', 'Skoufa', '106 73', 37.979, 23.743], ['Psyrri', 'Ermou', '105 54', 37.978, 23.724],
    ['Makrygianni', 'Dionysiou Areopagitou', '117 42', 37.968, 23.729],
  ], { touristTaxUsd: 5, jitterKm: 0.4 }),
  c('istanbul', 'Istanbul', 'TR', [41.0369, 28.985], 'IST', 150, 3, 'mediterranean', 'mixed', [
    ['Taksim', 'Cumhuriyet Caddesi', '34437', 41.038, 28.986], ['Beyoğlu', 'İstiklal Caddesi', '34433', 41.033, 28.978],
    ['Sultanahmet', 'Divan Yolu Caddesi', '34122', 41.008, 28.975], ['Şişli', 'Büyükdere Caddesi', '34394', 41.068, 29.007],
    ['Beşiktaş', 'Çırağan Caddesi', '34349', 41.043, 29.013], ['Karaköy', 'Kemankeş Caddesi', '34425', 41.024, 28.978],
  ], { jitterKm: 0.3 }),
  c('brussels', 'Brussels', 'BE', [50.8467, 4.3525], 'BRU', 170, 2, 'flat', 'business', [
    ['Grand-Place', 'Boulevard Adolphe Max', '1000', 50.851, 4.354], ['European Quarter', 'Rue de la Loi', '1040', 50.843, 4.38],
    ['Avenue Louise', 'Avenue Louise', '1050', 50.833, 4.36], ['Gare du Midi', 'Avenue Fonsny', '1060', 50.836, 4.336],
  ]),
  c('nice', 'Nice', 'FR', [43.695, 7.265], 'NCE', 220, 1, 'mediterranean', 'leisure', [
    ['Promenade des Anglais', 'Promenade des Anglais', '06000', 43.696, 7.26], ['Vieux Nice', 'Quai des États-Unis', '06300', 43.696, 7.275],
    ['Jean Médecin', 'Avenue Jean Médecin', '06000', 43.701, 7.267], ['Port', 'Boulevard Stalingrad', '06300', 43.698, 7.285],
    ['Gare Thiers', 'Avenue Thiers', '06000', 43.705, 7.262],
  ], { region: 'Provence-Alpes-Côte d\'Azur', touristTaxUsd: 3.5, jitterKm: 0.25 }),

  // ---- Middle East and Africa
  c('dubai', 'Dubai', 'AE', [25.1972, 55.2744], 'DXB', 220, 3, 'desert', 'mixed', [
    ['Downtown Dubai', 'Mohammed Bin Rashid Boulevard', null, 25.195, 55.276], ['Business Bay', 'Al Abraj Street', null, 25.187, 55.27],
    ['DIFC', 'Sheikh Zayed Road', null, 25.211, 55.28], ['Jumeirah', 'Al Wasl Road', null, 25.203, 55.255],
    ['Dubai Marina', 'Al Marsa Street', null, 25.08, 55.14], ['Deira', 'Baniyas Road', null, 25.268, 55.308],
  ], { touristTaxUsd: 2.5, jitterKm: 0.4 }),
  c('abu_dhabi', 'Abu Dhabi', 'AE', [24.4539, 54.3773], 'AUH', 180, 2, 'desert', 'mixed', [
    ['Corniche', 'Corniche Road', null, 24.468, 54.34], ['Downtown', 'Khalifa Street', null, 24.49, 54.36],
    ['Al Maryah Island', 'Al Maryah Street', null, 24.501, 54.39], ['Saadiyat Island', 'Jacques Chirac Street', null, 24.536, 54.405],
    ['Yas Island', 'Yas Drive', null, 24.488, 54.607],
  ], { jitterKm: 0.3 }),
  c('doha', 'Doha', 'QA', [25.2854, 51.531], 'DOH', 180, 2, 'desert', 'business', [
    ['West Bay', 'Diplomatic Street', null, 25.326, 51.53], ['Corniche', 'Al Corniche Street', null, 25.295, 51.533],
    ['Msheireb', 'Al Kahraba Street', null, 25.286, 51.526], ['The Pearl', 'Porto Arabia Drive', null, 25.37, 51.55],
  ], { jitterKm: 0.3 }),
  c('tel_aviv', 'Tel Aviv', 'IL', [32.0853, 34.7818], 'TLV', 280, 2, 'mediterranean', 'mixed', [
    ['Beachfront', 'HaYarkon Street', null, 32.083, 34.77], ['Rothschild Boulevard', 'Rothschild Boulevard', null, 32.065, 34.776],
    ['Neve Tzedek', 'Shabazi Street', null, 32.061, 34.766], ['Jaffa', 'Yefet Street', null, 32.053, 34.756],
    ['Sarona', 'Kaplan Street', null, 32.073, 34.786],
  ], { jitterKm: 0.3 }),
  c('cairo', 'Cairo', 'EG', [30.0444, 31.2357], 'CAI', 110, 3, 'desert', 'mixed', [
    ['Downtown', 'Talaat Harb Street', null, 30.048, 31.239], ['Garden City', 'Corniche El Nil', null, 30.037, 31.231],
    ['Zamalek', '26th of July Street', null, 30.061, 31.22], ['Giza', 'Al Ahram Street', null, 29.993, 31.17],
    ['Heliopolis', 'Al Oruba Street', null, 30.09, 31.32],
  ], { jitterKm: 0.4 }),
  c('marrakech', 'Marrakech', 'MA', [31.6295, -7.9811], 'RAK', 150, 1, 'desert', 'leisure', [
    ['Medina', 'Rue Riad Zitoun el Kedim', '40000', 31.623, -7.987], ['Hivernage', 'Avenue Echouhada', '40000', 31.621, -8.011],
    ['Guéliz', 'Avenue Mohammed V', '40000', 31.634, -8.01], ['Palmeraie', 'Circuit de la Palmeraie', '40000', 31.67, -7.97],
  ], { touristTaxUsd: 3, jitterKm: 0.5 }),
  c('cape_town', 'Cape Town', 'ZA', [-33.9249, 18.4241], 'CPT', 150, 2, 'south', 'leisure', [
    ['City Bowl', 'Long Street', '8001', -33.923, 18.418], ['V&A Waterfront', 'Dock Road', '8001', -33.907, 18.419],
    ['De Waterkant', 'Somerset Road', '8005', -33.914, 18.415], ['Sea Point', 'Main Road', '8005', -33.918, 18.388],
    ['Camps Bay', 'Victoria Road', '8040', -33.951, 18.38],
  ], { jitterKm: 0.25 }),
  c('johannesburg', 'Johannesburg', 'ZA', [-26.1076, 28.0567], 'JNB', 110, 2, 'flat', 'business', [
    ['Sandton', 'Rivonia Road', '2196', -26.107, 28.056], ['Rosebank', 'Oxford Road', '2196', -26.146, 28.042],
    ['Melrose Arch', 'Melrose Boulevard', '2076', -26.132, 28.068],
  ]),
  c('nairobi', 'Nairobi', 'KE', [-1.2921, 36.8219], 'NBO', 140, 2, 'flat', 'business', [
    ['CBD', 'Kenyatta Avenue', null, -1.286, 36.82], ['Westlands', 'Waiyaki Way', null, -1.265, 36.804],
    ['Upper Hill', 'Upper Hill Road', null, -1.298, 36.815], ['Gigiri', 'United Nations Avenue', null, -1.233, 36.808],
  ]),

  // ---- Asia
  c('tokyo', 'Tokyo', 'JP', [35.6812, 139.7671], 'HND', 230, 3, 'north', 'mixed', [
    ['Marunouchi', 'Marunouchi', '100-0005', 35.681, 139.765], ['Ginza', 'Ginza', '104-0061', 35.671, 139.765],
    ['Shiodome', 'Higashi-Shimbashi', '105-0021', 35.665, 139.76], ['Roppongi', 'Roppongi', '106-0032', 35.662, 139.731],
    ['Shibuya', 'Dogenzaka', '150-0043', 35.658, 139.699], ['Shinjuku', 'Nishi-Shinjuku', '160-0023', 35.69, 139.694],
    ['Asakusa', 'Asakusa', '111-0032', 35.712, 139.796], ['Ikebukuro', 'Higashi-Ikebukuro', '170-0013', 35.729, 139.718],
  ], { touristTaxUsd: 1, jitterKm: 0.5 }),
  c('osaka', 'Osaka', 'JP', [34.7025, 135.4959], 'KIX', 180, 2, 'north', 'mixed', [
    ['Umeda', 'Umeda', '530-0001', 34.702, 135.496], ['Nakanoshima', 'Nakanoshima', '530-0005', 34.693, 135.491],
    ['Namba', 'Namba', '542-0076', 34.666, 135.501], ['Shinsaibashi', 'Nishi-Shinsaibashi', '542-0086', 34.674, 135.499],
    ['Tennoji', 'Abenosuji', '545-0052', 34.646, 135.514], ['Universal City', 'Sakurajima', '554-0031', 34.666, 135.435],
  ], { touristTaxUsd: 1.5, jitterKm: 0.4 }),
  c('kyoto', 'Kyoto', 'JP', [35.0116, 135.7681], 'KIX', 230, 1, 'north', 'leisure', [
    ['Gion', 'Gionmachi Kitagawa', '605-0073', 35.004, 135.775], ['Kyoto Station', 'Higashishiokoji-cho', '600-8216', 34.986, 135.759],
    ['Kawaramachi', 'Kawaramachi-dori', '604-8005', 35.007, 135.769], ['Higashiyama', 'Kiyomizu', '605-0862', 34.998, 135.78],
    ['Karasuma', 'Karasuma-dori', '604-8152', 35.008, 135.759],
  ], { touristTaxUsd: 2, jitterKm: 0.4 }),
  c('seoul', 'Seoul', 'KR', [37.5665, 126.978], 'ICN', 180, 3, 'north', 'business', [
    ['Myeong-dong', 'Namdaemun-ro', '04533', 37.563, 126.983], ['City Hall', 'Sejong-daero', '04519', 37.566, 126.977],
    ['Jongno', 'Jong-ro', '03188', 37.57, 126.983], ['Gangnam', 'Teheran-ro', '06164', 37.505, 127.048],
    ['Itaewon', 'Itaewon-ro', '04348', 37.534, 126.994], ['Yeouido', 'Gukjegeumyung-ro', '07326', 37.525, 126.925],
  ], { taxRate: 0.21, jitterKm: 0.5 }),
  c('beijing', 'Beijing', 'CN', [39.9042, 116.4074], 'PEK', 150, 3, 'north', 'business', [
    ['Wangfujing', 'Wangfujing Street', '100006', 39.913, 116.411], ['Qianmen', 'Qianmen Street', '100051', 39.897, 116.398],
    ['Chaoyang CBD', 'Jianguomenwai Avenue', '100022', 39.909, 116.456], ['Sanlitun', 'Gongti North Road', '100027', 39.934, 116.454],
    ['Financial Street', 'Financial Street', '100033', 39.915, 116.359],
  ]),
  c('shanghai', 'Shanghai', 'CN', [31.2304, 121.4737], 'PVG', 160, 3, 'north', 'business', [
    ['The Bund', 'Zhongshan East 1st Road', '200002', 31.24, 121.489], ['Lujiazui', 'Century Avenue', '200120', 31.238, 121.505],
    ['Jing\'an', 'Nanjing West Road', '200040', 31.229, 121.449], ['Xintiandi', 'Huaihai Middle Road', '200021', 31.22, 121.474],
    ['People\'s Square', 'Xizang Middle Road', '200001', 31.233, 121.475],
  ], { jitterKm: 0.4 }),
  c('hong_kong', 'Hong Kong', 'HK', [22.29, 114.17], 'HKG', 240, 3, 'tropical', 'business', [
    ['Central', 'Queen\'s Road Central', null, 22.281, 114.158], ['Admiralty', 'Queensway', null, 22.278, 114.165],
    ['Wan Chai', 'Harbour Road', null, 22.28, 114.173], ['Causeway Bay', 'Gloucester Road', null, 22.28, 114.184],
    ['Tsim Sha Tsui', 'Nathan Road', null, 22.299, 114.172], ['West Kowloon', 'Austin Road West', null, 22.304, 114.161],
  ], { taxRate: 0.1, jitterKm: 0.25 }),
  c('taipei', 'Taipei', 'TW', [25.033, 121.5654], 'TPE', 150, 2, 'tropical', 'business', [
    ['Xinyi', 'Songren Road', '110', 25.035, 121.567], ['Da\'an', 'Zhongxiao East Road', '106', 25.041, 121.544],
    ['Zhongshan', 'Zhongshan North Road', '104', 25.056, 121.522], ['Ximending', 'Zhonghua Road', '108', 25.043, 121.507],
    ['Taipei Main Station', 'Zhongxiao West Road', '100', 25.047, 121.517],
  ]),
  c('singapore', 'Singapore', 'SG', [1.2903, 103.852], 'SIN', 280, 3, 'flat', 'business', [
    ['Marina Bay', 'Bayfront Avenue', '018956', 1.283, 103.859], ['Civic District', 'Beach Road', '189673', 1.295, 103.854],
    ['Orchard Road', 'Orchard Road', '238863', 1.304, 103.832], ['Clarke Quay', 'River Valley Road', '179024', 1.29, 103.846],
    ['Tanjong Pagar', 'Tanjong Pagar Road', '088462', 1.277, 103.843], ['Sentosa', 'Artillery Avenue', '099891', 1.25, 103.825],
  ], { taxRate: 0.199, jitterKm: 0.3 }),
  c('bangkok', 'Bangkok', 'TH', [13.744, 100.534], 'BKK', 120, 3, 'tropical', 'mixed', [
    ['Siam', 'Rama I Road', '10330', 13.746, 100.534], ['Ratchaprasong', 'Ploenchit Road', '10330', 13.744, 100.542],
    ['Sukhumvit', 'Sukhumvit Road', '10110', 13.738, 100.56], ['Silom', 'Silom Road', '10500', 13.726, 100.529],
    ['Riverside', 'Charoen Krung Road', '10500', 13.724, 100.517],
  ], { taxRate: 0.177, jitterKm: 0.5 }),
  c('phuket', 'Phuket', 'TH', [7.8961, 98.296], 'HKT', 140, 1, 'tropical', 'leisure', [
    ['Patong', 'Rat-U-Thit 200 Pee Road', '83150', 7.895, 98.3], ['Karon', 'Karon Road', '83100', 7.845, 98.298],
    ['Kata', 'Patak Road', '83100', 7.82, 98.3], ['Bang Tao', 'Srisoonthorn Road', '83110', 7.995, 98.3],
  ], { taxRate: 0.177, jitterKm: 0.3 }),
  c('bali', 'Bali', 'ID', [-8.6913, 115.1682], 'DPS', 130, 2, 'tropical', 'leisure', [
    ['Seminyak', 'Jalan Kayu Aya', '80361', -8.685, 115.162], ['Legian', 'Jalan Legian', '80361', -8.704, 115.172],
    ['Kuta', 'Jalan Pantai Kuta', '80361', -8.72, 115.172], ['Canggu', 'Jalan Batu Mejan', '80351', -8.647, 115.136],
    ['Nusa Dua', 'Jalan Nusa Dua', '80363', -8.8, 115.23], ['Ubud', 'Jalan Monkey Forest', '80571', -8.513, 115.262],
  ], { region: 'Bali', taxRate: 0.21, jitterKm: 0.4 }),
  c('kuala_lumpur', 'Kuala Lumpur', 'MY', [3.1579, 101.7116], 'KUL', 100, 2, 'flat', 'business', [
    ['KLCC', 'Jalan Ampang', '50450', 3.158, 101.712], ['Bukit Bintang', 'Jalan Bukit Bintang', '55100', 3.147, 101.71],
    ['KL Sentral', 'Jalan Stesen Sentral', '50470', 3.134, 101.686], ['Chinatown', 'Jalan Sultan', '50000', 3.144, 101.697],
  ], { taxRate: 0.18 }),
  c('jakarta', 'Jakarta', 'ID', [-6.2, 106.823], 'CGK', 100, 3, 'flat', 'business', [
    ['Thamrin', 'Jalan M.H. Thamrin', '10310', -6.195, 106.823], ['Sudirman', 'Jalan Jenderal Sudirman', '10220', -6.215, 106.818],
    ['Kuningan', 'Jalan H.R. Rasuna Said', '12940', -6.224, 106.83], ['Kemang', 'Jalan Kemang Raya', '12730', -6.261, 106.813],
  ], { taxRate: 0.21 }),
  c('manila', 'Manila', 'PH', [14.5547, 121.0244], 'MNL', 110, 3, 'tropical', 'business', [
    ['Makati', 'Ayala Avenue', '1226', 14.555, 121.024], ['Bonifacio Global City', '5th Avenue', '1634', 14.551, 121.048],
    ['Ortigas', 'ADB Avenue', '1605', 14.587, 121.061], ['Ermita', 'M. H. del Pilar Street', '1000', 14.578, 120.983],
    ['Pasay Bay Area', 'Diosdado Macapagal Boulevard', '1300', 14.533, 120.988],
  ], { taxRate: 0.232, jitterKm: 0.4 }),
  c('ho_chi_minh_city', 'Ho Chi Minh City', 'VN', [10.7769, 106.7009], 'SGN', 90, 2, 'tropical', 'mixed', [
    ['Dong Khoi', 'Dong Khoi Street', null, 10.776, 106.703], ['Ben Thanh', 'Le Loi Boulevard', null, 10.772, 106.698],
    ['Nguyen Hue', 'Nguyen Hue Boulevard', null, 10.774, 106.704], ['Thao Dien', 'Xuan Thuy Street', null, 10.803, 106.735],
  ], { taxRate: 0.155, jitterKm: 0.3 }),
  c('hanoi', 'Hanoi', 'VN', [21.0285, 105.8542], 'HAN', 90, 2, 'north', 'mixed', [
    ['Old Quarter', 'Hang Bac Street', null, 21.034, 105.852], ['Hoan Kiem', 'Trang Tien Street', null, 21.025, 105.855],
    ['Ba Dinh', 'Lieu Giai Street', null, 21.035, 105.818], ['Tay Ho', 'Xuan Dieu Street', null, 21.064, 105.829],
  ], { taxRate: 0.155, jitterKm: 0.3 }),
  c('mumbai', 'Mumbai', 'IN', [19.0176, 72.8562], 'BOM', 120, 3, 'tropical', 'business', [
    ['Colaba', 'Apollo Bunder', '400001', 18.922, 72.833], ['Nariman Point', 'Marine Drive', '400021', 18.927, 72.824],
    ['Lower Parel', 'Senapati Bapat Marg', '400013', 18.996, 72.825], ['Bandra Kurla Complex', 'Bandra Kurla Complex Road', '400051', 19.065, 72.868],
    ['Juhu', 'Juhu Tara Road', '400049', 19.1, 72.829], ['Andheri', 'Andheri-Kurla Road', '400059', 19.113, 72.869],
  ], { taxRate: 0.18, jitterKm: 0.25 }),
  c('delhi', 'New Delhi', 'IN', [28.6315, 77.2167], 'DEL', 110, 3, 'desert', 'business', [
    ['Connaught Place', 'Barakhamba Road', '110001', 28.631, 77.22], ['Janpath', 'Janpath', '110001', 28.625, 77.218],
    ['Chanakyapuri', 'Sardar Patel Marg', '110021', 28.598, 77.185], ['Aerocity', 'Aerocity Road', '110037', 28.552, 77.121],
    ['Saket', 'Press Enclave Marg', '110017', 28.528, 77.218],
  ], { taxRate: 0.18 }),

  // ---- Oceania
  c('sydney', 'Sydney', 'AU', [-33.8688, 151.2093], 'SYD', 240, 3, 'south', 'mixed', [
    ['CBD', 'George Street', '2000', -33.869, 151.207], ['The Rocks', 'Hickson Road', '2000', -33.859, 151.207],
    ['Circular Quay', 'Macquarie Street', '2000', -33.862, 151.212], ['Darling Harbour', 'Darling Drive', '2000', -33.874, 151.2],
    ['Bondi', 'Campbell Parade', '2026', -33.891, 151.273],
  ], { region: 'NSW', jitterKm: 0.3 }),
  c('melbourne', 'Melbourne', 'AU', [-37.8136, 144.9631], 'MEL', 200, 2, 'south', 'mixed', [
    ['CBD', 'Collins Street', '3000', -37.815, 144.966], ['Southbank', 'Southbank Boulevard', '3006', -37.823, 144.964],
    ['Docklands', 'Harbour Esplanade', '3008', -37.817, 144.945], ['St Kilda', 'Fitzroy Street', '3182', -37.86, 144.979],
  ], { region: 'VIC', jitterKm: 0.4 }),
  c('auckland', 'Auckland', 'NZ', [-36.8485, 174.7633], 'AKL', 180, 2, 'south', 'mixed', [
    ['CBD', 'Queen Street', '1010', -36.85, 174.764], ['Viaduct Harbour', 'Halsey Street', '1010', -36.844, 174.758],
    ['Parnell', 'Parnell Road', '1052', -36.856, 174.779], ['Ponsonby', 'Ponsonby Road', '1011', -36.855, 174.747],
  ], { jitterKm: 0.3 }),
];
