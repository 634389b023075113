import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import express, { type Response, type Router } from 'express';
import type { HttpMethod } from '../../../tools/_kit/define-tool.js';
import { DOCS_CSP, PLAYGROUND_CSP, SEARCH_CSP } from './content-security.js';
import { DOCS_HTML, PLAYGROUND_HTML, SEARCH_HTML } from './page-html.js';
import { DASHBOARD_ROUTES, dashboardRouter, type DashboardDeps } from './dashboard/dashboard-router.js';

/** The routes this router serves, for extra-routes.ts and the README. */
export const PAGE_ROUTES: { method: HttpMethod; path: string; why: string }[] = [
  { method: 'GET', path: '/', why: 'redirects people to the search page' },
  { method: 'GET', path: '/search', why: 'the flight search page: typeahead, one way / round trip / multi-city, one price-sorted streamed list, flight details and guest booking through to the e-ticket' },
  { method: 'GET', path: '/search/assets/{file}', why: "the search page's module scripts and stylesheet" },
  { method: 'GET', path: '/docs', why: 'API reference rendered from /openapi.json by Redoc served from node_modules (works offline)' },
  { method: 'GET', path: '/docs/assets/{file}', why: "the reference page's files: the Redoc standalone bundle (its one CDN image URL pointed at a local mark), its start-up script and that mark" },
  { method: 'GET', path: '/playground', why: 'a small page that streams POST /api/search results per provider' },
  { method: 'GET', path: '/playground/assets/{file}', why: "the playground's script and stylesheet" },
  ...DASHBOARD_ROUTES,
];

const publicDir = (name: string) => fileURLToPath(new URL(`./public/${name}/`, import.meta.url));
const require = createRequire(import.meta.url);

/** Resolved on first use, so a server without the renderer installed still starts and says why /docs fails. */
function redocBundlePath(): string | null {
  try {
    return require.resolve('redoc/bundles/redoc.standalone.js');
  } catch {
    return null;
  }
}

// Redoc 2 hard-wires its sidebar mark to cdn.redoc.ly. The bundle is served with that one
// URL pointed at a local image, so the reference makes no off-site request at all.
const REDOC_CDN_MARK = 'https://cdn.redoc.ly/redoc/logo-mini.svg';
const LOCAL_MARK = '/docs/assets/renderer-mark.svg';
let localBundle: Promise<string> | undefined;
function redocBundleText(file: string): Promise<string> {
  localBundle ??= readFile(file, 'utf8').then((text) => text.replaceAll(REDOC_CDN_MARK, LOCAL_MARK));
  localBundle.catch(() => (localBundle = undefined));
  return localBundle;
}

function sendPage(res: Response, csp: string, html: string): void {
  res.set({
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': 'no-cache',
  });
  res.type('html').send(html);
}

/** GET /, /search, /docs, /playground and /dashboard with their assets: the human-facing side of the service. */
export function pagesRouter(dashboard?: DashboardDeps): Router {
  const router = express.Router();
  if (dashboard) router.use(dashboardRouter(dashboard));
  // A missing asset falls through to the app's JSON 404.
  const assets = { index: false, maxAge: '1h', dotfiles: 'deny', redirect: false } as const;

  router.get('/', (_req, res) => res.redirect(302, '/search'));
  router.get('/search', (_req, res) => sendPage(res, SEARCH_CSP, SEARCH_HTML));
  router.get('/docs', (_req, res) => sendPage(res, DOCS_CSP, DOCS_HTML));
  router.get('/playground', (_req, res) => sendPage(res, PLAYGROUND_CSP, PLAYGROUND_HTML));

  router.get('/docs/assets/redoc.standalone.js', async (_req, res) => {
    const bundle = redocBundlePath();
    if (!bundle) return void res.status(503).type('text/plain').send('The API reference renderer (npm package "redoc") is not installed.');
    const text = await redocBundleText(bundle).catch(() => null);
    if (text === null) return void res.status(503).type('text/plain').send('The API reference renderer could not be read.');
    res.set({ 'Cache-Control': 'public, max-age=3600', 'X-Content-Type-Options': 'nosniff' }).type('application/javascript').send(text);
  });
  router.use('/docs/assets', express.static(publicDir('docs'), assets));
  router.use('/playground/assets', express.static(publicDir('playground'), assets));
  router.use('/search/assets', express.static(publicDir('search'), assets));
  return router;
}
