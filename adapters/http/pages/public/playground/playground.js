/* global document, fetch, TextDecoder, AbortController, FormData */
// The search playground: posts the form to /api/search and renders the Server-Sent Events
// as they arrive, one column per provider. Plain JS on purpose (no build step); everything
// is written with textContent, never innerHTML, so provider data cannot inject markup.

const PROVIDER_LABELS = { duffel: 'Duffel (cash)', serpapi: 'Google Flights (cash)', seats_aero: 'seats.aero (award seats)' };

const form = document.getElementById('search-form');
const statusLine = document.getElementById('status');
const progressBox = document.getElementById('progress');
const resultsBox = document.getElementById('results');
let running = null;

// A sensible default date: four weeks from today.
const dateInput = form.elements.namedItem('departure_date');
const inFourWeeks = new Date(Date.now() + 28 * 86_400_000);
dateInput.value = inFourWeeks.toISOString().slice(0, 10);

function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

/** Splits a fetch body into SSE events: blank-line separated blocks of `data:` lines holding JSON. */
async function* readEvents(body, signal) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (!signal.aborted) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true }).replace(/\r\n?/g, '\n');
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block.split('\n').filter((l) => l.startsWith('data:')).map((l) => l.slice(5).trimStart()).join('\n');
      if (data) yield JSON.parse(data);
    }
  }
}

function describeResult(r) {
  const when = r.departing_at ? r.departing_at.slice(11, 16) : '--:--';
  const stops = r.stops === 0 ? 'nonstop' : r.stops == null ? '' : `${r.stops} stop${r.stops > 1 ? 's' : ''}`;
  return `${r.carrier} ${r.route} ${when} ${stops}`.trim();
}

/** What this provider offers for the flight: its cash price, or its cheapest award. */
function offerOf(r, provider) {
  if (provider === 'seats_aero') {
    const award = [...(r.awards ?? [])].sort((a, b) => a.miles - b.miles)[0];
    return award ? `${award.miles.toLocaleString()} ${award.program} miles` : '';
  }
  const p = (r.prices ?? []).find((x) => x.source === provider);
  return p ? `${p.amount.toFixed(2)} ${p.currency}` : '';
}

function renderGroups(results) {
  const byProvider = new Map();
  for (const r of results.values()) for (const s of r.sources ?? []) {
    if (!byProvider.has(s)) byProvider.set(s, []);
    byProvider.get(s).push(r);
  }
  resultsBox.replaceChildren();
  for (const [provider, list] of byProvider) {
    list.sort((a, b) => (a.price ?? Infinity) - (b.price ?? Infinity));
    const group = el('article', { class: 'provider-group', 'data-provider': provider });
    group.append(el('h2', {}, `${PROVIDER_LABELS[provider] ?? provider}: ${list.length} flight${list.length === 1 ? '' : 's'}`));
    const ol = el('ol');
    for (const r of list.slice(0, 25)) {
      const li = el('li', { class: 'result', 'data-result-id': r.id });
      li.append(el('span', { class: 'price' }, offerOf(r, provider)), document.createTextNode(' '), el('span', {}, describeResult(r)));
      ol.append(li);
    }
    group.append(ol);
    resultsBox.append(group);
  }
}

function renderProgress(progress) {
  progressBox.replaceChildren();
  for (const [provider, p] of progress) {
    const box = el('div', { class: 'provider-progress', 'data-provider': provider, 'data-status': p.status });
    box.append(el('strong', {}, PROVIDER_LABELS[provider] ?? provider), el('br'));
    const detail = p.status === 'pending' ? 'waiting…' : `${p.status}: ${p.count} result${p.count === 1 ? '' : 's'} in ${p.elapsed_ms} ms${p.cached ? ' (cached)' : ''}`;
    box.append(el('span', {}, detail));
    progressBox.append(box);
  }
}

async function search(body) {
  running?.abort();
  const controller = new AbortController();
  running = controller;
  const results = new Map();
  const progress = new Map(Object.keys(PROVIDER_LABELS).map((p) => [p, { status: 'pending' }]));
  if (body.search_type === 'cash') progress.delete('seats_aero');
  if (body.search_type === 'points') { progress.delete('duffel'); progress.delete('serpapi'); }
  renderProgress(progress);
  resultsBox.replaceChildren();
  statusLine.className = '';
  statusLine.textContent = `Searching ${body.origin} → ${body.destination} on ${body.departure_date}…`;

  const res = await fetch('/api/search', {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'text/event-stream' },
    body: JSON.stringify(body),
    signal: controller.signal,
  });
  if (!res.ok || !res.body) {
    const problem = await res.json().catch(() => null);
    const detail = Array.isArray(problem?.detail) ? problem.detail.map((d) => `${(d.loc ?? []).slice(1).join('.')}: ${d.msg}`).join('; ') : typeof problem?.detail === 'string' ? problem.detail : undefined;
    throw new Error(`HTTP ${res.status}${detail ? ` — ${detail}` : ''}`);
  }
  for await (const ev of readEvents(res.body, controller.signal)) {
    if (ev.type === 'result') {
      results.set(ev.data.id, ev.data);
      renderGroups(results);
      statusLine.textContent = `Streaming… ${results.size} flight${results.size === 1 ? '' : 's'} so far`;
    } else if (ev.type === 'update') {
      // A flight already shown: only the fields a later provider changed.
      results.set(ev.data.id, { ...results.get(ev.data.id), ...ev.data });
      renderGroups(results);
    } else if (ev.type === 'progress') {
      progress.set(ev.data.provider, ev.data);
      renderProgress(progress);
    } else if (ev.type === 'complete') {
      const count = ev.data.count;
      const cheapest = ev.data.cheapest;
      statusLine.dataset.state = 'complete';
      statusLine.textContent = `Done: ${count} flights in ${ev.data.elapsed_ms} ms${ev.data.cached ? ' (from cache)' : ''}`
        + (cheapest && cheapest.price != null ? `; cheapest ${cheapest.price} ${cheapest.currency ?? ''}` : '');
    } else if (ev.type === 'error') {
      throw new Error(ev.data?.message ?? 'the search failed part-way');
    }
  }
}

form.addEventListener('submit', (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const body = {
    origin: String(data.get('origin')).toUpperCase(),
    destination: String(data.get('destination')).toUpperCase(),
    departure_date: String(data.get('departure_date')),
    search_type: String(data.get('search_type')),
  };
  search(body).catch((err) => {
    if (err.name === 'AbortError') return;
    statusLine.className = 'error';
    statusLine.dataset.state = 'error';
    statusLine.textContent = `Search failed: ${err.message}`;
  });
});
