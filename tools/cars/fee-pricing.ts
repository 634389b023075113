import { ToolError } from '../_kit/errors.js';
import { fromMinor, minorDigits, toMinor } from '../_kit/money.js';
import type { Money } from '../_kit/provider-basics.js';
import { addOnByCode, type AddOnDef, type PricedCurrency } from './data/add-ons.js';
import { FX_PER_USD } from './data/fx.js';
import { percentWithBounds, SERVICE_FEE } from './pricing-policy.js';
import type { RateSnapshot } from './rate-snapshot.js';

// What the customer pays us by card in the legacy flow: our service fee on the
// rental, plus the add-ons they chose, for the rental's days. The rental itself
// is paid to the supplier at the counter. Priced from the searched rate, so the
// same offer token and add-ons always give the same amount.

export interface AddOnLine {
  code: string;
  name: string;
  quantity: number;
  days: number;
  perDayMinor: number;
  totalMinor: number;
}

export interface FeePrice {
  currency: string;
  rentalMinor: number;
  serviceFeeMinor: number;
  addOns: AddOnLine[];
  addOnsMinor: number;
  totalMinor: number;
}

const PRICED: readonly string[] = ['USD', 'EUR', 'GBP'] satisfies readonly PricedCurrency[];

/** An add-on's price list entry in `currency`, in minor units; undefined when we do not sell it in that currency. */
function inCurrency(prices: Record<PricedCurrency, number>, currency: string): number | undefined {
  const digits = minorDigits(currency);
  if (PRICED.includes(currency)) return Math.round(prices[currency as PricedCurrency] * 10 ** digits);
  const fx = FX_PER_USD[currency];
  return fx === undefined ? undefined : Math.round(prices.USD * fx * 10 ** digits);
}

function addOnLine(def: AddOnDef, quantity: number, days: number, currency: string): AddOnLine {
  if (quantity > def.maxQuantity) {
    throw new ToolError('UNPROCESSABLE', `At most ${def.maxQuantity} × ${def.code} per rental`, { details: { code: def.code, max_quantity: def.maxQuantity } });
  }
  const perDay = inCurrency(def.perDay, currency);
  const cap = inCurrency(def.maxPerRental, currency);
  if (perDay === undefined || cap === undefined) {
    throw new ToolError('UNPROCESSABLE', `Add-ons are not sold for rentals priced in ${currency}`, { details: { currency }, hint: 'Book without add-ons and ask for them at the counter.' });
  }
  return { code: def.code, name: def.name, quantity, days, perDayMinor: perDay, totalMinor: Math.min(perDay * days, cap) * quantity };
}

export function priceFee(snapshot: RateSnapshot, addOns: readonly { code: string; quantity: number }[]): FeePrice {
  const currency = snapshot.rate.total.currency;
  const rentalMinor = toMinor(snapshot.rate.total);
  const lines = addOns.map((a) => {
    const def = addOnByCode(a.code);
    if (!def) throw new ToolError('UNPROCESSABLE', `Unknown add-on ${a.code}`, { details: { code: a.code } });
    return addOnLine(def, a.quantity, snapshot.period.days, currency);
  });
  const serviceFeeMinor = percentWithBounds(rentalMinor, currency, SERVICE_FEE);
  const addOnsMinor = lines.reduce((sum, l) => sum + l.totalMinor, 0);
  return { currency, rentalMinor, serviceFeeMinor, addOns: lines, addOnsMinor, totalMinor: serviceFeeMinor + addOnsMinor };
}

/** The breakdown callers see, in major units. */
export function feeBreakdown(price: FeePrice): { service_fee: Money; add_ons: { code: string; name: string; quantity: number; days: number; per_day: Money; total: Money }[] } {
  return {
    service_fee: fromMinor(price.serviceFeeMinor, price.currency),
    add_ons: price.addOns.map((l) => ({ code: l.code, name: l.name, quantity: l.quantity, days: l.days, per_day: fromMinor(l.perDayMinor, price.currency), total: fromMinor(l.totalMinor, price.currency) })),
  };
}
