// Online check-in pages and windows of the airlines the service sells (the ones
// in adapters/sandbox/simulators/world/airlines-data.ts).
//
// As of: early 2026. Sources: each airline's own website (check-in and
// "manage booking" pages, check-in FAQs). Facts only; nothing copied.
//
// - `url` is a deep link to the airline's online check-in page only where that
//   page's address is stable and known (`deepLink: true`); otherwise it is the
//   airline's home page, from which check-in is one click away (`deepLink: false`).
// - `opensHours` / `closesHours`: how long before scheduled departure online
//   check-in opens and closes. `window: 'airline'` when the opening time is the
//   one the airline publishes; `window: 'typical'` when it was not confirmed here
//   and the industry-usual 24 h / 1 h is given instead. Airlines close earlier on
//   some international routes than on domestic ones; the earlier (international)
//   close is given, or 1 h when not confirmed, so no one is told too late.

export interface CheckInInfo {
  name: string;
  url: string;
  deepLink: boolean;
  opensHours: number;
  closesHours: number;
  window: 'airline' | 'typical';
}

const typical = { opensHours: 24, closesHours: 1, window: 'typical' as const };
const home = (name: string, url: string): CheckInInfo => ({ name, url, deepLink: false, ...typical });

export const CHECK_IN: Readonly<Record<string, CheckInInfo>> = {
  // Star Alliance
  UA: { name: 'United Airlines', url: 'https://www.united.com/en/us/checkin', deepLink: true, opensHours: 24, closesHours: 1, window: 'airline' },
  AC: home('Air Canada', 'https://www.aircanada.com'),
  LH: { name: 'Lufthansa', url: 'https://www.lufthansa.com', deepLink: false, opensHours: 23, closesHours: 1, window: 'airline' },
  LX: home('SWISS', 'https://www.swiss.com'),
  OS: home('Austrian Airlines', 'https://www.austrian.com'),
  SN: home('Brussels Airlines', 'https://www.brusselsairlines.com'),
  TP: home('TAP Air Portugal', 'https://www.flytap.com'),
  LO: home('LOT Polish Airlines', 'https://www.lot.com'),
  A3: home('Aegean Airlines', 'https://en.aegeanair.com'),
  TK: home('Turkish Airlines', 'https://www.turkishairlines.com'),
  SQ: home('Singapore Airlines', 'https://www.singaporeair.com'),
  NH: home('All Nippon Airways', 'https://www.ana.co.jp'),
  OZ: home('Asiana Airlines', 'https://flyasiana.com'),
  BR: home('EVA Air', 'https://www.evaair.com'),
  CA: home('Air China', 'https://www.airchina.com.cn'),
  TG: home('Thai Airways', 'https://www.thaiairways.com'),
  AI: home('Air India', 'https://www.airindia.com'),
  NZ: home('Air New Zealand', 'https://www.airnewzealand.com'),
  ET: home('Ethiopian Airlines', 'https://www.ethiopianairlines.com'),
  MS: home('EgyptAir', 'https://www.egyptair.com'),
  SA: home('South African Airways', 'https://www.flysaa.com'),
  CM: home('Copa Airlines', 'https://www.copaair.com'),
  AV: home('Avianca', 'https://www.avianca.com'),
  // oneworld
  AA: { name: 'American Airlines', url: 'https://www.aa.com', deepLink: false, opensHours: 24, closesHours: 1, window: 'airline' },
  AS: { name: 'Alaska Airlines', url: 'https://www.alaskaair.com', deepLink: false, opensHours: 24, closesHours: 1, window: 'airline' },
  BA: { name: 'British Airways', url: 'https://www.britishairways.com', deepLink: false, opensHours: 24, closesHours: 1.5, window: 'airline' },
  IB: home('Iberia', 'https://www.iberia.com'),
  AY: home('Finnair', 'https://www.finnair.com'),
  QF: home('Qantas', 'https://www.qantas.com'),
  CX: { name: 'Cathay Pacific', url: 'https://www.cathaypacific.com', deepLink: false, opensHours: 48, closesHours: 1.5, window: 'airline' },
  JL: home('Japan Airlines', 'https://www.jal.com'),
  QR: home('Qatar Airways', 'https://www.qatarairways.com'),
  MH: home('Malaysia Airlines', 'https://www.malaysiaairlines.com'),
  AT: home('Royal Air Maroc', 'https://www.royalairmaroc.com'),
  // SkyTeam
  DL: { name: 'Delta Air Lines', url: 'https://www.delta.com', deepLink: false, opensHours: 24, closesHours: 1, window: 'airline' },
  AF: { name: 'Air France', url: 'https://www.airfrance.com', deepLink: false, opensHours: 30, closesHours: 1, window: 'airline' },
  KL: { name: 'KLM', url: 'https://www.klm.com', deepLink: false, opensHours: 30, closesHours: 1, window: 'airline' },
  VS: home('Virgin Atlantic', 'https://www.virginatlantic.com'),
  SK: home('SAS Scandinavian Airlines', 'https://www.flysas.com'),
  KE: home('Korean Air', 'https://www.koreanair.com'),
  CI: home('China Airlines', 'https://www.china-airlines.com'),
  AM: home('Aeroméxico', 'https://www.aeromexico.com'),
  GA: home('Garuda Indonesia', 'https://www.garuda-indonesia.com'),
  SV: home('Saudia', 'https://www.saudia.com'),
  VN: home('Vietnam Airlines', 'https://www.vietnamairlines.com'),
  UX: home('Air Europa', 'https://www.aireuropa.com'),
  // Not in an alliance
  AZ: home('ITA Airways', 'https://www.ita-airways.com'),
  EK: { name: 'Emirates', url: 'https://www.emirates.com', deepLink: false, opensHours: 48, closesHours: 1.5, window: 'airline' },
  EY: home('Etihad Airways', 'https://www.etihad.com'),
  LA: home('LATAM Airlines', 'https://www.latamairlines.com'),
  B6: { name: 'JetBlue', url: 'https://www.jetblue.com', deepLink: false, opensHours: 24, closesHours: 1, window: 'airline' },
  WS: home('WestJet', 'https://www.westjet.com'),
  VA: home('Virgin Australia', 'https://www.virginaustralia.com'),
  AD: home('Azul', 'https://www.voeazul.com.br'),
  WN: { name: 'Southwest Airlines', url: 'https://www.southwest.com/air/check-in/', deepLink: true, opensHours: 24, closesHours: 1, window: 'airline' },
  F9: home('Frontier Airlines', 'https://www.flyfrontier.com'),
  FR: { name: 'Ryanair', url: 'https://www.ryanair.com', deepLink: false, opensHours: 24, closesHours: 2, window: 'airline' },
  U2: { name: 'easyJet', url: 'https://www.easyjet.com', deepLink: false, opensHours: 720, closesHours: 2, window: 'airline' },
  W6: home('Wizz Air', 'https://wizzair.com'),
  VY: home('Vueling', 'https://www.vueling.com'),
  '6E': home('IndiGo', 'https://www.goindigo.in'),
  G3: home('GOL', 'https://www.voegol.com.br'),
  AK: home('AirAsia', 'https://www.airasia.com'),
};

/** Check-in facts for an airline (IATA code), or undefined when it is not in the dataset. */
export function checkInInfo(iata: string): CheckInInfo | undefined {
  return CHECK_IN[iata.toUpperCase()];
}
