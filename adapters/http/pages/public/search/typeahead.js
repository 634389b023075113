/* global setTimeout, clearTimeout */
// City and airport typeahead on GET /api/places/suggest, as an ARIA combobox: type a name,
// pick with the mouse or arrows + Enter, and the field holds the IATA code the search takes.
import { api, el } from './api.js';

let counter = 0;

function placeLabel(p) {
  return p.type === 'city' ? `${p.name}, ${p.country} (${p.iata}: ${p.airports.join(', ')})` : `${p.name}, ${p.city}, ${p.country} (${p.iata})`;
}

/** Turns a text input into a combobox; `hint` shows the chosen place's name. */
export function attachTypeahead(input, hint) {
  const id = `places-${++counter}`;
  const list = el('ul', { id, role: 'listbox', class: 'suggestions', hidden: true, 'aria-label': `${input.getAttribute('aria-label') ?? 'Place'} suggestions` });
  input.after(list);
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-expanded', 'false');
  input.setAttribute('aria-controls', id);
  let places = [];
  let active = -1;
  let timer;
  let asked = 0;

  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
    input.removeAttribute('aria-activedescendant');
    active = -1;
  };
  const choose = (p) => {
    input.value = p.iata;
    hint.textContent = placeLabel(p);
    close();
  };
  const render = () => {
    list.replaceChildren(...places.map((p, i) => {
      const li = el('li', { id: `${id}-${i}`, role: 'option', 'aria-selected': i === active ? 'true' : 'false', 'data-code': p.iata }, placeLabel(p));
      if (p.type === 'airport' && places.some((c) => c.type === 'city' && c.airports.includes(p.iata))) li.classList.add('nested');
      li.addEventListener('mousedown', (e) => { e.preventDefault(); choose(p); });
      return li;
    }));
    list.hidden = places.length === 0;
    input.setAttribute('aria-expanded', String(!list.hidden));
    if (active >= 0) input.setAttribute('aria-activedescendant', `${id}-${active}`);
    else input.removeAttribute('aria-activedescendant');
  };
  const suggest = async () => {
    const query = input.value.trim();
    const mine = ++asked;
    if (!query) { places = []; render(); return; }
    try {
      const out = await api('GET', `/api/places/suggest?query=${encodeURIComponent(query)}&limit=8`);
      if (mine !== asked) return; // a newer keystroke's answer wins
      places = out.places;
      active = -1;
      render();
    } catch (err) {
      hint.textContent = err.message;
    }
  };

  input.addEventListener('input', () => {
    hint.textContent = '';
    clearTimeout(timer);
    timer = setTimeout(suggest, 150);
  });
  input.addEventListener('keydown', (e) => {
    if (list.hidden) return;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      active = (active + (e.key === 'ArrowDown' ? 1 : places.length - 1)) % places.length;
      render();
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      choose(places[active]);
    } else if (e.key === 'Escape') close();
  });
  input.addEventListener('blur', close);
}
