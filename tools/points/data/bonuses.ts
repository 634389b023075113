import type { Dataset, TransferBonus } from './types.js';

// Transfer bonuses: a CURATED SNAPSHOT, not a feed. Operators must update this
// file as promotions are announced; nothing here refreshes itself.
//
// - Past entries are promotions of the kind each bank ran in 2024-26, kept so the
//   history and the "active only" filter can be exercised; their exact dates are
//   APPROX where marked.
// - Entries from November 2026 on are ILLUSTRATIVE: modelled on each bank's
//   recurring promotions (Amex → Virgin Atlantic / Flying Blue, Chase → Flying
//   Blue / Virgin Atlantic, Capital One → British Airways, Citi → Turkish, Bilt's
//   Rent Day on the 1st of the month) and NOT verified announcements. Check the
//   issuer before transferring.
// Dates are inclusive and in US Eastern time as the banks state them.

export const TRANSFER_BONUSES: Dataset<TransferBonus> = {
  asOf: '2026-11-21',
  sources: [
    'Issuer promotion pages (americanexpress.com, chase.com, thankyou.com, capitalone.com, bilt.com)',
    'Bonus trackers: frequentmiler.com current transfer bonuses, awardwallet.com transfer bonus history',
    'awardtravelhub.com: Bilt February 2026 Rent Day (Accor 25-50 %)',
  ],
  items: [
    // Past.
    { from: 'chase_ur', to: 'ihg_one_rewards', percent: 70, start: '2024-05-01', end: '2024-05-31', note: 'Dates APPROX.' },
    { from: 'amex_mr', to: 'virgin_atlantic', percent: 30, start: '2025-02-01', end: '2025-03-31', note: 'Dates APPROX.' },
    { from: 'chase_ur', to: 'flying_blue', percent: 25, start: '2025-04-01', end: '2025-04-30', note: 'Dates APPROX.' },
    { from: 'capital_one', to: 'virgin_atlantic', percent: 30, start: '2025-06-01', end: '2025-06-30', note: 'Via Virgin Red. Dates APPROX.' },
    { from: 'citi_typ', to: 'turkish_miles_smiles', percent: 25, start: '2025-08-15', end: '2025-09-15', note: 'Dates APPROX.' },
    { from: 'amex_mr', to: 'hilton_honors', percent: 30, start: '2025-09-01', end: '2025-10-15', note: '1:2.6 during the promotion. Dates APPROX.' },
    { from: 'bilt', to: 'accor_live_limitless', percent: 25, start: '2026-02-01', end: '2026-02-01', note: 'Rent Day; up to 50 % with Accor elite status.' },
    { from: 'chase_ur', to: 'marriott_bonvoy', percent: 50, start: '2026-05-01', end: '2026-05-31', note: 'Dates APPROX.' },
    { from: 'capital_one', to: 'british_airways', percent: 20, start: '2026-08-01', end: '2026-08-31', note: 'Dates APPROX.' },

    // Running on 2026-11-21 and through the following weeks (ILLUSTRATIVE).
    { from: 'amex_mr', to: 'flying_blue', percent: 25, start: '2026-11-01', end: '2026-12-31', note: 'Illustrative snapshot entry; verify with Amex.' },
    { from: 'chase_ur', to: 'virgin_atlantic', percent: 30, start: '2026-11-15', end: '2026-12-31', note: 'Illustrative snapshot entry; verify with Chase.' },
    { from: 'capital_one', to: 'british_airways', percent: 30, start: '2026-11-10', end: '2026-12-22', note: 'Illustrative snapshot entry; verify with Capital One.' },
    { from: 'citi_typ', to: 'turkish_miles_smiles', percent: 25, start: '2026-11-18', end: '2026-12-15', note: 'Illustrative snapshot entry; verify with Citi.' },
    { from: 'amex_mr', to: 'hilton_honors', percent: 30, start: '2026-11-01', end: '2027-01-15', note: 'Illustrative snapshot entry; verify with Amex.' },

    // Announced for later (ILLUSTRATIVE).
    { from: 'bilt', to: 'alaska_mileage_plan', percent: 50, start: '2026-12-01', end: '2026-12-01', note: 'Rent Day, one day only. Illustrative.' },
    { from: 'chase_ur', to: 'aeroplan', percent: 20, start: '2027-01-05', end: '2027-02-05', note: 'Illustrative snapshot entry.' },
    { from: 'capital_one', to: 'flying_blue', percent: 20, start: '2027-01-15', end: '2027-02-15', note: 'Illustrative snapshot entry.' },
    { from: 'bilt', to: 'virgin_atlantic', percent: 50, start: '2027-01-01', end: '2027-01-01', note: 'Rent Day, one day only. Illustrative.' },
  ],
};
