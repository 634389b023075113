// The four kinds of deal list_deals offers, each as plain {title, program,
// value, url} items plus the date it ends. Curated entries past their end date
// are never returned.
import { fromMinor } from '../_kit/money.js';
import { activeBonusesAnswer } from '../points/catalog-bonuses.js';
import { programById, programName } from '../points/catalog-datasets.js';
import { CARD_OFFERS } from './data/card-offers.js';
import { HOTEL_PROMOTIONS } from './data/hotel-promotions.js';
import type { MistakeFare } from './mistake-store.js';

export const DEAL_CATEGORIES = ['flight', 'points', 'card', 'hotel'] as const;
export type DealCategory = (typeof DEAL_CATEGORIES)[number];

export interface DealItem {
  category: DealCategory;
  title: string;
  program: string;
  value: string;
  url: string;
  /** Last day (YYYY-MM-DD) the deal is expected to hold; null when unknown (mistake fares vanish without notice). */
  valid_until: string | null;
}

const WHOLE = new Intl.NumberFormat('en-US');

function money(minor: number, currency: string): string {
  const { amount, currency: code } = fromMinor(minor, currency);
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(amount);
  } catch {
    return `${code} ${amount}`;
  }
}

/** Google Flights understands a plain-language query; it lets a reader check the fare elsewhere. */
function googleFlightsUrl(f: MistakeFare): string {
  const trip = f.returnDate ? `returning ${f.returnDate}` : 'one way';
  const q = `Flights from ${f.origin} to ${f.destination} on ${f.departureDate} ${trip} ${f.cabin.replace('_', ' ')}`;
  return `https://www.google.com/travel/flights?q=${encodeURIComponent(q)}`;
}

export function flightDeals(fares: readonly MistakeFare[]): DealItem[] {
  return fares.map((f) => ({
    category: 'flight',
    title: `Mistake fare ${f.origin} ${f.returnDate ? '⇄' : '→'} ${f.destination}, ${f.cabin.replace('_', ' ')}, departing ${f.departureDate}${f.returnDate ? `, back ${f.returnDate}` : ''}`,
    // The fare history keeps the provider, not the airline: the deal is a cash fare.
    program: 'cash',
    value: `${money(f.priceMinor, f.currency)} ${f.returnDate ? 'round trip' : 'one way'} vs typical ${money(f.typicalMinor, f.currency)} (${Math.round(f.pctOff)}% off, ${f.sigmas.toFixed(1)}σ below the mean)`,
    url: googleFlightsUrl(f),
    valid_until: null,
  }));
}

/** Where each bank announces its transfer bonuses. */
const BANK_PROMO_PAGES: Readonly<Record<string, string>> = {
  amex_mr: 'https://global.americanexpress.com/rewards/transfer',
  chase_ur: 'https://www.chase.com/ultimate-rewards',
  citi_typ: 'https://www.thankyou.com/',
  capital_one: 'https://www.capitalone.com/learn-grow/more-than-money/capital-one-transfer-partners/',
  bilt: 'https://www.bilt.com/rewards/travel',
  wells_fargo: 'https://www.wellsfargo.com/rewards/',
};

export function pointsDeals(now: Date): DealItem[] {
  const answer = activeBonusesAnswer(now);
  // Unverified entries are still worth a look, so they are listed, saying so plainly.
  return [...answer.bonuses, ...answer.unverified].map((b) => ({
    category: 'points',
    title: `${b.from_name} → ${b.to_name}: ${b.percent}% transfer bonus${b.verified ? '' : ' (unverified: check with the bank)'}`,
    program: b.to,
    value: `+${b.percent}% until ${b.end} (${b.days_left} day(s) left)${b.effective_ratio !== null ? `: ${b.effective_ratio} points received per point sent` : ''}`,
    url: BANK_PROMO_PAGES[b.from] ?? 'https://frequentmiler.com/current-point-transfer-bonuses/',
    valid_until: b.end,
  }));
}

const activeOn = (day: string) => (e: { validFrom: string; validUntil: string }) => e.validFrom <= day && day <= e.validUntil;

/** Sign-up bonuses, most valuable first (points × the programme's reference cents per point). */
export function cardDeals(now: Date): DealItem[] {
  const day = now.toISOString().slice(0, 10);
  return CARD_OFFERS.items
    .filter(activeOn(day))
    .map((c) => ({ c, worthUsd: Math.round((c.bonusPoints * (programById.get(c.program)?.referenceCpp ?? 1)) / 100) }))
    .sort((a, b) => b.worthUsd - a.worthUsd || a.c.id.localeCompare(b.c.id))
    .map(({ c, worthUsd }) => ({
      category: 'card',
      title: `${c.card}: ${WHOLE.format(c.bonusPoints)}-point sign-up bonus`,
      program: c.program,
      value: `${WHOLE.format(c.bonusPoints)} ${programName(c.program)} points (about $${WHOLE.format(worthUsd)}) after $${WHOLE.format(c.spendUsd)} spend in ${c.months} months; $${c.annualFeeUsd} annual fee${c.note ? `. ${c.note}` : ''}`,
      url: c.url,
      valid_until: c.validUntil,
    }));
}

/** Hotel promotions, ending soonest first. */
export function hotelDeals(now: Date): DealItem[] {
  const day = now.toISOString().slice(0, 10);
  return HOTEL_PROMOTIONS.items
    .filter(activeOn(day))
    .sort((a, b) => a.validUntil.localeCompare(b.validUntil) || a.id.localeCompare(b.id))
    .map((h) => ({
      category: 'hotel',
      title: h.title,
      program: h.program,
      value: `${h.offer}; stays until ${h.validUntil}${h.registration ? ', registration required' : ''}`,
      url: h.url,
      valid_until: h.validUntil,
    }));
}

/** One of each kind in turn, so a short list without a category shows the range. */
export function interleave(lists: readonly (readonly DealItem[])[]): DealItem[] {
  const out: DealItem[] = [];
  const longest = Math.max(0, ...lists.map((l) => l.length));
  for (let i = 0; i < longest; i++) for (const l of lists) if (l[i]) out.push(l[i]!);
  return out;
}
