/* global document, fetch, navigator, window, URLSearchParams */
// The developer dashboard's behaviour: calls /dashboard/api/* with the session cookie and
// the page's anti-CSRF token, and draws usage as inline SVG. No library, no other origin.
(function () {
  'use strict';
  const csrf = document.querySelector('meta[name="csrf-token"]').getAttribute('content');
  const $ = (id) => document.getElementById(id);
  const SVG = 'http://www.w3.org/2000/svg';
  const CHART_DAYS = 14;
  const state = { me: null, keys: [], usageKeyId: null, secret: null, secretKeyId: null };

  function setStatus(text, isError) {
    $('status').textContent = text;
    $('status').className = isError ? 'error' : '';
  }

  async function call(method, path, body) {
    const headers = { accept: 'application/json' };
    if (method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(path, { method, headers, credentials: 'same-origin', body: body === undefined ? undefined : JSON.stringify(body) });
    const json = await res.json().catch(() => null);
    if (!res.ok) {
      // The API's error body: detail is a sentence, or a list of {loc, msg} for a 422.
      const detail = json && json.detail;
      const text = typeof detail === 'string' ? detail : Array.isArray(detail) ? detail.map((i) => `${i.loc.slice(1).join('.')}: ${i.msg}`).join('; ') : 'request failed';
      throw new Error(`${res.status}: ${text}`);
    }
    return json;
  }

  const fmt = (n) => n.toLocaleString('en-US');
  const when = (iso) => (iso ? iso.slice(0, 16).replace('T', ' ') + ' UTC' : 'never');

  function currentPlan() {
    return state.me.plans.find((p) => p.tier === state.me.tier);
  }

  function renderPlans() {
    const box = $('plans');
    box.textContent = '';
    for (const plan of state.me.plans) {
      const label = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'tier';
      input.value = plan.tier;
      input.checked = plan.tier === state.me.tier;
      label.append(input, ` ${plan.tier}: ${fmt(plan.per_minute)} requests per minute, ${fmt(plan.per_day)} per day per key${plan.tier === state.me.tier ? ' (current)' : ''}`);
      box.append(label);
    }
  }

  function renderConnector() {
    const url = state.me.mcp_url;
    $('mcp-url').textContent = url;
    const key = state.secret || 'YOUR_API_KEY';
    $('inspector-cmd').textContent = `npx @modelcontextprotocol/inspector --cli ${url} --transport http --header "Authorization: Bearer ${key}" --method tools/list`;
  }

  function button(text, className, label, onClick) {
    const b = document.createElement('button');
    b.type = 'button';
    b.className = className;
    b.textContent = text;
    b.setAttribute('aria-label', label);
    b.addEventListener('click', onClick);
    return b;
  }

  function renderKeys() {
    const body = document.querySelector('#keys tbody');
    body.textContent = '';
    if (state.keys.length === 0) {
      const tr = body.insertRow();
      const td = tr.insertCell();
      td.colSpan = 7;
      td.textContent = 'No keys yet: create one above.';
      return;
    }
    for (const key of state.keys) {
      const tr = body.insertRow();
      tr.dataset.keyId = key.id;
      const name = key.name || '(no name)';
      for (const text of [name, key.display_prefix + '…', key.scopes.join(' '), when(key.created_at), when(key.last_used_at), key.revoked_at ? 'revoked' : 'active']) {
        tr.insertCell().textContent = text;
      }
      const actions = tr.insertCell();
      actions.append(button('Usage', 'secondary', `Show usage of ${name}`, () => showUsage(key.id)));
      if (!key.revoked_at) actions.append(' ', button('Revoke', 'danger', `Revoke ${name}`, () => revoke(key)));
    }
  }

  /** The last CHART_DAYS UTC days, oldest first, with zeros where nothing was counted. */
  function dailySeries(usage) {
    const byDay = new Map(usage.map((u) => [u.day, u]));
    const days = [];
    const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
    for (let i = CHART_DAYS - 1; i >= 0; i--) {
      const day = new Date(today - i * 86_400_000).toISOString().slice(0, 10);
      const u = byDay.get(day);
      days.push({ day, requests: u ? u.requests : 0, limited: u ? u.limited : 0 });
    }
    return days;
  }

  function el(name, attrs, text) {
    const node = document.createElementNS(SVG, name);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function drawChart(series, perDay) {
    const W = 700, H = 220, left = 48, bottom = 30, top = 12;
    const peak = Math.max(4, ...series.map((d) => Math.max(d.requests, d.limited)));
    // The plan's line is drawn when use comes near it; otherwise it would flatten every bar.
    const showLimit = peak >= perDay / 2;
    const yMax = showLimit ? Math.ceil(perDay * 1.1) : Math.ceil(peak * 1.2);
    const y = (v) => top + (H - top - bottom) * (1 - v / yMax);
    const slot = (W - left) / series.length;
    const total = series.reduce((s, d) => s + d.requests, 0);
    const refused = series.reduce((s, d) => s + d.limited, 0);
    const svg = el('svg', { viewBox: `0 0 ${W} ${H}`, width: '100%', role: 'img', 'aria-labelledby': 'usage-chart-title', 'data-total-requests': total, 'data-total-limited': refused });
    svg.append(el('title', { id: 'usage-chart-title' }, `Requests per day over ${series.length} days: ${fmt(total)} served, ${fmt(refused)} refused with 429`));
    svg.append(el('line', { class: 'chart-axis', x1: left, y1: y(0), x2: W, y2: y(0) }));
    svg.append(el('text', { class: 'chart-text', x: left - 6, y: y(0) + 4, 'text-anchor': 'end' }, '0'));
    svg.append(el('text', { class: 'chart-text', x: left - 6, y: y(yMax) + 8, 'text-anchor': 'end' }, fmt(yMax)));
    if (showLimit) {
      svg.append(el('line', { class: 'chart-axis', x1: left, y1: y(perDay), x2: W, y2: y(perDay), 'stroke-dasharray': '6 4' }));
      svg.append(el('text', { class: 'chart-text', x: W - 4, y: y(perDay) - 4, 'text-anchor': 'end' }, `plan limit ${fmt(perDay)}/day`));
    }
    series.forEach((d, i) => {
      const x = left + i * slot + slot * 0.15;
      const w = slot * 0.35;
      const g = el('g', { 'data-day': d.day, 'data-requests': d.requests, 'data-limited': d.limited });
      g.append(el('rect', { class: 'chart-bar-requests', x, y: y(d.requests), width: w, height: y(0) - y(d.requests) }));
      g.append(el('rect', { class: 'chart-bar-limited', x: x + w, y: y(d.limited), width: w, height: y(0) - y(d.limited) }));
      if (i % 2 === series.length % 2 || i === series.length - 1) g.append(el('text', { class: 'chart-text', x: x + w, y: H - 10, 'text-anchor': 'middle' }, d.day.slice(5)));
      svg.append(g);
    });
    return svg;
  }

  function dataTable(series) {
    const table = document.createElement('table');
    table.className = 'visually-hidden';
    table.createCaption().textContent = 'Usage per day';
    const head = table.createTHead().insertRow();
    for (const h of ['Day', 'Requests served', 'Refused with 429']) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = h;
      head.append(th);
    }
    const body = table.createTBody();
    for (const d of series) {
      const tr = body.insertRow();
      for (const v of [d.day, fmt(d.requests), fmt(d.limited)]) tr.insertCell().textContent = v;
    }
    return table;
  }

  async function showUsage(keyId) {
    const key = state.keys.find((k) => k.id === keyId);
    if (!key) return;
    state.usageKeyId = keyId;
    const out = await call('GET', `/dashboard/api/keys/${encodeURIComponent(keyId)}/usage?days=${CHART_DAYS}`);
    const series = dailySeries(out.usage);
    const plan = state.me.plans.find((p) => p.tier === key.tier) || currentPlan();
    $('usage-key').textContent = `Key ${key.name || '(no name)'} (${key.display_prefix}…), plan ${key.tier}. Blue: requests served; red: refused with 429.`;
    const chart = $('usage-chart');
    chart.textContent = '';
    chart.append(drawChart(series, plan.per_day), dataTable(series));
    const today = series[series.length - 1];
    $('usage-limits').textContent = `Today: ${fmt(today.requests)} of ${fmt(plan.per_day)} requests per day (${((100 * today.requests) / plan.per_day).toFixed(1)}%), ${fmt(today.limited)} refused; at most ${fmt(plan.per_minute)} per minute.`;
  }

  async function loadKeys() {
    state.keys = (await call('GET', '/dashboard/api/keys')).keys;
    renderKeys();
    const chosen = state.keys.find((k) => k.id === state.usageKeyId) || state.keys.find((k) => !k.revoked_at) || state.keys[0];
    if (chosen) await showUsage(chosen.id);
  }

  async function revoke(key) {
    try {
      await call('DELETE', `/dashboard/api/keys/${encodeURIComponent(key.id)}`);
      if (state.secretKeyId === key.id) {
        state.secret = null;
        $('new-key').hidden = true;
        renderConnector();
      }
      setStatus(`Key ${key.name || key.display_prefix} revoked: requests with it now get 401.`);
      await loadKeys();
    } catch (err) {
      setStatus(`Could not revoke the key (${err.message}).`, true);
    }
  }

  $('key-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const form = event.currentTarget;
    const scopes = [...form.querySelectorAll('input[name="scopes"]:checked')].map((i) => i.value);
    try {
      const out = await call('POST', '/dashboard/api/keys', { name: form.elements.name.value, scopes });
      state.secret = out.secret;
      state.secretKeyId = out.key.id;
      state.usageKeyId = out.key.id;
      $('new-key-secret').textContent = out.secret;
      $('new-key').hidden = false;
      renderConnector();
      setStatus(`Key ${out.key.name || out.key.display_prefix} created.`);
      form.reset();
      await loadKeys();
    } catch (err) {
      setStatus(`Could not create the key (${err.message}).`, true);
    }
  });

  $('plan-form').addEventListener('submit', async (event) => {
    event.preventDefault();
    const picked = event.currentTarget.querySelector('input[name="tier"]:checked');
    if (!picked) return;
    try {
      const from = state.me.tier;
      const out = await call('POST', '/dashboard/api/plan', { tier: picked.value });
      // A paid plan with Stripe configured: pay on Stripe Checkout, which sends the browser back here.
      if (out.state === 'checkout' && out.checkout_url) {
        setStatus(`Taking you to Stripe Checkout to pay for the ${out.tier} plan…`);
        window.location.assign(out.checkout_url);
        return;
      }
      state.me.tier = out.tier;
      renderPlans();
      setStatus(`Plan changed from ${from} to ${out.tier}. Your keys have the new limits now.`);
      await loadKeys();
    } catch (err) {
      setStatus(`Could not change the plan (${err.message}).`, true);
    }
  });

  /** Back from Stripe Checkout: the server asks Stripe whether the session was paid before the plan moves. */
  async function finishCheckout() {
    const params = new URLSearchParams(window.location.search);
    const session = params.get('checkout_session');
    if (params.get('checkout') === 'cancelled') setStatus('Checkout cancelled: your plan is unchanged.');
    if (!session) return;
    window.history.replaceState(null, '', '/dashboard');
    try {
      const out = await call('POST', `/dashboard/api/plan/checkout/${encodeURIComponent(session)}`);
      if (out.state === 'changed') {
        state.me.tier = out.tier;
        setStatus(`Paid: you are on the ${out.tier} plan. Your keys have the new limits now.`);
      } else setStatus(`The checkout for the ${out.tier} plan is ${out.state}: your plan is unchanged.`, out.state !== 'open');
    } catch (err) {
      setStatus(`Could not check the payment (${err.message}).`, true);
    }
  }

  function copier(buttonId, sourceId) {
    $(buttonId).addEventListener('click', async () => {
      try {
        await navigator.clipboard.writeText($(sourceId).textContent);
        setStatus('Copied.');
      } catch {
        // No clipboard permission: select the text so Ctrl+C works.
        window.getSelection().selectAllChildren($(sourceId));
        setStatus('Selected: press Ctrl+C (or Cmd+C) to copy.');
      }
    });
  }
  copier('copy-key', 'new-key-secret');
  copier('copy-url', 'mcp-url');
  copier('copy-cmd', 'inspector-cmd');

  (async () => {
    try {
      state.me = await call('GET', '/dashboard/api/me');
      await finishCheckout();
      renderPlans();
      renderConnector();
      await loadKeys();
    } catch (err) {
      setStatus(`Could not load your account (${err.message}). Reload the page, or sign in again.`, true);
    }
  })();
})();
