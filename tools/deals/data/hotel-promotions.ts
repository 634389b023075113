import type { DealDataset, HotelPromotion } from './types.js';

// Hotel loyalty promotions: a CURATED SNAPSHOT, ILLUSTRATIVE and APPROXIMATE.
// Each entry is modelled on the programme's recurring seasonal promotion
// (Marriott's per-stay bonus, Hilton's points multiplier, IHG's per-night
// bonus, Hyatt's Bonus Journeys, ...); the exact figures and dates are NOT
// verified announcements. Most need registration before the stay. Check the
// programme's offers page. Entries past `validUntil` are never shown.

export const HOTEL_PROMOTIONS: DealDataset<HotelPromotion> = {
  asOf: '2026-11-21',
  sources: [
    'Programme offer pages (marriott.com, hilton.com, ihg.com, hyatt.com, all.accor.com, wyndhamhotels.com, choicehotels.com, bestwestern.com)',
    'Promotion trackers: loyaltylobby.com, frequentmiler.com hotel promotions (2024-26) — ILLUSTRATIVE, from memory',
  ],
  items: [
    { id: 'marriott-bonus-per-stay', program: 'marriott_bonvoy', title: 'Marriott Bonvoy: bonus points per stay', offer: '2,000 bonus points per eligible stay, up to 10 stays', validFrom: '2026-09-10', validUntil: '2027-01-15', registration: true, url: 'https://www.marriott.com/loyalty/promotion.mi' },
    { id: 'hilton-double-points', program: 'hilton_honors', title: 'Hilton Honors: double points', offer: '2x base points on every stay', validFrom: '2026-09-03', validUntil: '2026-12-31', registration: true, url: 'https://www.hilton.com/en/hilton-honors/promotions/' },
    { id: 'ihg-bonus-nights', program: 'ihg_one_rewards', title: 'IHG One Rewards: bonus points per night', offer: '1,000 bonus points per night, from the second night', validFrom: '2026-09-15', validUntil: '2026-12-31', registration: true, url: 'https://www.ihg.com/onerewards/content/us/en/offers' },
    { id: 'hyatt-bonus-journeys', program: 'world_of_hyatt', title: 'World of Hyatt: Bonus Journeys', offer: '2,000 bonus points per two qualifying nights', validFrom: '2026-09-01', validUntil: '2026-12-15', registration: true, url: 'https://world.hyatt.com/content/gp/en/offers.html' },
    { id: 'accor-status-boost', program: 'accor_live_limitless', title: 'ALL Accor: extra status nights and points', offer: 'Double status nights and 1,500 bonus points per stay', validFrom: '2026-10-01', validUntil: '2027-01-31', registration: true, url: 'https://all.accor.com/loyalty-program/offers/index.en.shtml' },
    { id: 'wyndham-go-free', program: 'wyndham_rewards', title: 'Wyndham Rewards: bonus points on weekend stays', offer: '3,000 bonus points per qualifying weekend stay', validFrom: '2026-10-15', validUntil: '2027-02-28', registration: true, url: 'https://www.wyndhamhotels.com/wyndham-rewards/deals' },
    { id: 'choice-double-points', program: 'choice_privileges', title: 'Choice Privileges: double points', offer: '2x points per stay of two nights or more', validFrom: '2026-11-01', validUntil: '2027-01-31', registration: true, url: 'https://www.choicehotels.com/deals' },
    { id: 'best-western-stays', program: 'best_western_rewards', title: 'Best Western Rewards: bonus after two stays', offer: '5,000 bonus points after two qualifying stays', validFrom: '2026-10-01', validUntil: '2026-12-31', registration: true, url: 'https://www.bestwestern.com/en_US/offers.html' },
    // Ended: kept so the expiry filter has something to leave out.
    { id: 'hilton-summer-bonus', program: 'hilton_honors', title: 'Hilton Honors: summer bonus', offer: '3x points on second and later stays', validFrom: '2026-05-15', validUntil: '2026-08-31', registration: true, url: 'https://www.hilton.com/en/hilton-honors/promotions/' },
  ],
};
