import { minorDigits } from '../../../tools/_kit/money.js';
import type { Money } from '../../../tools/_kit/providers.js';
import { malformed } from './malformed.js';

// Duffel money is a decimal string plus a currency; the domain's is a number
// rounded to the currency's minor unit.

/** A Duffel decimal string ("123.45") as Money rounded to the currency's minor unit. */
export function toMoney(amount: string | null | undefined, currency: string | null | undefined): Money {
  const value = Number(amount);
  if (typeof amount !== 'string' || amount.trim() === '' || !Number.isFinite(value)) throw malformed(`amount "${String(amount)}"`);
  if (typeof currency !== 'string' || !/^[A-Za-z]{3}$/.test(currency)) throw malformed(`currency "${String(currency)}"`);
  const code = currency.toUpperCase();
  const scale = 10 ** minorDigits(code);
  return { amount: Math.round(value * scale) / scale, currency: code };
}

/** Money when both halves are there; Duffel leaves optional amounts null. */
export function optionalMoney(amount: string | null | undefined, currency: string | null | undefined): Money | undefined {
  return amount === null || amount === undefined || !currency ? undefined : toMoney(amount, currency);
}
