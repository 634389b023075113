import type { Dataset, Program } from './types.js';

// Loyalty programmes the points engine knows: the six US bank currencies, the
// airline programmes they (or hotel programmes) feed, and the hotel programmes.
//
// referenceCpp is a rounded consensus of the published monthly valuations (The
// Points Guy, NerdWallet, Frequent Miler, Upgraded Points, 2025 to early 2026):
// what a point is worth on a good but ordinary redemption, used only to call a
// redemption excellent, good or poor. purchase is the programme's own base
// price before sales (US cents per point, excluding the processing tax some add)
// and its usual yearly cap; both change often and are marked APPROX where we are
// not sure. seatsAeroSource is the slug our award provider (seats.aero) reports
// the programme under; programmes it does not track have none.
//
// Left out on purpose: HawaiianMiles (folded into Alaska's Atmos Rewards on
// 2025-10-01) and Alitalia MilleMiglia (closed).

const bank = (id: string, name: string, referenceCpp: number): Program => ({ id, name, kind: 'bank', referenceCpp });

const hotel = (id: string, name: string, referenceCpp: number, extra: Partial<Program> = {}): Program => ({ id, name, kind: 'hotel', referenceCpp, ...extra });

const airline = (
  id: string,
  name: string,
  airlines: string[],
  alliance: Program['alliance'],
  referenceCpp: number,
  extra: Partial<Program> = {},
): Program => ({ id, name, kind: 'airline', airlines, alliance, partnerAwards: true, referenceCpp, ...extra });

export const PROGRAMS: Dataset<Program> = {
  asOf: '2026-03-01',
  sources: [
    'Issuer transfer-partner pages: americanexpress.com, chase.com, thankyou.com, capitalone.com, bilt.com, wellsfargo.com',
    'The Points Guy monthly valuations (2025) and NerdWallet / Frequent Miler point values (2025)',
    'Programme buy-points pages (united.com, aa.com, delta.com, alaskaair.com, aircanada.com, lifemiles.com, hyatt.com, hilton.com, marriott.com, ihg.com)',
    'seats.aero source list (developers.seats.aero), as mirrored in adapters/sandbox/simulators/world/award-programs.ts',
  ],
  items: [
    // Bank currencies: worth more than 1 cent because they can become any partner's points.
    bank('amex_mr', 'American Express Membership Rewards', 1.8),
    bank('chase_ur', 'Chase Ultimate Rewards', 1.8),
    bank('citi_typ', 'Citi ThankYou Rewards', 1.6),
    bank('capital_one', 'Capital One Miles', 1.7),
    bank('bilt', 'Bilt Rewards', 1.8),
    bank('wells_fargo', 'Wells Fargo Rewards', 1.4),

    // Airline programmes.
    airline('aeroplan', 'Air Canada Aeroplan', ['AC'], 'star_alliance', 1.5, { seatsAeroSource: 'aeroplan', purchase: { centsPerPoint: 2.6, maxPerYear: 300_000 } }), // purchase APPROX (sold in CAD)
    airline('united_mileageplus', 'United MileagePlus', ['UA'], 'star_alliance', 1.3, { seatsAeroSource: 'united', purchase: { centsPerPoint: 3.5, maxPerYear: 150_000 } }),
    airline('american_aadvantage', 'American Airlines AAdvantage', ['AA'], 'oneworld', 1.5, { seatsAeroSource: 'american', purchase: { centsPerPoint: 2.95, maxPerYear: 250_000 } }), // cap APPROX
    airline('delta_skymiles', 'Delta SkyMiles', ['DL'], 'skyteam', 1.15, { seatsAeroSource: 'delta', purchase: { centsPerPoint: 3.5, maxPerYear: 60_000 } }), // cap APPROX
    airline('alaska_mileage_plan', 'Alaska Airlines Atmos Rewards (formerly Mileage Plan)', ['AS', 'HA'], 'oneworld', 1.45, { seatsAeroSource: 'alaska', purchase: { centsPerPoint: 2.75, maxPerYear: 150_000 } }),
    airline('flying_blue', 'Air France-KLM Flying Blue', ['AF', 'KL'], 'skyteam', 1.3, { seatsAeroSource: 'flyingblue' }),
    airline('virgin_atlantic', 'Virgin Atlantic Flying Club', ['VS'], 'skyteam', 1.4, { seatsAeroSource: 'virginatlantic' }),
    airline('british_airways', 'British Airways Club (Avios)', ['BA'], 'oneworld', 1.4),
    airline('iberia_avios', 'Iberia Club (Avios)', ['IB'], 'oneworld', 1.4),
    airline('aer_lingus', 'Aer Lingus AerClub (Avios)', ['EI'], null, 1.4),
    airline('qatar_privilege_club', 'Qatar Airways Privilege Club (Avios)', ['QR'], 'oneworld', 1.4, { seatsAeroSource: 'qatar' }),
    airline('finnair_plus', 'Finnair Plus (Avios)', ['AY'], 'oneworld', 1.4),
    airline('avianca_lifemiles', 'Avianca LifeMiles', ['AV'], 'star_alliance', 1.5, { seatsAeroSource: 'lifemiles', purchase: { centsPerPoint: 3.3, maxPerYear: 200_000 } }), // cap APPROX; often sold with 100-150 % bonus
    airline('singapore_krisflyer', 'Singapore Airlines KrisFlyer', ['SQ'], 'star_alliance', 1.4, { seatsAeroSource: 'singapore' }),
    airline('ana_mileage_club', 'ANA Mileage Club', ['NH'], 'star_alliance', 1.5),
    airline('cathay_asia_miles', 'Cathay Pacific Asia Miles', ['CX'], 'oneworld', 1.3),
    airline('emirates_skywards', 'Emirates Skywards', ['EK'], null, 1.0, { seatsAeroSource: 'emirates' }),
    airline('etihad_guest', 'Etihad Guest', ['EY'], null, 1.2, { seatsAeroSource: 'etihad' }),
    airline('turkish_miles_smiles', 'Turkish Airlines Miles&Smiles', ['TK'], 'star_alliance', 1.3, { seatsAeroSource: 'turkish' }),
    airline('lufthansa_miles_and_more', 'Lufthansa Miles & More', ['LH', 'LX', 'OS', 'SN'], 'star_alliance', 1.2, { seatsAeroSource: 'lufthansa' }),
    airline('tap_miles_and_go', 'TAP Air Portugal Miles&Go', ['TP'], 'star_alliance', 1.2),
    airline('eva_infinity', 'EVA Air Infinity MileageLands', ['BR'], 'star_alliance', 1.2),
    airline('thai_royal_orchid_plus', 'Thai Airways Royal Orchid Plus', ['TG'], 'star_alliance', 1.0),
    airline('copa_connectmiles', 'Copa ConnectMiles', ['CM'], 'star_alliance', 1.0, { seatsAeroSource: 'connectmiles' }),
    airline('ethiopian_shebamiles', 'Ethiopian Airlines ShebaMiles', ['ET'], 'star_alliance', 0.9, { seatsAeroSource: 'ethiopian' }),
    airline('japan_airlines', 'Japan Airlines Mileage Bank', ['JL'], 'oneworld', 1.3),
    airline('qantas', 'Qantas Frequent Flyer', ['QF'], 'oneworld', 1.2, { seatsAeroSource: 'qantas' }),
    airline('korean_skypass', 'Korean Air SKYPASS', ['KE'], 'skyteam', 1.4),
    airline('aeromexico', 'Aeroméxico Rewards', ['AM'], 'skyteam', 0.9, { seatsAeroSource: 'aeromexico' }),
    airline('sas_eurobonus', 'SAS EuroBonus', ['SK'], 'skyteam', 1.2, { seatsAeroSource: 'eurobonus' }), // SAS moved to SkyTeam in 2024
    airline('saudia_alfursan', 'Saudia Alfursan', ['SV'], 'skyteam', 0.8, { seatsAeroSource: 'saudia' }),
    airline('virgin_australia', 'Virgin Australia Velocity', ['VA'], null, 1.0, { seatsAeroSource: 'velocity' }),
    airline('gol_smiles', 'GOL Smiles', ['G3'], null, 0.5, { seatsAeroSource: 'smiles' }),
    airline('azul_fidelidade', 'Azul Fidelidade', ['AD'], null, 0.5, { seatsAeroSource: 'azul' }),
    // Revenue-based programmes: points buy seats at a near-fixed cash rate, no partner awards to speak of.
    airline('jetblue_trueblue', 'JetBlue TrueBlue', ['B6'], null, 1.3, { seatsAeroSource: 'jetblue', partnerAwards: false }),
    airline('southwest_rapid_rewards', 'Southwest Rapid Rewards', ['WN'], null, 1.35, { partnerAwards: false }),

    // Hotel programmes. Accor points are fixed-value (2,000 points = EUR 40).
    hotel('world_of_hyatt', 'World of Hyatt', 1.7, { duffelReference: 'world_of_hyatt', purchase: { centsPerPoint: 2.4, maxPerYear: 55_000 } }),
    hotel('marriott_bonvoy', 'Marriott Bonvoy', 0.8, { duffelReference: 'marriott_bonvoy', purchase: { centsPerPoint: 1.25, maxPerYear: 100_000 } }),
    hotel('hilton_honors', 'Hilton Honors', 0.5, { duffelReference: 'hilton_honors', purchase: { centsPerPoint: 1.0, maxPerYear: null } }), // cap: Hilton's terms vary, APPROX
    hotel('ihg_one_rewards', 'IHG One Rewards', 0.5, { duffelReference: 'ihg_one_rewards', purchase: { centsPerPoint: 1.35, maxPerYear: 150_000 } }), // cap APPROX
    hotel('accor_live_limitless', 'Accor Live Limitless', 2.0, { duffelReference: 'accor_live_limitless' }),
    hotel('wyndham_rewards', 'Wyndham Rewards', 0.9),
    hotel('choice_privileges', 'Choice Privileges', 0.6),
  ],
};
