/**
 * The two HTML shells. They hold no inline script or style, so the strict CSP in
 * content-security.ts applies; the behaviour lives in public/*.js served next to them.
 */

export const DOCS_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Deal Engine API reference</title>
  <link rel="icon" href="data:,">
</head>
<body>
  <noscript>The API reference needs JavaScript. The raw contract is at <a href="/openapi.json">/openapi.json</a>.</noscript>
  <div id="redoc" data-spec-url="/openapi.json"></div>
  <script src="/docs/assets/redoc.standalone.js"></script>
  <script src="/docs/assets/docs.js"></script>
</body>
</html>
`;

export const PLAYGROUND_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Deal Engine search playground</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/playground/assets/playground.css">
</head>
<body>
  <header>
    <h1>Flight search playground</h1>
    <p>Results stream in from <code>POST /api/search</code> as each provider answers. <a href="/docs">API reference</a></p>
  </header>
  <form id="search-form" autocomplete="off">
    <label>From <input name="origin" required pattern="[A-Za-z]{3}" maxlength="3" value="JFK" aria-label="Origin"></label>
    <label>To <input name="destination" required pattern="[A-Za-z]{3}" maxlength="3" value="LHR" aria-label="Destination"></label>
    <label>Date <input name="departure_date" type="date" required aria-label="Departure date"></label>
    <label>Search
      <select name="search_type" aria-label="Search type">
        <option value="both">cash and points</option>
        <option value="cash">cash</option>
        <option value="points">points</option>
      </select>
    </label>
    <button type="submit">Search</button>
  </form>
  <p id="status" role="status">Type a trip and press Search.</p>
  <section id="progress" aria-label="Provider progress"></section>
  <section id="results" aria-label="Results per provider"></section>
  <script src="/playground/assets/playground.js"></script>
</body>
</html>
`;
