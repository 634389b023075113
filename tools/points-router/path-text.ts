import type { AwardCandidate } from './award-candidates.js';
import type { RedemptionPathOut } from './router-answer.js';

// The words of a path: its one-line summary and the warning a caller must read
// before moving points. Transfers cannot be undone, so anything that could leave
// points stranded in the wrong programme is said plainly.

// Hand-rolled formatting: Intl.NumberFormat costs microseconds a call, and an
// answer formats a few hundred numbers (the router's budget is 2 ms).
const SYMBOLS: Readonly<Record<string, string>> = { USD: '$', EUR: '€', GBP: '£' };

function groupThousands(digits: string): string {
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += ',';
    out += digits[i];
  }
  return out;
}

/** 50000 → "50,000" (whole points). */
export function formatCount(n: number): string {
  const rounded = Math.round(n);
  return rounded < 0 ? `-${groupThousands(String(-rounded))}` : groupThousands(String(rounded));
}

/** 35.6 USD → "$35.60", 48.77 CAD → "CAD 48.77". */
export function formatMoney(amount: number, currency: string): string {
  const cents = Math.round(Math.abs(amount) * 100);
  const text = `${groupThousands(String(Math.floor(cents / 100)))}.${String(cents % 100).padStart(2, '0')}`;
  const symbol = SYMBOLS[currency];
  return `${amount < 0 ? '-' : ''}${symbol ?? `${currency} `}${text}`;
}

type PathFacts = Omit<RedemptionPathOut, 'summary' | 'warning'>;

function hoursText(hours: number): string {
  return hours >= 48 ? `${Math.round(hours / 24)} days` : `${Math.max(1, Math.round(hours))} hours`;
}

/** Why the caller must be careful with this path, or undefined when nothing needs saying. */
export function pathWarning(c: AwardCandidate, p: PathFacts): string | undefined {
  const parts: string[] = [];
  const moving = p.transfers.length > 0;
  if (c.availability === 'unconfirmed') {
    const spread = c.milesHigh ? ` (dynamic pricing, often up to ${formatCount(c.milesHigh)})` : '';
    parts.push(`No live award space seen: ${formatCount(c.milesPerPassenger)} miles per passenger is ${p.program_name}'s chart price${spread}. Find bookable seats with ${p.program_name} before moving any points.`);
  }
  if (moving && !p.can_hold) {
    const wait = p.transfer_time === 'instant' ? '' : `, and the points usually take about ${hoursText(p.transfer_hours)} to arrive, so the seat can go meanwhile`;
    parts.push(`${p.program_name} cannot hold this award before the points arrive, and transfers cannot be undone: check the seats are still available right before transferring${wait}.`);
  } else if (moving && p.hold_hours !== null && p.transfer_hours > p.hold_hours) {
    parts.push(`The transfer usually takes longer (${hoursText(p.transfer_hours)}) than ${p.program_name}'s ${hoursText(p.hold_hours)} hold.`);
  }
  if (c.roundTripOnly) parts.push(`${p.program_name} sells round trips only: ${formatCount(c.milesPerPassenger)} miles per passenger is the whole round trip's price, booked with a return flight, counted here against this one-way fare.`);
  if (p.effective_cpp <= 0) parts.push('The taxes exceed the cash price: pay cash.');
  return parts.length > 0 ? parts.join(' ') : undefined;
}

function transferText(p: PathFacts, nameOf: (id: string) => string): string {
  const hops = p.transfers.map((t, i) => {
    const bonus = t.bonus_percent > 0 ? ` (+${t.bonus_percent} % bonus${t.bonus_ends ? ` until ${t.bonus_ends}` : ''})` : '';
    const from = i === 0 ? `${formatCount(t.send)} ${nameOf(t.from)} to` : `${formatCount(t.send)} of those on to`;
    return `${from} ${formatCount(t.receive)} ${nameOf(t.to)}${bonus}`;
  });
  return `transfer ${hops.join(' and ')}`;
}

/** The path in a sentence or two, e.g. for the README and for models reading the answer. */
export function pathSummary(c: AwardCandidate, p: PathFacts, cashPrice: number, currency: string, nameOf: (id: string) => string): string {
  const steps: string[] = [];
  if (p.transfers.length > 0) {
    if (p.uses_existing_balance) steps.push(`use your ${formatCount(p.existing_balance_used)} ${p.program_name} miles`);
    steps.push(transferText(p, nameOf));
  }
  const flight = p.flights.length > 0 ? ` on ${p.flights.join(', ')}` : p.airlines.length > 0 ? ` on ${p.airlines.join('/')}` : '';
  const book = p.transfers.length === 0
    ? `book with ${formatCount(p.miles)} of your ${p.program_name} miles + ${formatMoney(p.taxes, currency)}${flight}`
    : `book ${formatCount(p.miles)} ${p.program_name} miles + ${formatMoney(p.taxes, currency)}${flight}`;
  const first = steps.length > 0 ? `${steps.join(', ')}, then ${book}` : book;
  const hold = p.transfers.length === 0 ? '' : p.can_hold ? ' Hold the award first, then transfer.' : ' No holds: transfer only right before booking.';
  const label = c.availability === 'live' ? '' : ' (unconfirmed chart price)';
  return `${first[0]!.toUpperCase()}${first.slice(1)}${label}: ${p.effective_cpp.toFixed(2)} ¢/point against ${formatMoney(cashPrice, currency)} cash, ${p.verdict}.${hold}`;
}
