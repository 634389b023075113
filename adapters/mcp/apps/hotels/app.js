/* global document */
// Hotel results (search_hotels) and award nights (search_hotel_awards) in one app:
// the result's shape says which it is. Cards sortable by price, points or rating.
import { age, el, money, programName, sortControl, startApp } from '../shared/bridge.js';

const isAwards = (data) => data.results.some((r) => r.points_per_night !== undefined) || Array.isArray(data.programs);

const HOTEL_SORTS = [['price', 'Total price'], ['rating', 'Stars'], ['review', 'Review score'], ['distance', 'Distance']];
const AWARD_SORTS = [['points', 'Points per night'], ['cpp', 'Value (cents per point)'], ['cash', 'Cash rate'], ['rating', 'Stars']];
const KEYS = {
  price: (r) => r.cheapest?.total?.amount ?? Infinity,
  rating: (r) => -((r.hotel?.rating ?? r.rating) ?? 0),
  review: (r) => -(r.hotel?.review_score ?? 0),
  distance: (r) => r.distance_km ?? Infinity,
  points: (r) => r.points_per_night ?? Infinity,
  cpp: (r) => -(r.cents_per_point ?? 0),
  cash: (r) => r.cash_rate_per_night ?? Infinity,
};

let state = { data: null, sort: 'price', receivedAt: 0 };

startApp('deal-engine-hotels', (data) => {
  state = { data, sort: isAwards(data) ? 'points' : 'price', receivedAt: Date.now() };
  render();
});

function render() {
  const { data, sort } = state;
  const awards = isAwards(data);
  const rows = [...data.results].sort((a, b) => KEYS[sort](a) - KEYS[sort](b));
  const controls = sortControl('sort', awards ? AWARD_SORTS : HOTEL_SORTS, (value) => { state.sort = value; render(); });
  controls.querySelector('select').value = sort;
  const where = awards ? data.results[0]?.location?.city : data.area?.city;
  document.getElementById('app').replaceChildren(
    el('h1', {}, `${awards ? 'Award nights' : 'Hotels'}${where ? ` in ${where}` : ''}`),
    el('p', { class: 'muted', id: 'summary' },
      `${data.check_in} to ${data.check_out} · ${data.nights} night${data.nights === 1 ? '' : 's'} · ${data.count} of ${data.total_found} · `,
      awards ? `award charts as of ${data.as_of}` : `rates received ${age(state.receivedAt)}`),
    controls,
    rows.length === 0 ? el('p', { role: 'status' }, 'Nothing found for these dates.') : el('ul', { class: 'cards', 'aria-label': awards ? 'Award nights' : 'Hotels' }, rows.map((r, i) => (awards ? awardCard(r, i) : hotelCard(r, i)))),
  );
}

const stars = (n) => (n ? `${n}-star` : null);

function hotelCard(r, i) {
  const h = r.hotel;
  const expires = r.expires_at ? Date.parse(r.expires_at) : null;
  return el('li', { class: 'card', 'data-id': r.search_result_id, 'aria-labelledby': `h${i}` },
    el('div', { class: 'row' }, el('h2', { id: `h${i}` }, h.name), el('span', { class: 'price', 'data-price': r.cheapest?.total?.amount ?? '' }, money(r.cheapest?.total?.amount, r.cheapest?.total?.currency))),
    el('p', {}, [stars(h.rating), h.brand ?? h.chain, h.review_score ? `reviews ${h.review_score}/10` : null, r.distance_km !== undefined && r.distance_km !== null ? `${r.distance_km} km from the centre` : null].filter(Boolean).join(' · ')),
    el('p', { class: 'muted' }, `${money(r.cheapest?.per_night?.amount, r.cheapest?.per_night?.currency)} a night · ${[h.address?.line_one, h.address?.city].filter(Boolean).join(', ')}`),
    r.loyalty_program ? el('p', {}, `Earns ${programName(r.loyalty_program)}`) : null,
    expires ? el('p', { class: expires < Date.now() ? 'error' : 'muted' }, expires < Date.now() ? 'Rate expired: search again' : `Rate held until ${new Date(expires).toISOString().slice(11, 16)} UTC`) : null);
}

function awardCard(r, i) {
  return el('li', { class: 'card', 'data-id': r.search_result_id ?? `${r.hotel_id}:${r.program}`, 'aria-labelledby': `a${i}` },
    el('div', { class: 'row' }, el('h2', { id: `a${i}` }, r.hotel_name),
      el('span', { class: 'price', 'data-points': r.points_per_night }, `${r.points_per_night.toLocaleString('en-US')} points a night`)),
    el('p', {}, [r.program_name ?? programName(r.program), r.brand, stars(r.rating), r.category ? `category ${r.category}` : null].filter(Boolean).join(' · ')),
    el('p', {}, `${r.total_points.toLocaleString('en-US')} points in all + ${money(r.taxes_usd, 'USD')} taxes · ${r.peak.replace('_', '-')} dates${r.available ? '' : ' · not available'}`),
    r.cash_rate_per_night !== null && r.cash_rate_per_night !== undefined
      ? el('p', { class: r.value === 'good' || r.value === 'great' ? 'value-good' : 'muted' }, `Cash rate ${money(r.cash_rate_per_night, 'USD')} a night: ${r.cents_per_point} cents a point (${r.value})`)
      : null);
}
