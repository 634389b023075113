/* global document */
// Flight results (search_flights): one card per flight with its itinerary, the cash
// price beside the award prices, how old the prices are, and a "Book" action that
// quotes the flight through the host (quote_booking), the booking's confirmation step.
import { age, callTool, clock, duration, el, money, programName, sortControl, startApp } from '../shared/bridge.js';

const SORTS = [
  ['price', 'Cash price'],
  ['miles', 'Fewest miles'],
  ['duration', 'Duration'],
  ['departure', 'Departure time'],
  ['stops', 'Stops'],
];

const cheapestMiles = (f) => (f.awards.length ? Math.min(...f.awards.map((a) => a.miles)) : Infinity);
const KEYS = {
  price: (f) => f.price ?? Infinity,
  miles: cheapestMiles,
  duration: (f) => f.durationMin ?? Infinity,
  departure: (f) => f.itinerary[0]?.depart ?? '',
  stops: (f) => f.stops ?? Infinity,
};

let state = { data: null, sort: 'price', receivedAt: 0 };

startApp('deal-engine-flights', (data, app) => {
  state = { data, sort: 'price', receivedAt: Date.now() };
  render(app);
});

function render(app) {
  const { data, sort } = state;
  const main = document.getElementById('app');
  const flights = [...data.results].sort((a, b) => {
    const ka = KEYS[sort](a);
    const kb = KEYS[sort](b);
    return ka < kb ? -1 : ka > kb ? 1 : 0;
  });
  const first = data.results[0]?.itinerary[0];
  const title = first ? `Flights ${first.from} → ${first.to}` : 'Flights';
  const cached = /\(cached\)/.test(data.source);
  const controls = sortControl('sort', SORTS, (value) => { state.sort = value; render(app); });
  controls.querySelector('select').value = sort;
  main.replaceChildren(
    el('h1', {}, title),
    el('p', { class: 'muted', id: 'summary' },
      `${data.count} of ${data.totalFound} flights · from ${data.source.replace(/\s*\(cached\)/, '').split(',').join(', ')} · prices ${cached ? 'from the search cache, ' : ''}received ${age(state.receivedAt)}`),
    controls,
    data.results.length === 0 ? el('p', { role: 'status' }, 'No flights found for this search.') : el('ul', { class: 'cards', 'aria-label': 'Flights' }, flights.map((f) => card(f, app))),
  );
}

function card(f, app) {
  const id = `f-${f.id}`;
  const item = el('li', { class: 'card', 'data-flight': f.id, 'aria-labelledby': `${id}-h` });
  const expires = f.expiresAt ? Date.parse(f.expiresAt) : null;
  const expired = expires !== null && expires < Date.now();
  item.append(
    el('div', { class: 'row' },
      el('h2', { id: `${id}-h` }, `${f.carrier} ${f.flights}`),
      el('span', { class: 'badge' }, [f.cabin, f.fareBrand].filter(Boolean).join(' · '))),
    el('ul', { class: 'slices' }, f.itinerary.map((s) => el('li', {},
      el('strong', {}, s.direction === 'outbound' ? 'Out' : s.direction === 'return' ? 'Return' : 'Onward'), ' ',
      `${s.from} ${clock(s.depart)} → ${s.to} ${clock(s.arrive)}${s.arrive.slice(0, 10) > s.depart.slice(0, 10) ? ' (+1)' : ''} · ${s.depart.slice(0, 10)} · ${duration(s.durationMin)} · `,
      s.stops === 0 ? 'nonstop' : `${s.stops} stop${s.stops > 1 ? 's' : ''} via ${s.via.join(', ')}`))),
    el('div', { class: 'prices' },
      el('div', {},
        el('h3', {}, 'Cash'),
        el('p', { class: 'price', 'data-price': f.price ?? '' }, money(f.price, f.currency)),
        f.checkoutTotal && f.checkoutTotal.currency !== f.currency ? el('p', { class: 'muted' }, `charged as ${money(f.checkoutTotal.amount, f.checkoutTotal.currency)}`) : null,
        el('p', { class: expired ? 'error' : 'muted' }, expires === null ? 'Reference price (not bookable here)' : expired ? 'Offer expired: search again' : `Offer held until ${new Date(expires).toISOString().slice(11, 16)} UTC`)),
      el('div', {},
        el('h3', {}, 'Points'),
        f.awards.length === 0
          ? el('p', { class: 'muted' }, 'No award seats found')
          : el('ul', {}, f.awards.map((a) => el('li', {},
            el('strong', {}, `${a.miles.toLocaleString('en-US')} miles`), ` + ${money(a.taxes, a.currency)} · ${programName(a.program)}`,
            a.seats !== null ? ` · ${a.seats} seat${a.seats === 1 ? '' : 's'}` : '', a.direction === 'return' ? ' (return)' : ''))))),
  );
  if (f.bookable && f.offerId && !expired) {
    const book = el('button', { type: 'button', 'aria-expanded': 'false', 'aria-controls': `${id}-book` }, 'Book');
    book.addEventListener('click', () => {
      const open = book.getAttribute('aria-expanded') === 'true';
      book.setAttribute('aria-expanded', String(!open));
      const existing = item.querySelector('.book-form');
      if (open) existing?.remove();
      else item.append(bookForm(f, id, app));
      item.setAttribute('aria-current', String(!open));
      if (!open) item.querySelector('.book-form input')?.focus();
    });
    item.append(el('div', { class: 'row' }, el('span', {}), book));
  }
  return item;
}

/** The traveller's details, then quote_booking through the host: the price to confirm. */
function bookForm(f, id, app) {
  const field = (name, label, attrs = {}) => el('label', {}, label, el('input', { name, required: true, ...attrs }));
  const choice = (name, label, options) => el('label', {}, label, el('select', { name }, options.map(([v, t]) => el('option', { value: v }, t))));
  const status = el('div', { role: 'status', class: 'book-status' });
  const submit = el('button', { type: 'button' }, 'Get the price to confirm');
  // A group, not a <form>: hosts' sandboxes often leave out allow-forms, which blocks submitting one.
  const form = el('div', { class: 'book-form', role: 'group', id: `${id}-book`, 'aria-label': `Book ${f.carrier} ${f.flights}` },
    choice('title', 'Title', [['ms', 'Ms'], ['mr', 'Mr'], ['mrs', 'Mrs'], ['miss', 'Miss'], ['dr', 'Dr']]),
    choice('gender', 'Gender (as on passport)', [['f', 'Female'], ['m', 'Male']]),
    field('given_name', 'Given name', { autocomplete: 'given-name' }),
    field('family_name', 'Family name', { autocomplete: 'family-name' }),
    field('born_on', 'Date of birth', { type: 'date' }),
    field('email', 'Email', { type: 'email', autocomplete: 'email' }),
    field('phone_number', 'Phone (+44…)', { type: 'tel', autocomplete: 'tel', pattern: '\\+[1-9][0-9]{6,14}' }),
    field('passport_number', 'Passport number (international trips)', { required: false }),
    field('passport_country', 'Passport country (GB, US…)', { required: false, maxlength: 2 }),
    field('passport_expiry', 'Passport expiry', { type: 'date', required: false }),
    el('div', { class: 'actions' }, submit),
    status,
  );
  submit.addEventListener('click', async () => {
    const inputs = [...form.querySelectorAll('input, select')];
    if (!inputs.every((input) => input.reportValidity())) return;
    const v = Object.fromEntries(inputs.map((input) => [input.name, input.value.trim()]));
    const passenger = { title: v.title, gender: v.gender, given_name: v.given_name, family_name: v.family_name, born_on: v.born_on, email: v.email, phone_number: v.phone_number };
    if (v.passport_number) passenger.passport = { number: v.passport_number, issuing_country_code: String(v.passport_country).toUpperCase(), expires_on: v.passport_expiry };
    submit.disabled = true;
    status.replaceChildren(el('p', {}, 'Asking for the price…'));
    const answer = await callTool(app, 'quote_booking', { offerId: f.offerId, passengers: [passenger], purpose: 'book' });
    submit.disabled = false;
    if (!answer.ok || !answer.data) {
      status.replaceChildren(el('p', { class: 'error', role: 'alert' }, answer.text || 'The quote failed.'));
      return;
    }
    status.replaceChildren(quote(answer.data));
  });
  return form;
}

/** The quote: the exact total to confirm, and what happens next. */
function quote(q) {
  const b = q.breakdown;
  return el('div', { class: 'quote', 'data-step': 'confirm' },
    el('h3', {}, 'Confirm this price'),
    el('p', { class: 'price' }, `Total ${money(q.total.amount, q.total.currency)}`),
    el('p', { class: 'muted' }, `Fare ${money(b.fare.amount, b.fare.currency)} · extras ${money(b.extras.amount, b.extras.currency)} · service fee ${money(b.serviceFee.amount, b.serviceFee.currency)}`),
    el('p', {}, `Held for you until ${q.expiresAt.slice(11, 16)} UTC. Nothing is booked or charged yet: ${q.payment ? 'pay by card, then ' : ''}confirm the booking in the conversation.`));
}
