import type { CardOffer, DealDataset } from './types.js';

// Credit-card sign-up bonuses: a CURATED SNAPSHOT, APPROXIMATE. Figures are the
// public offers of the kind each issuer ran in 2025-26, written from memory and
// rounded; issuers change them often and targeted offers differ. Validity ends
// are our own review dates (issuers rarely state one). Always check the issuer's
// page before applying. Entries past `validUntil` are never shown.

export const CARD_OFFERS: DealDataset<CardOffer> = {
  asOf: '2026-11-21',
  sources: [
    'Issuer card pages (chase.com, americanexpress.com, capitalone.com, citi.com, hilton.com, ihg.com, hyatt.com)',
    'Offer trackers: frequentmiler.com best offers, thepointsguy.com card offers (2025-26) — APPROXIMATE, from memory',
  ],
  items: [
    { id: 'chase-sapphire-preferred', card: 'Chase Sapphire Preferred', issuer: 'Chase', program: 'chase_ur', bonusPoints: 75_000, spendUsd: 5_000, months: 3, annualFeeUsd: 95, validFrom: '2026-09-01', validUntil: '2027-01-31', url: 'https://creditcards.chase.com/rewards-credit-cards/sapphire/preferred' },
    { id: 'chase-sapphire-reserve', card: 'Chase Sapphire Reserve', issuer: 'Chase', program: 'chase_ur', bonusPoints: 100_000, spendUsd: 5_000, months: 3, annualFeeUsd: 795, validFrom: '2026-06-23', validUntil: '2027-01-31', url: 'https://creditcards.chase.com/rewards-credit-cards/sapphire/reserve' },
    { id: 'amex-platinum', card: 'The Platinum Card from American Express', issuer: 'American Express', program: 'amex_mr', bonusPoints: 80_000, spendUsd: 8_000, months: 6, annualFeeUsd: 895, validFrom: '2026-09-18', validUntil: '2027-01-31', url: 'https://www.americanexpress.com/us/credit-cards/card/platinum/', note: 'Targeted offers can be higher.' },
    { id: 'amex-gold', card: 'American Express Gold Card', issuer: 'American Express', program: 'amex_mr', bonusPoints: 60_000, spendUsd: 6_000, months: 6, annualFeeUsd: 325, validFrom: '2026-08-01', validUntil: '2027-01-31', url: 'https://www.americanexpress.com/us/credit-cards/card/gold-card/' },
    { id: 'capital-one-venture-x', card: 'Capital One Venture X', issuer: 'Capital One', program: 'capital_one', bonusPoints: 75_000, spendUsd: 4_000, months: 3, annualFeeUsd: 395, validFrom: '2026-07-01', validUntil: '2027-01-31', url: 'https://www.capitalone.com/credit-cards/venture-x/' },
    { id: 'capital-one-venture', card: 'Capital One Venture Rewards', issuer: 'Capital One', program: 'capital_one', bonusPoints: 75_000, spendUsd: 4_000, months: 3, annualFeeUsd: 95, validFrom: '2026-07-01', validUntil: '2027-01-31', url: 'https://www.capitalone.com/credit-cards/venture/' },
    { id: 'citi-strata-premier', card: 'Citi Strata Premier', issuer: 'Citi', program: 'citi_typ', bonusPoints: 60_000, spendUsd: 4_000, months: 3, annualFeeUsd: 95, validFrom: '2026-08-01', validUntil: '2027-01-31', url: 'https://www.citi.com/credit-cards/citi-strata-premier-credit-card' },
    { id: 'united-explorer', card: 'United Explorer Card', issuer: 'Chase', program: 'united_mileageplus', bonusPoints: 60_000, spendUsd: 3_000, months: 3, annualFeeUsd: 150, validFrom: '2026-09-01', validUntil: '2027-01-31', url: 'https://www.theexplorercard.com/', note: 'First-year fee often waived.' },
    { id: 'hilton-aspire', card: 'Hilton Honors American Express Aspire', issuer: 'American Express', program: 'hilton_honors', bonusPoints: 150_000, spendUsd: 6_000, months: 6, annualFeeUsd: 550, validFrom: '2026-08-01', validUntil: '2027-01-31', url: 'https://www.hilton.com/en/hilton-honors/credit-cards/' },
    { id: 'ihg-premier', card: 'IHG One Rewards Premier', issuer: 'Chase', program: 'ihg_one_rewards', bonusPoints: 140_000, spendUsd: 3_000, months: 3, annualFeeUsd: 99, validFrom: '2026-09-01', validUntil: '2027-01-31', url: 'https://www.ihg.com/onerewards/content/us/en/creditcards' },
    { id: 'world-of-hyatt', card: 'World of Hyatt Credit Card', issuer: 'Chase', program: 'world_of_hyatt', bonusPoints: 30_000, spendUsd: 3_000, months: 3, annualFeeUsd: 95, validFrom: '2026-07-01', validUntil: '2027-01-31', url: 'https://world.hyatt.com/content/gp/en/rewards/credit-cards.html', note: 'Some versions add bonus points on Hyatt spend.' },
    // Ended: kept so the expiry filter has something to leave out.
    { id: 'marriott-boundless-nights', card: 'Marriott Bonvoy Boundless', issuer: 'Chase', program: 'marriott_bonvoy', bonusPoints: 125_000, spendUsd: 3_000, months: 3, annualFeeUsd: 95, validFrom: '2026-05-01', validUntil: '2026-09-30', url: 'https://creditcards.chase.com/travel-credit-cards/marriott-bonvoy/boundless', note: 'Limited-time offer; figure APPROXIMATE.' },
  ],
};
