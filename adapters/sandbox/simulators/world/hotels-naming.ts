import type { Cluster, ClusterDistrict } from './hotels-clusters.js';
import type { BrandDef, HotelAddress } from './hotels-types.js';

// Names and street addresses of generated properties, following each country's
// conventions: "12 Rue de Rivoli" in France, "Friedrichstraße 45" in Germany,
// "Gran Vía, 25" in Spain, "2-7-2 Nishi-Shinjuku" in Japan.

type Pick = (n: number) => number;

/** Fills a brand's naming pattern. */
export function brandedName(brand: BrandDef, cluster: Cluster, district: string): string {
  return brand.pattern.replace('{city}', cluster.city).replace('{district}', district).replace(/\s+/g, ' ').trim();
}

// Independent hotels: a word in the local language, then a name from the place.
const HOTEL_WORD: Readonly<Record<string, string>> = { FR: 'Hôtel', IT: 'Hotel', ES: 'Hotel', MX: 'Hotel', PT: 'Hotel', BR: 'Hotel', DE: 'Hotel', AT: 'Hotel', NL: 'Hotel' };
const INDEPENDENT_PATTERNS = ['{word} {district}', 'The {district} Hotel', '{district} Boutique Hotel', 'The {street} House', '{district} Grand Hotel', '{district} Residence'];

export function independentName(cluster: Cluster, district: string, street: string, pick: Pick): string {
  const word = HOTEL_WORD[cluster.country] ?? 'Hotel';
  const choices = street ? INDEPENDENT_PATTERNS : INDEPENDENT_PATTERNS.filter((p) => !p.includes('{street}'));
  const pattern = choices[pick(choices.length)]!;
  const streetCore = street.replace(/^(Rue|Avenue|Boulevard|Via|Calle|Avenida|Rua|Jalan)\s+(de la |de |du |des |del |da |do )?/i, '').replace(/\s+(Street|Road|Avenue|Boulevard|Lane|Drive)$/i, '');
  return pattern.replace('{word}', word).replace('{district}', district).replace('{street}', streetCore);
}

// Vacation rentals: what the place is called where it is.
const BEDROOM_WORDS = ['Studio', 'One-bedroom', 'Two-bedroom', 'Three-bedroom'];

export function rentalName(cluster: Cluster, bedrooms: number, district: string, manager: string | null): string {
  const size = BEDROOM_WORDS[bedrooms] ?? `${bedrooms}-bedroom`;
  let kind = 'apartment';
  if (bedrooms > 0 && cluster.country === 'MA') kind = 'riad';
  else if (bedrooms > 0 && (cluster.cityDef?.key === 'bali' || cluster.cityDef?.key === 'phuket')) kind = 'villa';
  else if (bedrooms >= 3 && ['US', 'AU', 'NZ', 'CA'].includes(cluster.country)) kind = 'home';
  return `${size} ${kind} in ${district}${manager ? ` by ${manager}` : ''}`;
}

// ---- addresses ----------------------------------------------------------------

const NUMBER_FIRST = new Set(['US', 'CA', 'GB', 'IE', 'AU', 'NZ', 'FR', 'SG', 'HK', 'MY', 'PH', 'IN', 'ZA', 'KE', 'TH', 'VN', 'AE', 'QA', 'EG', 'MA', 'IL', 'ID']);
const NUMBER_COMMA = new Set(['ES', 'MX', 'AR', 'CO', 'PE', 'CL', 'BR', 'PT']);

const TOWN_STREETS: Readonly<Record<string, readonly string[]>> = {
  US: ['Main Street', 'Airport Boulevard', 'Commerce Drive', 'Market Street', 'Park Avenue', 'Lake Street', 'Washington Avenue'],
  CA: ['Main Street', 'Airport Road', 'King Street', 'Queen Street', 'Victoria Avenue'],
  AU: ['George Street', 'Airport Drive', 'Queen Street', 'King Street', 'Beach Road'],
  NZ: ['Queen Street', 'Airport Road', 'Victoria Street', 'High Street'],
  GB: ['High Street', 'Station Road', 'London Road', 'Church Street', 'Park Road', 'Victoria Road'],
  IE: ['Main Street', 'Station Road', 'Church Street', 'Bridge Street'],
  FR: ['Rue de la République', 'Avenue Jean Jaurès', 'Boulevard Gambetta', 'Rue Victor Hugo', 'Avenue de la Gare'],
  DE: ['Bahnhofstraße', 'Hauptstraße', 'Schillerstraße', 'Am Flughafen', 'Goethestraße'],
  AT: ['Bahnhofstraße', 'Hauptplatz', 'Flughafenstraße', 'Linzer Straße'],
  CH: ['Bahnhofstrasse', 'Hauptstrasse', 'Seestrasse', 'Flughafenstrasse'],
  ES: ['Calle Mayor', 'Avenida de la Constitución', 'Calle Real', 'Avenida del Aeropuerto', 'Paseo Marítimo'],
  MX: ['Avenida Juárez', 'Calle Hidalgo', 'Boulevard Aeropuerto', 'Avenida Reforma'],
  IT: ['Via Roma', 'Corso Italia', 'Via Garibaldi', 'Viale della Stazione', 'Via Aeroporto'],
  PT: ['Rua Direita', 'Avenida da República', 'Rua do Comércio', 'Avenida do Aeroporto'],
  BR: ['Avenida Brasil', 'Rua XV de Novembro', 'Avenida Santos Dumont', 'Rua da Praia'],
  NL: ['Stationsplein', 'Kerkstraat', 'Marktplein', 'Schiphol Boulevard'],
  JP: ['Ekimae', 'Honcho', 'Chuo', 'Sakaemachi'],
};
const DEFAULT_STREETS = ['Airport Road', 'Main Road', 'Station Road', 'Central Avenue', 'Harbour Road'];

/** The district's own street, or one typical of the country for towns and airports. */
export function streetFor(cluster: Cluster, district: ClusterDistrict, pick: Pick): string {
  if (district.street) return district.street;
  const streets = TOWN_STREETS[cluster.country] ?? DEFAULT_STREETS;
  return streets[pick(streets.length)]!;
}

function lineOne(country: string, street: string, pick: Pick): string {
  const n = 1 + pick(country === 'US' ? 600 : 180);
  if (country === 'JP') return `${1 + pick(5)}-${1 + pick(12)}-${1 + pick(20)} ${street}`;
  if (country === 'CN' || country === 'TW' || country === 'KR') return `No. ${n} ${street}`;
  if (NUMBER_FIRST.has(country)) return `${n} ${street}`;
  if (NUMBER_COMMA.has(country)) return `${street}, ${n}`;
  return `${street} ${n}`;
}

export function addressFor(cluster: Cluster, district: ClusterDistrict, street: string, pick: Pick): HotelAddress {
  return {
    lineOne: lineOne(cluster.country, street, pick),
    city: cluster.city,
    postalCode: district.postcode,
    region: cluster.regionName,
    countryCode: cluster.country,
  };
}
