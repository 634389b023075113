import { toMinor } from '../../_kit/money.js';

// The fare-history CSV the backtest replays (format in README.md next to this
// file). Parsing is strict: a bad row stops the run with its line number, since a
// silently skipped row would quietly change the measured accuracy.

export const CSV_HEADER = ['origin', 'destination', 'cabin', 'departure_date', 'observed_at', 'price', 'currency'] as const;
const CABINS = new Set(['economy', 'premium_economy', 'business', 'first']);

export interface HistoryRow {
  origin: string;
  destination: string;
  cabin: string;
  departureDate: string;
  /** ISO timestamp. */
  observedAt: string;
  priceMinor: number;
  currency: string;
}

export class HistoryCsvError extends Error {
  constructor(readonly line: number, message: string) {
    super(`line ${line}: ${message}`);
    this.name = 'HistoryCsvError';
  }
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const validDate = (s: string) => DATE.test(s) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

function parseRow(cells: string[], line: number): HistoryRow {
  if (cells.length !== CSV_HEADER.length) throw new HistoryCsvError(line, `expected ${CSV_HEADER.length} fields, found ${cells.length}`);
  const [origin, destination, cabin, departureDate, observed, price, currency] = cells.map((c) => c.trim()) as [string, string, string, string, string, string, string];
  if (!/^[A-Z]{3}$/i.test(origin)) throw new HistoryCsvError(line, `origin "${origin}" is not a 3-letter IATA code`);
  if (!/^[A-Z]{3}$/i.test(destination)) throw new HistoryCsvError(line, `destination "${destination}" is not a 3-letter IATA code`);
  if (!CABINS.has(cabin)) throw new HistoryCsvError(line, `cabin "${cabin}" is not one of ${[...CABINS].join(', ')}`);
  if (!validDate(departureDate)) throw new HistoryCsvError(line, `departure_date "${departureDate}" is not a YYYY-MM-DD date`);
  const observedMs = Date.parse(DATE.test(observed) ? `${observed}T00:00:00Z` : observed);
  if (!/^\d{4}-\d{2}-\d{2}/.test(observed) || Number.isNaN(observedMs)) throw new HistoryCsvError(line, `observed_at "${observed}" is not an ISO date or timestamp`);
  const observedAt = new Date(observedMs).toISOString();
  if (observedAt.slice(0, 10) > departureDate) throw new HistoryCsvError(line, `observed_at ${observedAt} is after the departure date ${departureDate}`);
  if (!/^\d+(\.\d{1,3})?$/.test(price) || Number(price) <= 0) throw new HistoryCsvError(line, `price "${price}" is not a positive decimal amount`);
  if (!/^[A-Z]{3}$/i.test(currency)) throw new HistoryCsvError(line, `currency "${currency}" is not an ISO 4217 code`);
  const code = currency.toUpperCase();
  return { origin: origin.toUpperCase(), destination: destination.toUpperCase(), cabin, departureDate, observedAt, priceMinor: toMinor({ amount: Number(price), currency: code }), currency: code };
}

/** Parses the whole file; throws HistoryCsvError naming the first bad line (1-based, the header is line 1). */
export function parseHistoryCsv(text: string): HistoryRow[] {
  const lines = text.split(/\r?\n/);
  const header = (lines[0] ?? '').trim().toLowerCase();
  if (header !== CSV_HEADER.join(',')) throw new HistoryCsvError(1, `header must be "${CSV_HEADER.join(',')}"`);
  const rows: HistoryRow[] = [];
  for (let i = 1; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === '') continue;
    rows.push(parseRow(raw.split(','), i + 1));
  }
  if (rows.length === 0) throw new HistoryCsvError(2, 'the file has no observations');
  return rows;
}

export function formatHistoryCsv(rows: readonly { origin: string; destination: string; cabin: string; departureDate: string; observedAt: string; price: string; currency: string }[]): string {
  const body = rows.map((r) => [r.origin, r.destination, r.cabin, r.departureDate, r.observedAt, r.price, r.currency].join(','));
  return [CSV_HEADER.join(','), ...body].join('\n') + '\n';
}
