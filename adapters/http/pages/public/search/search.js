/* global document, fetch, AbortController, FormData */
// The search page: the trip form (one way, round trip, multi-city; cabin and passengers),
// POST /api/search streamed into one price-sorted list with a progress card per provider,
// and the booking panel. A failed search ends every card that was still waiting with the
// API's message, so no card stays "waiting…".
import { api, ApiError, el, readEvents } from './api.js';
import { attachTypeahead } from './typeahead.js';
import { programNames, PROVIDERS, renderProgress, renderResults } from './results.js';
import { startBooking } from './booking.js';

const $ = (id) => document.getElementById(id);
const form = $('search-form');
const statusLine = $('status');
const daysAhead = (n) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
let running = null;
let sliceCount = 0;

api('GET', '/api/points/programs')
  .then((out) => { for (const p of out.programs) if (p.seats_aero_source) programNames.set(p.seats_aero_source, p.name); })
  .catch(() => { /* raw programme ids stay readable; the search itself reports real failures */ });

function placeField(label, name, value) {
  const hint = el('span', { class: 'hint', 'aria-live': 'polite' });
  const input = el('input', { name, value, required: true, autocomplete: 'off', spellcheck: 'false', 'aria-label': label });
  const wrap = el('div', { class: 'place' }, el('label', {}, label, input), hint);
  attachTypeahead(input, hint);
  return wrap;
}

function addSlice(origin = '', destination = '', date = daysAhead(40 + sliceCount * 7)) {
  const n = ++sliceCount;
  const row = el('fieldset', { class: 'slice' }, el('legend', {}, `Flight ${n}`),
    placeField(`Flight ${n} from`, 'slice_origin', origin),
    placeField(`Flight ${n} to`, 'slice_destination', destination),
    el('label', {}, 'Date', el('input', { type: 'date', name: 'slice_date', value: date, required: true, 'aria-label': `Flight ${n} date` })));
  $('slices').append(row);
}

// The one-way / round-trip fields, built once with their typeaheads.
$('simple-trip').prepend(placeField('From', 'origin', 'JFK'), placeField('To', 'destination', 'LHR'));
form.elements.namedItem('departure_date').value = daysAhead(40);
form.elements.namedItem('return_date').value = daysAhead(47);
addSlice('JFK', 'LHR');
addSlice('CDG', 'JFK');

function showTripFields() {
  const trip = form.elements.namedItem('trip').value;
  $('simple-trip').hidden = trip === 'multi';
  $('return-field').hidden = trip !== 'round';
  $('multi-trip').hidden = trip !== 'multi';
  for (const input of $('simple-trip').querySelectorAll('input')) input.disabled = trip === 'multi' || (input.name === 'return_date' && trip !== 'round');
  for (const input of $('multi-trip').querySelectorAll('input')) input.disabled = trip !== 'multi';
}
for (const radio of form.querySelectorAll('input[name="trip"]')) radio.addEventListener('change', showTripFields);
$('add-slice').addEventListener('click', () => { addSlice(); showTripFields(); });
showTripFields();

function requestBody() {
  const data = new FormData(form);
  const trip = data.get('trip');
  const body = {
    cabin_class: data.get('cabin_class'),
    passengers: Number(data.get('passengers')),
    children: Number(data.get('children')),
    search_type: data.get('search_type'),
  };
  if (trip === 'multi') {
    const origins = data.getAll('slice_origin');
    const destinations = data.getAll('slice_destination');
    const dates = data.getAll('slice_date');
    body.slices = origins.map((o, i) => ({ origin: String(o).trim().toUpperCase(), destination: String(destinations[i]).trim().toUpperCase(), departure_date: dates[i] }));
  } else {
    body.origin = String(data.get('origin')).trim().toUpperCase();
    body.destination = String(data.get('destination')).trim().toUpperCase();
    body.departure_date = data.get('departure_date');
    if (trip === 'round') body.return_date = data.get('return_date');
  }
  return body;
}

function describeTrip(body) {
  if (body.slices) return body.slices.map((s) => `${s.origin} → ${s.destination} ${s.departure_date}`).join(', ');
  return `${body.origin} → ${body.destination} on ${body.departure_date}${body.return_date ? `, back ${body.return_date}` : ''}`;
}

async function search(body) {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const results = new Map();
  // Each slice comes once, before the first result that names it in slice_ids.
  const slices = new Map();
  const open = new Set();
  const progress = new Map(Object.keys(PROVIDERS).map((p) => [p, { status: 'pending' }]));
  if (body.search_type === 'cash' || body.slices) progress.delete('seats_aero');
  if (body.search_type === 'points') { progress.delete('duffel'); progress.delete('serpapi'); }
  const list = $('results');
  const draw = () => renderResults(list, results, open, startBooking);
  renderProgress($('progress'), progress);
  list.replaceChildren();
  $('booking').hidden = true;
  statusLine.className = '';
  statusLine.dataset.state = 'running';
  statusLine.textContent = `Searching ${describeTrip(body)}…`;

  try {
    const res = await fetch('/api/search', {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    if (!res.ok || !res.body) throw new ApiError(res.status, await res.json().catch(() => null));
    for await (const ev of readEvents(res.body, controller.signal)) {
      if (ev.type === 'slice') {
        slices.set(ev.data.id, ev.data);
      } else if (ev.type === 'result') {
        results.set(ev.data.id, { ...ev.data, slices: ev.data.slice_ids.map((id) => slices.get(id)) });
        draw();
        statusLine.textContent = `Searching… ${results.size} flight${results.size === 1 ? '' : 's'} so far, cheapest first`;
      } else if (ev.type === 'update') {
        // A flight already shown: each named field replaces the old value whole.
        results.set(ev.data.id, { ...results.get(ev.data.id), ...ev.data });
        draw();
      } else if (ev.type === 'progress') {
        progress.set(ev.data.provider, ev.data);
        renderProgress($('progress'), progress);
      } else if (ev.type === 'complete') {
        statusLine.dataset.state = 'complete';
        statusLine.textContent = `Done: ${ev.data.count} flights, cheapest first${ev.data.cached ? ' (from cache)' : ''}.`;
      } else if (ev.type === 'error') {
        throw new Error(ev.data?.message ?? 'The search failed part-way');
      }
    }
    if (statusLine.dataset.state !== 'complete' && !controller.signal.aborted) throw new Error('The search stream ended before it completed');
  } catch (err) {
    if (err.name === 'AbortError' || controller.signal.aborted) return;
    statusLine.className = 'error';
    statusLine.dataset.state = 'error';
    statusLine.textContent = `Search failed: ${err.message}`;
    for (const [provider, p] of progress) if (p.status === 'pending') progress.set(provider, { status: 'error', message: err.message });
    renderProgress($('progress'), progress);
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  void search(requestBody());
});
