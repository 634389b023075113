/* global document */
// The app side of MCP Apps: connects to the host through ext-apps' App (postMessage
// JSON-RPC to the parent frame), hands each tool result's structuredContent to the
// app's render function, and lets the app call our tools back through the host, so
// the host's own consent and the booking tools' confirmation step still apply.
import { App } from '@modelcontextprotocol/ext-apps';

/**
 * Starts an app. `render(data, app)` gets each tool result's structuredContent; a result
 * without one (an error, or a host that strips it) is shown as its text.
 */
export function startApp(name, render) {
  const app = new App({ name, version: '1.0.0' }, {}, { autoResize: true });
  const main = document.getElementById('app');
  app.ontoolinput = (params) => { app.lastInput = params.arguments ?? {}; };
  app.ontoolresult = (result) => {
    main.setAttribute('aria-busy', 'false');
    if (result.isError || !result.structuredContent) {
      const text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
      main.replaceChildren(el('h1', {}, document.title), el('p', { class: 'error', role: 'alert' }, text || 'The tool returned no results.'));
      return;
    }
    render(result.structuredContent, app);
  };
  app.connect().catch((err) => {
    main.replaceChildren(el('h1', {}, document.title), el('p', { class: 'error', role: 'alert' }, `Could not reach the host: ${err instanceof Error ? err.message : String(err)}`));
  });
  return app;
}

/** Calls one of our tools through the host; resolves to { ok, data, text }. */
export async function callTool(app, name, args) {
  try {
    const result = await app.callServerTool({ name, arguments: args });
    const text = (result.content ?? []).filter((c) => c.type === 'text').map((c) => c.text).join('\n');
    return { ok: !result.isError, data: result.structuredContent ?? null, text };
  } catch (err) {
    return { ok: false, data: null, text: err instanceof Error ? err.message : String(err) };
  }
}

/** Builds an element; text children become text nodes (never markup, so provider data cannot inject any). */
export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === false || v === null || v === undefined) continue;
    if (k.startsWith('on') && typeof v === 'function') node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : String(v));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === 'string' || typeof child === 'number' ? String(child) : child);
  }
  return node;
}

/** "USD 1,234.50". */
export function money(amount, currency) {
  if (amount === null || amount === undefined) return '—';
  const n = Number(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${n}` : n;
}

/** "10h 40m". */
export function duration(min) {
  if (min === null || min === undefined) return '';
  return `${Math.floor(min / 60)}h ${String(min % 60).padStart(2, '0')}m`;
}

/** The local clock time of an ISO date-time as written ("15:45"), without converting zones. */
export const clock = (iso) => (typeof iso === 'string' ? iso.slice(11, 16) : '');

/** How long ago a moment was, in words ("just now", "12 min ago"). */
export function age(ms) {
  const min = Math.round((Date.now() - ms) / 60_000);
  if (min < 1) return 'just now';
  if (min < 60) return `${min} min ago`;
  return `${Math.round(min / 60)} h ago`;
}

/** A sort control: a labelled select that calls onChange with the chosen key. */
export function sortControl(id, options, onChange) {
  const select = el('select', { id, onchange: () => onChange(select.value) }, options.map(([value, label]) => el('option', { value }, label)));
  return el('div', { class: 'toolbar' }, el('label', { for: id }, 'Sort by'), select);
}

/** A programme id in words ("virgin_atlantic" → "Virgin Atlantic"). */
export const programName = (id) => String(id).replace(/[_-]+/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase());
