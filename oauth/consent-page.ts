// The consent page: who is asking (name, verified domain, where the answer
// goes), what they may do (each scope, approved explicitly), and who the user is
// (a pasted API key or the identity provider's session). Plain HTML, no script.
import { isLoopback, connectorName } from './redirect-uris.js';
import { SCOPES, type Scope } from './scopes.js';

export interface ConsentView {
  clientName: string | null;
  /** Host of a Client ID Metadata Document URL: the only client identity we verified. */
  verifiedHost: string | undefined;
  redirectUri: string;
  scopes: readonly Scope[];
  hidden: Record<string, string>;
  sessionUserId: string | undefined;
  error?: string;
  action: string;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function destination(redirectUri: string): string {
  const url = new URL(redirectUri);
  const connector = connectorName(redirectUri);
  if (connector) return `<strong>${esc(url.host)}</strong> (${esc(connector)}'s official callback)`;
  if (isLoopback(url)) return `a program on this computer (<strong>${esc(url.host)}</strong>)`;
  return `<strong>${esc(url.host || url.protocol)}</strong>`;
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:34rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}.card{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}
.muted{color:#555;font-size:.9rem}.error{background:#fdecea;border:1px solid #f5c2c0;padding:.6rem;border-radius:6px}
label.scope{display:block;margin:.5rem 0}input[type=password]{width:100%;padding:.5rem;box-sizing:border-box}
button{padding:.6rem 1.2rem;margin-right:.5rem;font-size:1rem;border-radius:6px;border:1px solid #888;cursor:pointer}
button.primary{background:#1a56db;color:#fff;border-color:#1a56db}`;

export function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

export function renderConsentPage(v: ConsentView): string {
  const name = v.clientName ? esc(v.clientName) : 'An unnamed application';
  const identity = v.verifiedHost
    ? `<p class="muted">Identified by its metadata at <strong>${esc(v.verifiedHost)}</strong>.</p>`
    : '<p class="muted">The name is given by the application itself and is not verified; check where you will be sent.</p>';
  const scopes = v.scopes.map((s) => `<label class="scope"><input type="checkbox" name="approved_scope" value="${esc(s)}" checked>
<strong>${esc(SCOPES[s].title)}</strong> (<code>${esc(s)}</code>)<br><span class="muted">${esc(SCOPES[s].description)}</span></label>`).join('');
  const hidden = Object.entries(v.hidden).map(([k, val]) => `<input type="hidden" name="${esc(k)}" value="${esc(val)}">`).join('');
  const signIn = v.sessionUserId
    ? `<p>Signed in as <strong>${esc(v.sessionUserId.slice(0, 8))}…</strong>. To use another account, paste its API key:</p>`
    : '<p>Sign in by pasting your Deal Engine API key (it starts with <code>de_live_</code>). It is used once, to confirm who you are, and is not shared with the application.</p>';
  return layout(`Connect ${v.clientName ?? 'an application'} to Deal Engine`, `
<h1>${name} wants to use your Deal Engine account</h1>
${identity}
${v.error ? `<p class="error" role="alert">${esc(v.error)}</p>` : ''}
<form method="post" action="${esc(v.action)}">${hidden}
<div class="card"><p>It asks to:</p>${scopes}<p class="muted">Untick anything you do not want to allow.</p></div>
<div class="card">${signIn}<input type="password" name="api_key" autocomplete="off" spellcheck="false" aria-label="API key" placeholder="de_live_…"></div>
<p>After you answer you will be sent to ${destination(v.redirectUri)}.</p>
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`);
}

export function renderErrorPage(message: string): string {
  return layout('Cannot connect this application', `<h1>This connection request cannot be completed</h1><p class="error">${esc(message)}</p>
<p class="muted">Go back to the application and start connecting again.</p>`);
}
