import type { AwardCabin, AwardPrice, Dataset, Region } from './types.js';

// One-way saver award prices per programme and region pair (either direction),
// with typical taxes and carrier surcharges in USD and whether the award can be
// held before points are transferred. 'chart' rows are published or well-known
// unpublished chart levels (off-peak where the programme has seasons); 'dynamic'
// rows give the usual low and, in milesHigh, the usual high.
//
// These are reference levels for ranking paths when live availability is
// missing; live prices from the award provider always win. Rows marked APPROX
// are our best reading of programmes that changed in 2024-26 or publish no
// chart; the dataset's asOf says how fresh the rest is.

type Cabins = Partial<Record<AwardCabin, number>>;
type Hold = NonNullable<AwardPrice['hold']>;

const NO_HOLD: Hold = { possible: false, hours: null };

/** Rows of one programme, which shares its pricing model and hold policy. */
function programme(program: string, pricing: AwardPrice['pricing'], hold: Hold) {
  return (fromRegion: Region, toRegion: Region, miles: Cabins, typicalTaxesUsd: Cabins, extra: Partial<AwardPrice> = {}): AwardPrice => ({
    program, fromRegion, toRegion, pricing, miles, typicalTaxesUsd, hold, ...extra,
  });
}
const band = (min: number, max: number) => ({ distanceBand: { min, max } });

// Air Canada Aeroplan: distance-banded zone chart, no fuel surcharges on most
// partners (some on Lufthansa group), CAD 39 partner booking fee for non-elites
// folded into taxes. No holds: points must be in the account to book.
const aeroplan = programme('aeroplan', 'chart', NO_HOLD);
const AEROPLAN = [
  aeroplan('north_america', 'north_america', { economy: 6000, business: 15_000 }, { economy: 35, business: 35 }, band(0, 500)),
  aeroplan('north_america', 'north_america', { economy: 10_000, business: 20_000 }, { economy: 35, business: 35 }, band(501, 1500)),
  aeroplan('north_america', 'north_america', { economy: 12_500, business: 25_000 }, { economy: 35, business: 35 }, band(1501, 2750)),
  aeroplan('north_america', 'north_america', { economy: 17_500, business: 35_000 }, { economy: 35, business: 35 }, band(2751, 9999)),
  aeroplan('north_america', 'europe', { economy: 30_000, premium_economy: 45_000, business: 60_000, first: 70_000 }, { economy: 80, premium_economy: 100, business: 120, first: 150 }, band(0, 4000)),
  aeroplan('north_america', 'europe', { economy: 35_000, premium_economy: 55_000, business: 70_000, first: 80_000 }, { economy: 80, premium_economy: 100, business: 120, first: 150 }, band(4001, 7500)),
  aeroplan('north_america', 'north_asia', { economy: 45_000, business: 75_000, first: 105_000 }, { economy: 60, business: 80, first: 80 }), // APPROX: 5,001-7,000-mile band
  aeroplan('north_america', 'south_america', { economy: 35_000, business: 60_000, first: 80_000 }, { economy: 60, business: 80, first: 80 }), // APPROX
  aeroplan('north_america', 'middle_east', { economy: 50_000, business: 80_000, first: 100_000 }, { economy: 80, business: 150, first: 200 }), // APPROX
  aeroplan('north_america', 'oceania', { economy: 55_000, business: 87_500, first: 110_000 }, { economy: 60, business: 80, first: 80 }), // APPROX
  aeroplan('europe', 'middle_east', { economy: 20_000, business: 40_000 }, { economy: 100, business: 150 }), // APPROX
];

// United MileagePlus: dynamic on its own flights (saver floor below), partner
// saver near a fixed level (business to Europe ~88k, APPROX). No holds for
// general members. No carrier surcharges.
const united = programme('united_mileageplus', 'dynamic', NO_HOLD);
const UNITED = [
  united('north_america', 'north_america', { economy: 12_500, business: 25_000 }, { economy: 6, business: 6 }, { milesHigh: { economy: 40_000, business: 80_000 } }),
  united('north_america', 'caribbean', { economy: 17_500, business: 35_000 }, { economy: 40, business: 40 }, { milesHigh: { economy: 50_000, business: 90_000 } }), // APPROX
  united('north_america', 'central_america', { economy: 17_500, business: 35_000 }, { economy: 40, business: 40 }, { milesHigh: { economy: 50_000, business: 90_000 } }), // APPROX
  united('north_america', 'europe', { economy: 30_000, premium_economy: 45_000, business: 60_000 }, { economy: 60, premium_economy: 70, business: 80 }, { milesHigh: { economy: 90_000, premium_economy: 130_000, business: 200_000 } }),
  united('north_america', 'north_asia', { economy: 35_000, business: 80_000 }, { economy: 60, business: 80 }, { milesHigh: { economy: 100_000, business: 250_000 } }),
  united('north_america', 'south_america', { economy: 30_000, business: 60_000 }, { economy: 60, business: 80 }, { milesHigh: { economy: 90_000, business: 200_000 } }), // APPROX
  united('north_america', 'middle_east', { economy: 42_500, business: 80_000 }, { economy: 80, business: 100 }, { milesHigh: { economy: 110_000, business: 250_000 } }), // APPROX
  united('north_america', 'oceania', { economy: 40_000, business: 80_000 }, { economy: 60, business: 80 }, { milesHigh: { economy: 120_000, business: 300_000 } }), // APPROX
];

// American AAdvantage: partner awards on a fixed chart (own flights are dynamic
// with these as the usual floor). Passes British Airways surcharges. Holds are
// not reliably offered, so treated as none.
const american = programme('american_aadvantage', 'chart', NO_HOLD);
const AMERICAN = [
  american('north_america', 'north_america', { economy: 12_500, business: 25_000 }, { economy: 6, business: 6 }),
  american('north_america', 'caribbean', { economy: 15_000, business: 25_000 }, { economy: 40, business: 40 }), // APPROX
  american('north_america', 'central_america', { economy: 15_000, business: 25_000 }, { economy: 40, business: 40 }), // APPROX
  american('north_america', 'europe', { economy: 30_000, business: 57_500, first: 85_000 }, { economy: 100, business: 200, first: 250 }),
  american('north_america', 'north_asia', { economy: 35_000, business: 60_000, first: 80_000 }, { economy: 60, business: 60, first: 60 }),
  american('north_america', 'south_america', { economy: 30_000, business: 57_500, first: 85_000 }, { economy: 60, business: 80, first: 80 }),
  american('north_america', 'middle_east', { economy: 40_000, business: 70_000, first: 115_000 }, { economy: 100, business: 150, first: 150 }),
  american('north_america', 'south_asia', { economy: 40_000, business: 70_000, first: 115_000 }, { economy: 100, business: 150, first: 150 }),
  american('north_america', 'southeast_asia', { economy: 40_000, business: 70_000, first: 110_000 }, { economy: 60, business: 80, first: 80 }), // APPROX
  american('north_america', 'oceania', { economy: 40_000, business: 80_000, first: 110_000 }, { economy: 60, business: 100, first: 100 }),
];

// Delta SkyMiles: fully dynamic, no chart; lows are sale-level prices. No holds.
const delta = programme('delta_skymiles', 'dynamic', NO_HOLD);
const DELTA = [
  delta('north_america', 'north_america', { economy: 10_000, business: 25_000 }, { economy: 6, business: 6 }, { milesHigh: { economy: 40_000, business: 100_000 } }),
  delta('north_america', 'europe', { economy: 30_000, premium_economy: 45_000, business: 60_000 }, { economy: 80, premium_economy: 100, business: 120 }, { milesHigh: { economy: 100_000, premium_economy: 150_000, business: 300_000 } }),
  delta('north_america', 'north_asia', { economy: 35_000, business: 95_000 }, { economy: 60, business: 60 }, { milesHigh: { economy: 120_000, business: 350_000 } }),
  delta('north_america', 'south_america', { economy: 30_000, business: 60_000 }, { economy: 60, business: 80 }, { milesHigh: { economy: 100_000, business: 250_000 } }), // APPROX
  delta('north_america', 'oceania', { economy: 40_000, business: 95_000 }, { economy: 60, business: 80 }, { milesHigh: { economy: 130_000, business: 350_000 } }), // APPROX
];

// Alaska Atmos Rewards: distance-based partner chart (2024-25 rework), low fees,
// passes BA surcharges. No holds. Short flights from 4,500 points.
const alaska = programme('alaska_mileage_plan', 'chart', NO_HOLD);
const ALASKA = [
  alaska('north_america', 'north_america', { economy: 7500, business: 15_000 }, { economy: 6, business: 6 }), // APPROX: typical mid-length flight
  alaska('north_america', 'europe', { economy: 30_000, business: 60_000, first: 70_000 }, { economy: 100, business: 200, first: 250 }), // APPROX
  alaska('north_america', 'north_asia', { economy: 35_000, business: 60_000, first: 70_000 }, { economy: 60, business: 60, first: 60 }), // JAL
  alaska('north_america', 'middle_east', { economy: 42_500, business: 75_000 }, { economy: 100, business: 150 }), // Qatar, APPROX
  alaska('north_america', 'oceania', { economy: 40_000, business: 55_000 }, { economy: 60, business: 80 }), // Fiji Airways, APPROX
];

// Flying Blue: dynamic, with monthly Promo Rewards 20-50 % off; Air France/KLM
// surcharges. No holds.
const flyingBlue = programme('flying_blue', 'dynamic', NO_HOLD);
const FLYING_BLUE = [
  flyingBlue('north_america', 'europe', { economy: 25_000, premium_economy: 40_000, business: 50_000 }, { economy: 150, premium_economy: 200, business: 250 }, { milesHigh: { economy: 90_000, premium_economy: 130_000, business: 200_000 } }), // business floor APPROX
  flyingBlue('north_america', 'north_asia', { economy: 40_000, business: 80_000 }, { economy: 150, business: 250 }, { milesHigh: { economy: 120_000, business: 250_000 } }), // APPROX
  flyingBlue('north_america', 'middle_east', { economy: 35_000, business: 70_000 }, { economy: 150, business: 250 }, { milesHigh: { economy: 110_000, business: 220_000 } }), // APPROX
  flyingBlue('europe', 'europe', { economy: 10_000, business: 22_500 }, { economy: 60, business: 80 }, { milesHigh: { economy: 40_000, business: 80_000 } }), // APPROX
  flyingBlue('europe', 'middle_east', { economy: 15_000, business: 35_000 }, { economy: 100, business: 150 }, { milesHigh: { economy: 50_000, business: 120_000 } }), // APPROX
];

// Virgin Atlantic Flying Club: fixed partner charts (Delta, ANA, Air France/KLM),
// heavy surcharges on its own flights. Reward seats can be held for a short time
// before points are topped up (APPROX length).
const virgin = programme('virgin_atlantic', 'chart', { possible: true, hours: 48 });
const VIRGIN_ATLANTIC = [
  virgin('north_america', 'north_america', { economy: 7500, business: 15_000 }, { economy: 6, business: 6 }, band(0, 500)), // Delta flights, APPROX
  virgin('north_america', 'north_america', { economy: 12_500, business: 22_500 }, { economy: 6, business: 6 }, band(501, 9999)), // Delta flights, APPROX
  virgin('north_america', 'europe', { economy: 20_000, premium_economy: 35_000, business: 50_000 }, { economy: 200, premium_economy: 300, business: 450 }),
  // ANA: West Coast to Japan is under 6,000 miles, the rest of the US above.
  virgin('north_america', 'north_asia', { economy: 30_000, business: 52_500, first: 72_500 }, { economy: 100, business: 150, first: 150 }, band(0, 6000)),
  virgin('north_america', 'north_asia', { economy: 35_000, business: 60_000, first: 85_000 }, { economy: 100, business: 150, first: 150 }, band(6001, 9999)),
];

// British Airways Club: distance-based per segment, off-peak on BA flights,
// always peak on partners; very high surcharges on BA long haul. No holds.
const ba = programme('british_airways', 'chart', NO_HOLD);
const BRITISH_AIRWAYS = [
  ba('north_america', 'north_america', { economy: 7750, business: 15_500 }, { economy: 6, business: 6 }, band(0, 650)),
  ba('north_america', 'north_america', { economy: 9000, business: 18_000 }, { economy: 6, business: 6 }, band(651, 1150)),
  ba('north_america', 'north_america', { economy: 11_000, business: 22_000 }, { economy: 6, business: 6 }, band(1151, 2000)),
  ba('north_america', 'north_america', { economy: 16_000, business: 32_000 }, { economy: 6, business: 6 }, band(2001, 3000)), // APPROX
  ba('north_america', 'europe', { economy: 13_000, premium_economy: 26_000, business: 50_000, first: 68_000 }, { economy: 250, premium_economy: 400, business: 650, first: 750 }), // off-peak, APPROX
  ba('europe', 'europe', { economy: 4500, business: 8500 }, { economy: 45, business: 60 }, band(0, 650)), // Reward Flight Saver, APPROX
];

// Iberia Club: banded chart on Iberia flights, off-peak shown, low surcharges. No holds.
const iberia = programme('iberia_avios', 'chart', NO_HOLD);
const IBERIA = [
  iberia('north_america', 'europe', { economy: 17_000, premium_economy: 25_500, business: 34_000 }, { economy: 100, premium_economy: 120, business: 150 }, band(0, 4500)),
  iberia('north_america', 'europe', { economy: 21_250, premium_economy: 31_875, business: 42_500 }, { economy: 100, premium_economy: 120, business: 150 }, band(4501, 5500)), // APPROX
  iberia('north_america', 'europe', { economy: 25_500, premium_economy: 38_250, business: 51_000 }, { economy: 100, premium_economy: 120, business: 150 }, band(5501, 7000)), // APPROX
];

// Aer Lingus AerClub: off-peak transatlantic from the East Coast. No holds. APPROX.
const aerLingus = programme('aer_lingus', 'chart', NO_HOLD);
const AER_LINGUS = [
  aerLingus('north_america', 'europe', { economy: 13_000, business: 50_000 }, { economy: 150, business: 200 }),
];

// Qatar Airways Privilege Club: Avios chart, Qsuites business. No holds.
const qatar = programme('qatar_privilege_club', 'chart', NO_HOLD);
const QATAR = [
  qatar('north_america', 'middle_east', { economy: 35_000, business: 70_000 }, { economy: 80, business: 150 }),
  qatar('north_america', 'south_asia', { economy: 42_500, business: 85_000 }, { economy: 100, business: 180 }), // APPROX
  qatar('europe', 'middle_east', { economy: 15_000, business: 42_500 }, { economy: 150, business: 300 }), // APPROX
];

// Avianca LifeMiles: no fuel surcharges, USD 25 booking fee in taxes, no holds.
const lifemiles = programme('avianca_lifemiles', 'chart', NO_HOLD);
const LIFEMILES = [
  lifemiles('north_america', 'north_america', { economy: 7500, business: 15_000 }, { economy: 30, business: 30 }), // APPROX
  lifemiles('north_america', 'central_america', { economy: 10_000, business: 25_000 }, { economy: 60, business: 60 }), // APPROX
  lifemiles('north_america', 'europe', { economy: 30_000, business: 63_000, first: 87_000 }, { economy: 60, business: 60, first: 60 }),
  lifemiles('north_america', 'north_asia', { economy: 35_000, business: 75_000, first: 90_000 }, { economy: 60, business: 60, first: 60 }),
  lifemiles('north_america', 'south_america', { economy: 25_000, business: 50_000 }, { economy: 60, business: 60 }), // APPROX
  lifemiles('north_america', 'oceania', { economy: 40_000, business: 80_000 }, { economy: 60, business: 60 }), // APPROX
];

// Singapore KrisFlyer: saver chart on Singapore Airlines; reward bookings can be
// held and waitlists cleared before points arrive (APPROX length).
const krisflyer = programme('singapore_krisflyer', 'chart', { possible: true, hours: 72 });
const KRISFLYER = [
  krisflyer('north_america', 'southeast_asia', { economy: 49_000, premium_economy: 67_000, business: 95_500, first: 133_000 }, { economy: 60, premium_economy: 80, business: 100, first: 100 }), // APPROX
  krisflyer('north_america', 'europe', { economy: 30_000, business: 75_500 }, { economy: 60, business: 100 }), // JFK-FRA, APPROX
];

// ANA Mileage Club sells ROUND TRIPS ONLY on its own chart: the miles here are
// half the regular-season round trip, so a one-way needs twice as many and a
// return flight booked with it. Reservations can be held until a ticketing
// deadline (APPROX).
const ana = programme('ana_mileage_club', 'chart', { possible: true, hours: 72 });
const ANA = [
  ana('north_america', 'north_asia', { economy: 25_000, premium_economy: 38_500, business: 42_500, first: 82_500 }, { economy: 100, premium_economy: 120, business: 150, first: 150 }, { roundTripOnly: true }),
];

// Cathay Pacific Asia Miles: distance chart (ultra-long-haul band). No holds. APPROX.
const asiaMiles = programme('cathay_asia_miles', 'chart', NO_HOLD);
const ASIA_MILES = [
  asiaMiles('north_america', 'north_asia', { economy: 38_000, premium_economy: 58_000, business: 85_000, first: 125_000 }, { economy: 80, premium_economy: 80, business: 80, first: 80 }),
];

// Emirates Skywards: saver chart; First saver limited to elites since 2025; surcharges. No holds.
const skywards = programme('emirates_skywards', 'chart', NO_HOLD);
const SKYWARDS = [
  skywards('north_america', 'middle_east', { economy: 35_000, business: 72_500, first: 102_000 }, { economy: 150, business: 350, first: 400 }), // APPROX
  skywards('north_america', 'europe', { economy: 30_000, business: 87_000 }, { economy: 100, business: 250 }), // fifth-freedom JFK-MXP/ATH
];

// Etihad Guest: chart reworked in 2024-25. No holds. APPROX.
const etihad = programme('etihad_guest', 'chart', NO_HOLD);
const ETIHAD = [
  etihad('north_america', 'middle_east', { economy: 42_000, business: 88_000 }, { economy: 80, business: 120 }),
];

// Turkish Miles&Smiles: promotion-award chart on Turkish flights (from the
// programme's own table, Türkiye counted as Europe); Star partners in North
// America cheaply (Hawaii included). Awards can be reserved and held before the
// miles are in the account (APPROX).
const turkish = programme('turkish_miles_smiles', 'chart', { possible: true, hours: 72 });
const TURKISH = [
  turkish('north_america', 'north_america', { economy: 10_000, business: 15_000 }, { economy: 6, business: 6 }), // United flights incl. Hawaii, APPROX (once 7,500)
  turkish('north_america', 'europe', { economy: 40_000, business: 65_000 }, { economy: 150, business: 250 }),
  turkish('europe', 'europe', { economy: 10_000, business: 20_000 }, { economy: 60, business: 80 }),
  turkish('europe', 'middle_east', { economy: 18_000, business: 28_000 }, { economy: 80, business: 120 }),
  turkish('europe', 'north_asia', { economy: 35_000, business: 65_000 }, { economy: 120, business: 180 }),
];

// JetBlue TrueBlue and Southwest Rapid Rewards: revenue-based, points track the
// cash fare. No holds (Southwest refunds points on cancellation instead).
const jetblue = programme('jetblue_trueblue', 'dynamic', NO_HOLD);
const southwest = programme('southwest_rapid_rewards', 'dynamic', NO_HOLD);
const REVENUE_BASED = [
  jetblue('north_america', 'north_america', { economy: 10_000, business: 35_000 }, { economy: 6, business: 6 }, { milesHigh: { economy: 40_000, business: 90_000 } }),
  jetblue('north_america', 'caribbean', { economy: 10_000 }, { economy: 40 }, { milesHigh: { economy: 35_000 } }),
  jetblue('north_america', 'europe', { economy: 20_000, business: 60_000 }, { economy: 100, business: 200 }, { milesHigh: { economy: 60_000, business: 150_000 } }), // APPROX
  southwest('north_america', 'north_america', { economy: 6000 }, { economy: 6 }, { milesHigh: { economy: 25_000 } }),
  southwest('north_america', 'caribbean', { economy: 10_000 }, { economy: 50 }, { milesHigh: { economy: 30_000 } }), // APPROX
];

// Qantas Frequent Flyer: Classic Reward chart (2023 levels), surcharges. No holds. APPROX.
const qantas = programme('qantas', 'chart', NO_HOLD);
const QANTAS = [
  qantas('north_america', 'oceania', { economy: 41_900, premium_economy: 69_900, business: 108_400, first: 162_700 }, { economy: 150, premium_economy: 200, business: 300, first: 350 }),
];

export const AWARD_PRICES: Dataset<AwardPrice> = {
  asOf: '2026-03-01',
  sources: [
    'Published award charts: aircanada.com (Aeroplan), aa.com (partner chart), alaskaair.com (Atmos Rewards), virginatlantic.com (partner charts), britishairways.com and iberia.com (Avios), qatarairways.com, lifemiles.com, singaporeair.com, ana.co.jp, cathaypacific.com, emirates.com, etihad.com, turkishairlines.com (promotion award table), qantas.com',
    'Dynamic programmes (United, Delta, Flying Blue, JetBlue, Southwest): observed lows and highs reported by The Points Guy, Frequent Miler and One Mile at a Time (2025)',
    'Taxes and surcharges: typical one-way amounts reported for US departures (2025)',
  ],
  items: [
    ...AEROPLAN, ...UNITED, ...AMERICAN, ...DELTA, ...ALASKA, ...FLYING_BLUE, ...VIRGIN_ATLANTIC, ...BRITISH_AIRWAYS,
    ...IBERIA, ...AER_LINGUS, ...QATAR, ...LIFEMILES, ...KRISFLYER, ...ANA, ...ASIA_MILES, ...SKYWARDS, ...ETIHAD,
    ...TURKISH, ...REVENUE_BASED, ...QANTAS,
  ],
};
