/* global document */
// Seat map (get_seat_map): per flight, the seats that can be chosen now with their
// price; choosing one and pressing "Hold" calls pick_seat through the host.
import { callTool, clock, el, money, startApp } from '../shared/bridge.js';

startApp('deal-engine-seats', (data, app) => render(data, app));

function render(data, app) {
  const main = document.getElementById('app');
  // The offer id as the model passed it (e.g. "duffel:off_…"); the map names the bare one.
  const offerId = app.lastInput?.offerId ?? data.offerId;
  const passengers = data.passengerIds;
  main.replaceChildren(
    el('h1', {}, 'Choose a seat'),
    el('p', { class: 'muted' }, `${data.flights.length} flight${data.flights.length === 1 ? '' : 's'} · ${passengers.length} passenger${passengers.length === 1 ? '' : 's'}`),
    ...data.flights.map((flight, i) => section(flight, i, offerId, passengers, app)),
  );
}

function section(flight, i, offerId, passengers, app) {
  const id = `fl${i}`;
  const box = el('section', { class: 'flight', 'aria-labelledby': `${id}-h`, 'data-segment': flight.segmentId },
    el('h2', { id: `${id}-h` }, `${flight.flight} ${flight.route.replace('-', ' → ')} · ${flight.departingAt.slice(0, 10)} ${clock(flight.departingAt)}`));
  if (flight.seatSelectionAllowed === false || flight.availableSeats.length === 0) {
    box.append(el('p', { class: 'muted' }, flight.seatSelectionAllowed === false
      ? 'This fare does not allow choosing seats before check-in.'
      : `No seat can be chosen now (${flight.totalSeats} seats on board).`));
    return box;
  }
  let chosen = null;
  const passengerSelect = el('select', { id: `${id}-pax` }, passengers.map((p, n) => el('option', { value: p }, `Passenger ${n + 1}`)));
  const hold = el('button', { type: 'button', disabled: true }, 'Hold the chosen seat');
  const status = el('div', { role: 'status' });
  const seats = [...flight.availableSeats].sort((a, b) => a.designator.localeCompare(b.designator, 'en', { numeric: true }));
  const grid = el('div', { class: 'seats', role: 'group', 'aria-label': `Seats on ${flight.flight}` }, seats.map((s) => {
    const button = el('button', { type: 'button', class: 'seat', 'aria-pressed': 'false', 'data-seat': s.designator },
      el('strong', {}, s.designator), el('small', {}, s.price.amount === 0 ? 'free' : money(s.price.amount, s.price.currency)),
      s.conditions ? el('small', {}, 'exit row: conditions apply') : null);
    button.addEventListener('click', () => {
      for (const other of grid.querySelectorAll('.seat')) other.setAttribute('aria-pressed', 'false');
      button.setAttribute('aria-pressed', 'true');
      chosen = s;
      hold.disabled = false;
      hold.textContent = `Hold seat ${s.designator}`;
    });
    return button;
  }));
  hold.addEventListener('click', async () => {
    if (!chosen) return;
    hold.disabled = true;
    status.replaceChildren(el('p', {}, `Holding ${chosen.designator}…`));
    const answer = await callTool(app, 'pick_seat', { action: 'hold', offerId, passengerId: passengerSelect.value, segmentId: flight.segmentId, seat: chosen.designator, bookingRef: null });
    hold.disabled = false;
    if (!answer.ok) {
      status.replaceChildren(el('p', { class: 'error', role: 'alert' }, answer.text || 'The seat could not be held.'));
      return;
    }
    const held = answer.data?.seats?.[0];
    status.replaceChildren(el('p', { class: 'ok', 'data-held': chosen.designator }, `Seat ${chosen.designator} held${held?.price ? ` for ${money(held.price.amount, held.price.currency)}` : ''}. It is added when you book.`));
  });
  box.append(
    passengers.length > 1 ? el('div', { class: 'toolbar' }, el('label', { for: `${id}-pax` }, 'For'), passengerSelect) : null,
    grid,
    el('div', { class: 'toolbar' }, hold),
    status,
  );
  return box;
}
