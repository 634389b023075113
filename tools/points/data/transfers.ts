import type { Dataset, TransferEdge } from './types.js';

// Every transfer the points engine may route through: bank → airline, bank →
// hotel, hotel → airline, and the few airline → airline moves that exist (Avios
// between the programmes that share it). ratio is points received per point
// sent; minimum and increment are in the sending programme's points.
//
// Bank conventions (as each issuer states them, 2025-26):
// - Amex: 1,000 minimum in 1,000 steps (JetBlue 250 in 250s: 250 MR → 200
//   TrueBlue). US-airline transfers carry a small federal excise fee, not modelled.
// - Chase: 1:1 to everyone, 1,000 minimum in 1,000 steps.
// - Citi: 1,000 minimum in 1,000 steps.
// - Capital One: 1,000 minimum, then 100-mile steps (APPROX: reported, not in its terms we saw).
// - Bilt: 2,000 minimum (APPROX), then 1,000 steps (Bilt's Marriott terms say 1,000-point increments).
// - Wells Fargo: 1,000 minimum in 1,000 steps.
// Transfer times are the usual experience, not a promise: 'instant' posts within
// minutes, 'hours' the same day, 'days' one to five days.
//
// Changes folded in: Chase dropped Emirates (Oct 2025); Citi → Emirates 1,000:800
// (Jul 2025); Amex → Emirates 5:4 (Sep 2025); Capital One → Emirates 4:3 (13 Jan
// 2026); Amex → Cathay 5:4 (1 Mar 2026, reported); Amex dropped Hawaiian (2024-25).

type Speed = Pick<TransferEdge, 'transferTime' | 'typicalHours'>;
const INSTANT: Speed = { transferTime: 'instant', typicalHours: 0 };
const SAME_DAY: Speed = { transferTime: 'hours', typicalHours: 12 };
const ONE_DAY: Speed = { transferTime: 'hours', typicalHours: 24 };
const TWO_DAYS: Speed = { transferTime: 'days', typicalHours: 48 };
const THREE_DAYS: Speed = { transferTime: 'days', typicalHours: 72 };

interface Rule {
  minimum: number;
  increment: number;
}

/** One bank's or hotel's edges: [to, ratio, speed, overrides?]. */
function edgesFrom(from: string, rule: Rule, rows: [string, number, Speed, Partial<TransferEdge>?][]): TransferEdge[] {
  return rows.map(([to, ratio, speed, extra]) => ({ from, to, ratio, ...rule, ...speed, ...extra }));
}

const AMEX = edgesFrom('amex_mr', { minimum: 1000, increment: 1000 }, [
  ['aer_lingus', 1, INSTANT],
  ['aeromexico', 1.6, TWO_DAYS],
  ['aeroplan', 1, INSTANT],
  ['ana_mileage_club', 1, TWO_DAYS],
  ['avianca_lifemiles', 1, INSTANT],
  ['british_airways', 1, INSTANT],
  ['cathay_asia_miles', 0.8, INSTANT], // 5:4 from 2026-03-01 (reported)
  ['delta_skymiles', 1, INSTANT],
  ['emirates_skywards', 0.8, INSTANT], // 5:4 from 2025-09-16
  ['etihad_guest', 1, INSTANT],
  ['flying_blue', 1, INSTANT],
  ['iberia_avios', 1, INSTANT],
  ['jetblue_trueblue', 0.8, INSTANT, { minimum: 250, increment: 250 }],
  ['qantas', 1, INSTANT],
  ['qatar_privilege_club', 1, INSTANT],
  ['singapore_krisflyer', 1, SAME_DAY],
  ['virgin_atlantic', 1, INSTANT],
  ['hilton_honors', 2, INSTANT],
  ['marriott_bonvoy', 1, INSTANT],
  ['choice_privileges', 1, INSTANT],
]);

const CHASE = edgesFrom('chase_ur', { minimum: 1000, increment: 1000 }, [
  ['aer_lingus', 1, INSTANT],
  ['aeroplan', 1, INSTANT],
  ['british_airways', 1, INSTANT],
  ['flying_blue', 1, INSTANT],
  ['iberia_avios', 1, INSTANT],
  ['jetblue_trueblue', 1, INSTANT],
  ['singapore_krisflyer', 1, ONE_DAY],
  ['southwest_rapid_rewards', 1, INSTANT],
  ['united_mileageplus', 1, INSTANT],
  ['virgin_atlantic', 1, INSTANT],
  ['world_of_hyatt', 1, INSTANT],
  ['ihg_one_rewards', 1, INSTANT],
  ['marriott_bonvoy', 1, ONE_DAY],
]);

const CITI = edgesFrom('citi_typ', { minimum: 1000, increment: 1000 }, [
  ['aeromexico', 1, TWO_DAYS],
  ['american_aadvantage', 1, INSTANT],
  ['avianca_lifemiles', 1, INSTANT],
  ['cathay_asia_miles', 1, ONE_DAY],
  ['emirates_skywards', 0.8, INSTANT], // 1,000:800 from 2025-07-27
  ['etihad_guest', 1, ONE_DAY],
  ['eva_infinity', 1, THREE_DAYS],
  ['flying_blue', 1, INSTANT],
  ['jetblue_trueblue', 1, INSTANT],
  ['qantas', 1, ONE_DAY],
  ['qatar_privilege_club', 1, INSTANT],
  ['singapore_krisflyer', 1, ONE_DAY],
  ['thai_royal_orchid_plus', 1, THREE_DAYS],
  ['turkish_miles_smiles', 1, TWO_DAYS],
  ['virgin_atlantic', 1, INSTANT],
  ['choice_privileges', 2, INSTANT],
  ['wyndham_rewards', 1, INSTANT],
  ['accor_live_limitless', 0.5, TWO_DAYS],
]);

const CAPITAL_ONE = edgesFrom('capital_one', { minimum: 1000, increment: 100 }, [
  ['aeromexico', 1, TWO_DAYS],
  ['aeroplan', 1, INSTANT],
  ['avianca_lifemiles', 1, INSTANT],
  ['british_airways', 1, INSTANT],
  ['cathay_asia_miles', 1, ONE_DAY],
  ['emirates_skywards', 0.75, INSTANT], // 4:3 from 2026-01-13
  ['etihad_guest', 1, INSTANT],
  ['eva_infinity', 0.75, THREE_DAYS],
  ['finnair_plus', 1, INSTANT],
  ['flying_blue', 1, INSTANT],
  ['japan_airlines', 0.75, TWO_DAYS], // added 2025 at 4:3 (APPROX)
  ['jetblue_trueblue', 0.6, INSTANT],
  ['qantas', 1, INSTANT],
  ['singapore_krisflyer', 1, ONE_DAY],
  ['tap_miles_and_go', 1, INSTANT],
  ['turkish_miles_smiles', 1, TWO_DAYS],
  ['virgin_atlantic', 1, INSTANT], // via Virgin Red
  ['accor_live_limitless', 0.5, TWO_DAYS],
  ['choice_privileges', 1, INSTANT],
  ['wyndham_rewards', 1, INSTANT],
]);

// Bilt's list changes more often than the others'; this is the list we could confirm.
const BILT = edgesFrom('bilt', { minimum: 2000, increment: 1000 }, [
  ['aer_lingus', 1, INSTANT],
  ['aeroplan', 1, INSTANT],
  ['alaska_mileage_plan', 1, INSTANT], // added 2025
  ['avianca_lifemiles', 1, INSTANT],
  ['british_airways', 1, INSTANT],
  ['cathay_asia_miles', 1, ONE_DAY],
  ['emirates_skywards', 1, INSTANT], // the last 1:1 route into Skywards
  ['flying_blue', 1, INSTANT],
  ['iberia_avios', 1, INSTANT],
  ['tap_miles_and_go', 1, INSTANT],
  ['turkish_miles_smiles', 1, TWO_DAYS],
  ['united_mileageplus', 1, INSTANT],
  ['virgin_atlantic', 1, INSTANT],
  ['world_of_hyatt', 1, INSTANT],
  ['ihg_one_rewards', 1, INSTANT],
  ['marriott_bonvoy', 1, INSTANT],
  ['hilton_honors', 1, INSTANT],
  ['accor_live_limitless', 2 / 3, TWO_DAYS], // 3 Bilt = 2 ALL (Accor's Bilt terms)
]);

const WELLS_FARGO = edgesFrom('wells_fargo', { minimum: 1000, increment: 1000 }, [
  ['aer_lingus', 1, INSTANT],
  ['avianca_lifemiles', 1, INSTANT],
  ['british_airways', 1, INSTANT],
  ['flying_blue', 1, INSTANT],
  ['iberia_avios', 1, INSTANT],
  ['virgin_atlantic', 1, INSTANT],
  ['choice_privileges', 2, INSTANT],
]);

// Marriott: 3 points to 1 mile, plus 5,000 bonus miles per 60,000 points sent,
// so 60,000 → 25,000. United gets 10 % more instead (60,000 → 22,000) and no block
// bonus; JetBlue converts 6:1. Conversions take two to five days.
const MARRIOTT_BLOCK = { blockBonus: { per: 60_000, bonus: 5_000 } };
const MARRIOTT = edgesFrom('marriott_bonvoy', { minimum: 3000, increment: 3000 }, [
  ...[
    'aer_lingus', 'aeromexico', 'aeroplan', 'alaska_mileage_plan', 'american_aadvantage', 'ana_mileage_club',
    'avianca_lifemiles', 'british_airways', 'cathay_asia_miles', 'copa_connectmiles', 'delta_skymiles',
    'emirates_skywards', 'etihad_guest', 'flying_blue', 'iberia_avios', 'japan_airlines', 'korean_skypass',
    'lufthansa_miles_and_more', 'qantas', 'qatar_privilege_club', 'saudia_alfursan', 'singapore_krisflyer',
    'southwest_rapid_rewards', 'tap_miles_and_go', 'thai_royal_orchid_plus', 'turkish_miles_smiles',
    'virgin_atlantic', 'virgin_australia',
  ].map((to): [string, number, Speed, Partial<TransferEdge>] => [to, 1 / 3, THREE_DAYS, MARRIOTT_BLOCK]),
  ['united_mileageplus', 1.1 / 3, THREE_DAYS],
  ['jetblue_trueblue', 1 / 6, THREE_DAYS, { minimum: 6000, increment: 6000 }],
]);

// Hyatt: 2.5 points to 1 mile (5,000 → 2,000), plus 5,000 bonus miles per 50,000
// sent. The partner list is long; these are the ones a US member would use (list and
// 1,250-point steps APPROX).
const HYATT = edgesFrom('world_of_hyatt', { minimum: 5000, increment: 1250 }, [
  'american_aadvantage', 'united_mileageplus', 'delta_skymiles', 'ana_mileage_club', 'japan_airlines',
  'flying_blue', 'qantas', 'southwest_rapid_rewards', 'etihad_guest',
].map((to): [string, number, Speed, Partial<TransferEdge>] => [to, 0.4, THREE_DAYS, { blockBonus: { per: 50_000, bonus: 5_000 } }]));

// IHG: 5 points to 1 mile for most airlines, 10,000 minimum (APPROX list).
const IHG = edgesFrom('ihg_one_rewards', { minimum: 10_000, increment: 5000 }, [
  'american_aadvantage', 'united_mileageplus', 'delta_skymiles', 'aeroplan', 'british_airways',
  'flying_blue', 'emirates_skywards', 'singapore_krisflyer',
].map((to): [string, number, Speed] => [to, 0.2, THREE_DAYS]));

// Hilton: 10 points to 1 mile (American historically 10:1.5), 10,000 minimum. Poor value, listed for completeness (APPROX list).
const HILTON = edgesFrom('hilton_honors', { minimum: 10_000, increment: 10_000 }, [
  ['american_aadvantage', 0.15, THREE_DAYS],
  ['aeroplan', 0.1, THREE_DAYS],
  ['flying_blue', 0.1, THREE_DAYS],
  ['lufthansa_miles_and_more', 0.1, THREE_DAYS],
  ['virgin_atlantic', 0.1, THREE_DAYS],
]);

// Avios moves 1:1 between the programmes that share it ("Combine my Avios"),
// instantly, once each account is old enough (Iberia wants a few months).
const AVIOS = ['british_airways', 'iberia_avios', 'aer_lingus', 'qatar_privilege_club', 'finnair_plus'];
const AVIOS_MOVES: TransferEdge[] = AVIOS.flatMap((from) =>
  AVIOS.filter((to) => to !== from).map((to) => ({ from, to, ratio: 1, minimum: 1, increment: 1, ...INSTANT })));

export const TRANSFERS: Dataset<TransferEdge> = {
  asOf: '2026-03-01',
  sources: [
    'Issuer transfer-partner pages: americanexpress.com, chase.com, thankyou.com, capitalone.com, bilt.com, wellsfargo.com',
    'all.accor.com: Bilt partnership terms (3 Bilt = 2 ALL); bilt.marriott.com terms (1:1, 1,000-point increments)',
    'marriott.com Points to Miles chart; hyatt.com, ihg.com, hilton.com points-to-miles pages',
    'News of ratio changes: thepointsguy.com (Amex/Citi/Capital One Emirates, 2025), onemileatatime.com (Chase drops Emirates, Oct 2025), creditodds.com (Amex Cathay 5:4, Mar 2026)',
    'avios.com: Combine my Avios',
  ],
  items: [...AMEX, ...CHASE, ...CITI, ...CAPITAL_ONE, ...BILT, ...WELLS_FARGO, ...MARRIOTT, ...HYATT, ...IHG, ...HILTON, ...AVIOS_MOVES],
};
