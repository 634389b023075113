/* global document, setTimeout */
// The booking flow on the REST booking routes, as a guest: the live offer, its seat map,
// the travellers, a test card payment on the card simulator (intent → confirm), checkout,
// then the booking and its e-tickets. Each step shows the API's error as it states it.
import { api, el } from './api.js';

const panel = document.getElementById('booking');
const money = (m) => `${Number(m.amount).toFixed(2)} ${m.currency}`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function show(title, ...content) {
  panel.hidden = false;
  const h = el('h2', { id: 'booking-title', tabindex: '-1' }, title);
  panel.replaceChildren(h, ...content);
  h.focus();
}

function failure(err, retry) {
  const box = el('div', { class: 'error', role: 'alert' }, el('p', {}, err.message));
  if (retry) {
    const again = el('button', { type: 'button' }, 'Back');
    again.addEventListener('click', retry);
    box.append(again);
  }
  return box;
}

function closeButton() {
  const b = el('button', { type: 'button', class: 'link' }, 'Close');
  b.addEventListener('click', () => { panel.hidden = true; panel.replaceChildren(); });
  return b;
}

/** The seat map per segment, read-only: holding seats needs sign-in, a guest gets one at check-in. */
function seatMapView(maps) {
  const box = el('div', { class: 'seatmaps' });
  for (const m of maps.seat_maps ?? []) {
    let free = 0;
    const grid = el('div', { class: 'seatmap', role: 'group', tabindex: '0', 'aria-label': `Seats on ${m.flight}` });
    for (const cabin of m.cabins) {
      for (const row of cabin.rows.slice(0, 40)) {
        const r = el('div', { class: 'seat-row' });
        for (const section of row.sections) {
          const s = el('span', { class: 'section' });
          for (const e of section.elements) {
            if (e.type !== 'seat') { s.append(el('span', { class: 'seat gap', 'aria-hidden': 'true' })); continue; }
            if (e.available) free++;
            const price = e.available_services?.[0];
            s.append(el('span', { class: `seat${e.available ? ' free' : ''}`, title: `${e.designator}${e.available ? (price ? ` ${money(price.price)}` : ' free') : ' taken'}` }, e.designator));
          }
          r.append(s);
        }
        grid.append(r);
      }
    }
    box.append(el('h3', {}, `${m.flight} ${m.origin} → ${m.destination}: ${m.advance_seat_selection === false ? 'this fare does not allow choosing seats in advance' : `${free} seats available`}`), grid);
  }
  if (!(maps.seat_maps ?? []).length) box.append(el('p', {}, 'The airline publishes no seat map for this offer.'));
  box.append(el('p', { class: 'note' }, 'Holding a seat needs sign-in (POST /api/booking/seat-hold); as a guest you are given a seat at check-in.'));
  return box;
}

function travellerFieldset(slot, i, needPassport) {
  const f = (label, name, attrs = {}) => el('label', {}, label, el('input', { name: `${i}.${name}`, required: true, ...attrs }));
  const set = el('fieldset', { class: 'traveller' }, el('legend', {}, `Passenger ${i + 1} (${slot.type.replaceAll('_', ' ')})`),
    el('label', {}, 'Title', el('select', { name: `${i}.title` }, ...['ms', 'mr', 'mrs', 'miss', 'dr'].map((t) => el('option', { value: t }, t)))),
    el('label', {}, 'Gender', el('select', { name: `${i}.gender` }, el('option', { value: 'f' }, 'female'), el('option', { value: 'm' }, 'male'))),
    f('Given name', 'given_name', { autocomplete: 'given-name' }),
    f('Family name', 'family_name', { autocomplete: 'family-name' }),
    f('Born on', 'born_on', { type: 'date' }),
    f('Email', 'email', { type: 'email', autocomplete: 'email' }),
    f('Phone (E.164)', 'phone_number', { type: 'tel', placeholder: '+442080160509' }));
  if (needPassport) set.append(f('Passport number', 'passport.number'), f('Passport country', 'passport.issuing_country_code', { maxlength: 2, placeholder: 'GB' }), f('Passport expires', 'passport.expires_on', { type: 'date' }));
  return set;
}

function readTravellers(form, slots, needPassport) {
  const v = (name) => form.elements.namedItem(name).value.trim();
  return slots.map((slot, i) => ({
    id: slot.id,
    title: v(`${i}.title`), gender: v(`${i}.gender`), given_name: v(`${i}.given_name`), family_name: v(`${i}.family_name`),
    born_on: v(`${i}.born_on`), email: v(`${i}.email`), phone_number: v(`${i}.phone_number`),
    ...(needPassport ? { passport: { number: v(`${i}.passport.number`), issuing_country_code: v(`${i}.passport.issuing_country_code`).toUpperCase(), expires_on: v(`${i}.passport.expires_on`) } } : {}),
  }));
}

/** Step 1 and 2: the live offer and its seat map, then the traveller and payment form. */
export async function startBooking(result) {
  const offerId = result.offer_id;
  show('Booking: checking the offer…', el('p', { role: 'status' }, 'Asking the airline whether this fare is still on sale…'));
  let offer;
  let maps;
  try {
    offer = await api('GET', `/api/offers/${encodeURIComponent(offerId)}`);
    maps = await api('GET', `/api/booking/seat-map?offer_id=${encodeURIComponent(offerId)}`).catch((err) => ({ error: err }));
  } catch (err) {
    show('Booking: the offer is not available', failure(err), closeButton());
    return;
  }
  const needPassport = offer.identity_documents_required === true;
  const form = el('form', { id: 'checkout-form', novalidate: true },
    ...offer.passengers.map((slot, i) => travellerFieldset(slot, i, needPassport)),
    el('fieldset', {}, el('legend', {}, 'Payment (card simulator)'),
      el('label', {}, 'Test card', el('select', { name: 'card' },
        el('option', { value: 'pm_card_visa' }, 'Visa 4242 (succeeds)'),
        el('option', { value: 'pm_card_chargeDeclined' }, 'Declined card'),
        el('option', { value: 'pm_card_authenticationRequired' }, 'Needs 3-D Secure')))),
    el('button', { type: 'submit', class: 'book' }, `Pay and book`));
  form.addEventListener('submit', (e) => { e.preventDefault(); void pay(offer, form, needPassport, () => startBooking(result)); });
  show(`Booking ${offer.owner.name ?? offer.owner.iata} ${result.route}`,
    el('p', { class: 'offer-summary' }, `${money(offer.total)} for ${offer.passengers.length} passenger${offer.passengers.length === 1 ? '' : 's'} before our service fee · ${offer.fare_brand ?? offer.cabin.replace('_', ' ')}${offer.expires_at ? ` · offer valid until ${offer.expires_at.slice(11, 16)} UTC` : ''}`),
    el('h3', {}, 'Seat map'),
    maps.error ? failure(maps.error) : seatMapView(maps),
    el('h3', {}, 'Travellers and payment'),
    form,
    closeButton());
}

/** Step 3 and 4: pay with a test card, check out, then show the confirmation. */
async function pay(offer, form, needPassport, back) {
  const passengers = readTravellers(form, offer.passengers, needPassport);
  const status = el('p', { role: 'status' }, 'Opening the card payment…');
  show('Booking: paying', status);
  try {
    const intent = await api('POST', '/api/booking/payment-intent', { offer_id: offer.offer_id }, { idempotent: true });
    status.textContent = `Authorizing ${intent.amount.toFixed(2)} ${intent.currency} on the test card…`;
    const card = form.elements.namedItem('card').value;
    await api('POST', `/api/booking/card-payments/${encodeURIComponent(intent.payment_intent_id)}/confirm`, { payment_method: card, client_secret: intent.client_secret }, { idempotent: true });
    status.textContent = 'Paid; asking the airline for the booking…';
    const booked = await api('POST', '/api/booking/create-offer', { offer_id: offer.offer_id, payment_intent_id: intent.payment_intent_id, client_secret: intent.client_secret, passengers }, { idempotent: true });
    await confirmation(booked.booking_ref);
  } catch (err) {
    show('Booking: not completed', failure(err, back), closeButton());
  }
}

/** Step 5: the booking as recorded, then its e-tickets once the airline issues them. */
async function confirmation(ref) {
  const booking = await api('GET', `/api/booking/${encodeURIComponent(ref)}`);
  const tickets = el('div', { id: 'e-tickets', 'aria-live': 'polite' }, el('p', {}, 'Waiting for the airline to issue the e-tickets…'));
  show(`Booked: ${booking.pnr ?? booking.booking_ref}`,
    el('dl', { class: 'confirmation' },
      el('dt', {}, 'Booking'), el('dd', {}, booking.booking_ref),
      el('dt', {}, 'Airline reference'), el('dd', { id: 'pnr' }, booking.pnr ?? 'pending'),
      el('dt', {}, 'Status'), el('dd', {}, booking.status),
      el('dt', {}, 'Paid'), el('dd', {}, `${booking.totals.total.toFixed(2)} ${booking.totals.currency} (fare ${booking.totals.fare.toFixed(2)}, service fee ${booking.totals.markup.toFixed(2)})`),
      el('dt', {}, 'Travellers'), el('dd', {}, booking.passengers.map((p) => `${p.given_name} ${p.family_name}`).join(', '))),
    tickets, closeButton());
  for (let i = 0; i < 30; i++) {
    const docs = await api('GET', `/api/booking/${encodeURIComponent(ref)}/documents`).catch((err) => ({ error: err }));
    if (docs.error) { tickets.replaceChildren(failure(docs.error)); return; }
    if (docs.documents.length) {
      tickets.replaceChildren(el('h3', {}, 'E-tickets'), el('ul', {}, ...docs.documents.map((d) => el('li', { class: 'e-ticket' }, `${d.ticket_number} · ${d.passenger_names.join(', ')}`))));
      return;
    }
    if (!docs.processing) { tickets.replaceChildren(el('p', {}, 'No e-ticket was issued for this booking.')); return; }
    await sleep(1000);
  }
  tickets.replaceChildren(el('p', {}, 'The airline has not issued the e-tickets yet; they will be on the booking when it does.'));
}
