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

/** The search page: a form and three regions its module script (public/search/) fills. */
export const SEARCH_HTML = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Deal Engine flight search</title>
  <link rel="icon" href="data:,">
  <link rel="stylesheet" href="/search/assets/search.css">
</head>
<body>
  <header>
    <h1>Find a flight</h1>
    <nav aria-label="Site"><a href="/docs">API reference</a> · <a href="/playground">Per-provider playground</a> · <a href="/dashboard">Developer dashboard</a></nav>
  </header>
  <main>
    <form id="search-form" autocomplete="off">
      <fieldset class="trip-type">
        <legend>Trip</legend>
        <label class="inline"><input type="radio" name="trip" value="oneway"> One way</label>
        <label class="inline"><input type="radio" name="trip" value="round" checked> Round trip</label>
        <label class="inline"><input type="radio" name="trip" value="multi"> Multi-city</label>
      </fieldset>
      <fieldset id="simple-trip" class="row">
        <legend class="visually-hidden">Route and dates</legend>
        <label>Departure <input name="departure_date" type="date" required aria-label="Departure date"></label>
        <label id="return-field">Return <input name="return_date" type="date" required aria-label="Return date"></label>
      </fieldset>
      <div id="multi-trip" hidden>
        <div id="slices"></div>
        <button type="button" id="add-slice" class="link">Add a flight</button>
      </div>
      <fieldset class="row">
        <legend class="visually-hidden">Cabin and passengers</legend>
        <label>Cabin
          <select name="cabin_class">
            <option value="economy">Economy</option>
            <option value="premium_economy">Premium economy</option>
            <option value="business">Business</option>
            <option value="first">First</option>
          </select>
        </label>
        <label>Adults <input name="passengers" type="number" min="1" max="9" value="1" required></label>
        <label>Children (2–11) <input name="children" type="number" min="0" max="8" value="0" required></label>
        <label>Prices
          <select name="search_type">
            <option value="both">cash and award seats</option>
            <option value="cash">cash</option>
            <option value="points">award seats</option>
          </select>
        </label>
        <button type="submit">Search</button>
      </fieldset>
    </form>
    <p id="status" role="status">Choose where and when, then press Search.</p>
    <section id="progress" aria-label="Provider progress"></section>
    <section aria-labelledby="results-title">
      <h2 id="results-title" class="visually-hidden">Flights, cheapest first</h2>
      <ol id="results"></ol>
    </section>
    <section id="booking" aria-labelledby="booking-title" hidden></section>
  </main>
  <script type="module" src="/search/assets/search.js"></script>
</body>
</html>
`;
