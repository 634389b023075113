import { minorDigits } from '../../../../tools/_kit/money.js';
import type { CarMarket } from './cars-markets.js';
import type { CarSupplier } from './cars-suppliers.js';

// The terms a renter compares before booking, fixed per rate at search time:
// until when cancelling is free, the fuel policy, whether collision damage and
// theft cover come in the price (and the excess left to pay), and the deposit
// held on the card at the counter.
// Modelling choices, not published figures: European, Oceanian, African and Latin
// American rates usually include CDW and theft protection with an excess, North
// American, Middle Eastern and Asian ones sell it at the counter; pay-now rates of
// premium brands include it everywhere; value brands sell pay-now rates with a
// pre-purchased tank (full to empty); the deposit grows with the car class and is
// higher without cover.

export type FuelPolicy = 'full_to_full' | 'full_to_empty';

export interface WorldCarTerms {
  /** UTC instant until which cancelling refunds everything; null: never free. */
  freeCancellationUntilMs: number | null;
  fuelPolicy: FuelPolicy;
  cdwIncluded: boolean;
  theftProtectionIncluded: boolean;
  /** What the renter still pays after damage when cover is included, minor units; null without cover. */
  excessMinor: number | null;
  depositMinor: number;
}

/** Pay-now rates are free to cancel until this long before pick-up (the prepaid policy text). */
export const PREPAID_FREE_CANCEL_MS = 48 * 3_600_000;
const COVER_INCLUDED = new Set(['EU', 'OC', 'AF', 'SA']);
/** Deposit in USD by ACRISS class letter group: small, mid, large and premium cars. */
const DEPOSIT_USD: readonly [string, number][] = [['MNEHCD', 200], ['IJSR', 300], ['FG', 400], ['PUOX', 600], ['LW', 1000]];
const NO_COVER_DEPOSIT_USD = 300;

const usdMinor = (usd: number, market: CarMarket) => Math.round(usd * market.perUsd) * 10 ** minorDigits(market.currency);

export function carTerms(p: { supplier: CarSupplier; market: CarMarket; acriss: string; prepaid: boolean; pickupUtcMs: number }): WorldCarTerms {
  const premium = p.supplier.priceFactor >= 1.05;
  const covered = COVER_INCLUDED.has(p.market.region) || (p.prepaid && premium);
  const value = p.supplier.priceFactor < 0.9;
  const baseUsd = DEPOSIT_USD.find(([letters]) => letters.includes(p.acriss[0]!))?.[1] ?? 300;
  return {
    freeCancellationUntilMs: p.prepaid ? p.pickupUtcMs - PREPAID_FREE_CANCEL_MS : p.pickupUtcMs,
    fuelPolicy: p.prepaid && value ? 'full_to_empty' : 'full_to_full',
    cdwIncluded: covered,
    theftProtectionIncluded: covered,
    excessMinor: covered ? usdMinor(baseUsd * 5, p.market) : null,
    depositMinor: usdMinor(baseUsd + (covered ? 0 : NO_COVER_DEPOSIT_USD), p.market),
  };
}
