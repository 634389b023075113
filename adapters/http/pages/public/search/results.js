// The merged result list and the per-provider progress cards. Every flight is one row in
// one list kept in price order as result and update events arrive (an update replaces the
// fields it names); award-only flights follow the priced ones, fewest miles first.
import { el } from './api.js';

export const PROVIDERS = { duffel: 'Duffel (cash, bookable)', serpapi: 'Google Flights (cash)', seats_aero: 'seats.aero (award seats)' };

/** Programme display names keyed by the award source slug, filled from GET /api/points/programs. */
export const programNames = new Map();

const money = (amount, currency) => `${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
const time = (iso) => (iso ? iso.slice(11, 16) : '--:--');
const hm = (minutes) => (minutes == null ? '' : `${Math.floor(minutes / 60)}h ${String(minutes % 60).padStart(2, '0')}m`);
const stopsText = (n) => (n === 0 ? 'nonstop' : n == null ? '' : `${n} stop${n > 1 ? 's' : ''}`);
const cheapestAward = (r) => [...(r.awards ?? [])].sort((a, b) => a.miles - b.miles)[0];

function awardText(a) {
  const name = programNames.get(a.program) ?? a.program;
  return `${a.miles.toLocaleString('en-US')} miles with ${name} + ${money(a.taxes, a.taxes_currency)}`;
}

/** Cash first by price, then award-only by miles; ties by departure for a stable order. */
export function byPrice(a, b) {
  const pa = a.price ?? Infinity;
  const pb = b.price ?? Infinity;
  if (pa !== pb) return pa - pb;
  const ma = cheapestAward(a)?.miles ?? Infinity;
  const mb = cheapestAward(b)?.miles ?? Infinity;
  if (ma !== mb) return ma - mb;
  return String(a.departing_at).localeCompare(String(b.departing_at)) || a.id.localeCompare(b.id);
}

/** Segments, stops and the time on the ground between them. */
function details(r) {
  const box = el('div', { class: 'details' });
  r.slices.forEach((s, i) => {
    box.append(el('h4', {}, `${r.slices.length > 1 ? `Flight ${i + 1}: ` : ''}${s.origin} → ${s.destination}, ${s.departing_at.slice(0, 10)} · ${hm(s.duration_minutes)} · ${stopsText(s.stops)}`));
    const ol = el('ol', { class: 'segments' });
    s.segments.forEach((g, j) => {
      if (j > 0) {
        const prev = s.segments[j - 1];
        const wait = Math.round((Date.parse(`${g.departing_at}Z`) - Date.parse(`${prev.arriving_at}Z`)) / 60000);
        // Both times are local to the same connecting airport, so their difference is the layover.
        ol.append(el('li', { class: 'layover' }, `Layover in ${g.origin}: ${hm(wait)}`));
      }
      ol.append(el('li', {}, `${g.flight}${g.operating_carrier && g.operating_carrier !== g.carrier ? ` (operated by ${g.operating_carrier})` : ''}: ${g.origin} ${time(g.departing_at)} → ${g.destination} ${time(g.arriving_at)} · ${hm(g.duration_minutes)}${g.aircraft ? ` · ${g.aircraft}` : ''}`));
    });
    box.append(ol);
  });
  const cash = (r.prices ?? []).map((p) => `${PROVIDERS[p.source] ?? p.source}: ${money(p.amount, p.currency)}${p.fare_brand ? ` (${p.fare_brand})` : ''}`);
  if (cash.length) box.append(el('p', {}, `Cash prices: ${cash.join('; ')}`));
  if (r.awards?.length) box.append(el('p', {}, `Award seats: ${r.awards.map((a) => `${a.direction} ${awardText(a)}${a.seats_remaining != null ? ` (${a.seats_remaining} left)` : ''}`).join('; ')}`));
  box.append(el('p', { class: 'age' }, `Data age ${r.data_age_s} s · sources: ${r.sources.map((s) => PROVIDERS[s] ?? s).join(', ')}`));
  return box;
}

/** Redraws the one sorted list; `open` keeps expanded rows open and `onBook` starts a booking. */
export function renderResults(list, results, open, onBook) {
  const sorted = [...results.values()].sort(byPrice);
  list.replaceChildren(...sorted.slice(0, 60).map((r) => {
    const li = el('li', { class: 'result', 'data-result-id': r.id, 'data-price': r.price ?? '' });
    const award = cheapestAward(r);
    const head = el('div', { class: 'summary' },
      el('span', { class: 'price' }, r.price != null ? money(r.price, r.currency) : 'award only'),
      el('span', { class: 'itinerary' }, `${r.carrier} ${r.route} · ${time(r.departing_at)}–${time(r.arriving_at)} · ${hm(r.duration_minutes)} · ${stopsText(r.stops)}${r.cabin ? ` · ${r.cabin.replace('_', ' ')}` : ''}`),
      award ? el('span', { class: 'award' }, awardText(award)) : null);
    const toggle = el('button', { type: 'button', class: 'link', 'aria-expanded': String(open.has(r.id)) }, 'Details');
    toggle.addEventListener('click', () => {
      if (open.has(r.id)) open.delete(r.id); else open.add(r.id);
      renderResults(list, results, open, onBook);
    });
    const actions = el('div', { class: 'actions' }, toggle);
    if (r.bookable && r.offer_id) {
      const book = el('button', { type: 'button', class: 'book' }, 'Book');
      book.addEventListener('click', () => onBook(r));
      actions.append(book);
    }
    li.append(head, actions);
    if (open.has(r.id)) li.append(details(r));
    return li;
  }));
}

/** One card per provider; a card leaves "waiting…" on its progress event or when the search ends. */
export function renderProgress(box, progress) {
  box.replaceChildren(...[...progress].map(([provider, p]) => {
    const detail = p.status === 'pending' ? 'waiting…'
      : p.message ? `${p.status}: ${p.message}`
        : `${p.status}${p.reason ? ` (${p.reason.replaceAll('_', ' ')})` : ''}: ${p.count} result${p.count === 1 ? '' : 's'} in ${p.elapsed_ms} ms${p.cached ? ', cached' : ''}`;
    return el('div', { class: 'provider-progress', 'data-provider': provider, 'data-status': p.status }, el('strong', {}, PROVIDERS[provider] ?? provider), el('span', {}, detail));
  }));
}
