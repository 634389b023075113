/**
 * The dashboard's HTML shells. No inline script or style (the strict CSP applies); the
 * signed-in page's behaviour lives in public/dashboard/dashboard.js. The anti-CSRF token
 * travels in a <meta> tag, which the script reads and sends back as X-CSRF-Token.
 */

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function shell(title: string, main: string, head = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${esc(title)}</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/dashboard/assets/dashboard.css">${head}
</head>
<body>
  <header><p class="brand"><a href="/dashboard">Deal Engine</a> developer dashboard</p><nav aria-label="Site"><a href="/docs">API reference</a> <a href="/playground">Playground</a></nav></header>
  <main id="main">
${main}
  </main>
</body>
</html>
`;
}

const SIGN_IN_HELP = `
    <p>Sign in with the identity provider of the web app that shares this site (its session is enough), or, on your own machine, with a one-time link:</p>
    <pre><code>npm run keys -- login YOUR_USER_ID</code></pre>
    <p>The command prints a link that works once, within 10 minutes. Open it in this browser.</p>`;

export function signedOutHtml(): string {
  return shell('Sign in: Deal Engine dashboard', `    <h1>Developer dashboard</h1>
    <p id="signed-out">You are not signed in.</p>${SIGN_IN_HELP}`);
}

/** A link that is unknown, already used or expired: said plainly, with the way to get a new one. */
export function linkRefusedHtml(): string {
  return shell('Sign-in link refused: Deal Engine dashboard', `    <h1>This sign-in link cannot be used</h1>
    <p id="link-refused">The link is unknown, was used already, or has expired. Each link works once, within 10 minutes.</p>${SIGN_IN_HELP}`);
}

export function signedInHtml(userId: string, csrf: string): string {
  return shell('Deal Engine developer dashboard', `    <div class="title-row">
      <h1>Developer dashboard</h1>
      <form method="post" action="/dashboard/logout">
        <p>Signed in as <strong id="user-id">${esc(userId)}</strong>
        <input type="hidden" name="csrf_token" value="${esc(csrf)}">
        <button type="submit">Sign out</button></p>
      </form>
    </div>
    <p id="status" role="status" aria-live="polite"></p>

    <section aria-labelledby="plan-h">
      <h2 id="plan-h">Plan</h2>
      <form id="plan-form">
        <fieldset><legend>Choose a plan (no billing happens here; each change is recorded)</legend><div id="plans"></div></fieldset>
        <button type="submit">Change plan</button>
      </form>
    </section>

    <section aria-labelledby="keys-h">
      <h2 id="keys-h">API keys</h2>
      <form id="key-form">
        <p><label for="key-name">Name</label> <input id="key-name" name="name" maxlength="100" required></p>
        <fieldset><legend>Scopes</legend>
          <label><input type="checkbox" name="scopes" value="read" checked> read: search, points, deals</label>
          <label><input type="checkbox" name="scopes" value="plan" checked> plan: trips, alerts, travelers</label>
          <label><input type="checkbox" name="scopes" value="book"> book: spends money, changes bookings</label>
        </fieldset>
        <button type="submit">Create key</button>
      </form>
      <div id="new-key" hidden>
        <p><strong>Your new key, shown once:</strong> store it now; afterwards only its prefix is shown.</p>
        <p><code id="new-key-secret"></code> <button type="button" id="copy-key">Copy key</button></p>
      </div>
      <table id="keys">
        <caption>Your keys</caption>
        <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Scopes</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">State</th><th scope="col">Actions</th></tr></thead>
        <tbody></tbody>
      </table>
    </section>

    <section aria-labelledby="usage-h">
      <h2 id="usage-h">Usage per day</h2>
      <p id="usage-key">No key chosen.</p>
      <div id="usage-chart"></div>
      <p id="usage-limits"></p>
    </section>

    <section aria-labelledby="connector-h">
      <h2 id="connector-h">Connector</h2>
      <p>MCP server URL: <code id="mcp-url"></code> <button type="button" id="copy-url">Copy URL</button></p>
      <p>List the tools with the MCP Inspector (the key shown once above is filled in; otherwise paste yours):</p>
      <pre><code id="inspector-cmd"></code></pre>
      <button type="button" id="copy-cmd">Copy command</button>
    </section>`, `\n  <meta name="csrf-token" content="${esc(csrf)}">\n  <script src="/dashboard/assets/dashboard.js" defer></script>`);
}
