import type { Money } from './providers.js';

// Money arithmetic in integer minor units, so nothing is lost to floating point.

/** Currencies whose minor unit is not the cent (ISO 4217). */
const MINOR_DIGITS: Readonly<Record<string, number>> = { JPY: 0, KRW: 0, VND: 0, CLP: 0, ISK: 0, UGX: 0, XAF: 0, XOF: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3, IQD: 3, LYD: 3 };

export function minorDigits(currency: string): number {
  return MINOR_DIGITS[currency.toUpperCase()] ?? 2;
}

export function toMinor(money: Money): number {
  return Math.round(money.amount * 10 ** minorDigits(money.currency));
}

export function fromMinor(minor: number, currency: string): Money {
  const code = currency.toUpperCase();
  return { amount: minor / 10 ** minorDigits(code), currency: code };
}

/** A decimal string as providers send it ("123.40"), from minor units. */
export function minorToDecimal(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  if (digits === 0) return `${sign}${abs}`;
  const scale = 10 ** digits;
  return `${sign}${Math.floor(abs / scale)}.${String(abs % scale).padStart(digits, '0')}`;
}
