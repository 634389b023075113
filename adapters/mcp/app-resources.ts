import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { EXTENSION_ID, RESOURCE_MIME_TYPE, RESOURCE_URI_META_KEY } from '@modelcontextprotocol/ext-apps/server';
import { ResourceNotFoundError, type Resource, type Server } from '@modelcontextprotocol/server';

// MCP Apps (the io.modelcontextprotocol/ui extension): each app is one self-contained
// HTML document served as a ui:// resource, which a host renders in a sandboxed frame
// beside the tool's result. The tools' text and structured results are unchanged, so
// hosts without the extension see exactly what they saw before.

interface AppSpec {
  uri: string;
  name: string;
  title: string;
  description: string;
  /** Folder under apps/ holding app.js and app.css. */
  folder: string;
  /** MCP tools whose results this app renders. */
  tools: readonly string[];
}

export const APPS: readonly AppSpec[] = [
  { uri: 'ui://deal-engine/flights.html', name: 'flight-results', title: 'Flight results', description: 'Sortable flight cards: itinerary, cash and award prices side by side, booking.', folder: 'flights', tools: ['search_flights'] },
  { uri: 'ui://deal-engine/seat-map.html', name: 'seat-map', title: 'Seat map', description: 'The seats that can be chosen on each flight of an offer, to pick one.', folder: 'seats', tools: ['get_seat_map'] },
  { uri: 'ui://deal-engine/hotels.html', name: 'hotel-results', title: 'Hotel and award-night results', description: 'Hotel rates and award nights, sortable.', folder: 'hotels', tools: ['search_hotels', 'search_hotel_awards'] },
  { uri: 'ui://deal-engine/trip.html', name: 'trip-summary', title: 'Trip summary', description: 'Who owes whom on a shared trip, and its budget.', folder: 'trip', tools: ['trip_expense_summary'] },
];

/**
 * No network at all: everything is inlined, so no connect, resource or frame domains.
 * Hosts build the frame's CSP from this; the document also carries the same policy itself.
 */
const CSP = { connectDomains: [], resourceDomains: [], frameDomains: [] };
const UI_META = { ui: { csp: CSP, prefersBorder: true } };
const DOCUMENT_CSP = "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'";

const byTool = new Map(APPS.flatMap((app) => app.tools.map((tool) => [tool, app.uri] as const)));

/** A tool listing's `_meta` naming its app: the nested key and the flat one older hosts read. */
export function appMetaFor(toolName: string): Record<string, unknown> | undefined {
  const uri = byTool.get(toolName);
  return uri ? { ui: { resourceUri: uri }, [RESOURCE_URI_META_KEY]: uri } : undefined;
}

const APPS_DIR = path.join(import.meta.dirname, 'apps');
const built = new Map<string, Promise<string>>();

/** One app as a single HTML document: its script bundled (ext-apps' App included) and its CSS inlined. Built once per process. */
export function appHtml(app: AppSpec): Promise<string> {
  let html = built.get(app.uri);
  if (!html) {
    html = buildHtml(app);
    // A failed build is retried on the next read instead of being cached.
    html.catch(() => built.delete(app.uri));
    built.set(app.uri, html);
  }
  return html;
}

async function buildHtml(app: AppSpec): Promise<string> {
  const dir = path.join(APPS_DIR, app.folder);
  const [bundle, baseCss, appCss] = await Promise.all([
    build({ entryPoints: [path.join(dir, 'app.js')], bundle: true, write: false, format: 'iife', minify: true, target: 'es2022', platform: 'browser', legalComments: 'none', logLevel: 'silent' }),
    readFile(path.join(APPS_DIR, 'shared', 'base.css'), 'utf8'),
    readFile(path.join(dir, 'app.css'), 'utf8'),
  ]);
  // `</script` inside the bundle would end the inline script early.
  const script = (bundle.outputFiles[0]?.text ?? '').replaceAll('</script', '<\\/script');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${DOCUMENT_CSP}">
<title>${app.title}</title><style>${baseCss}\n${appCss}</style></head>
<body><main id="app" aria-busy="true"><h1>${app.title}</h1><p class="status" role="status">Waiting for results…</p></main>
<script>${script}</script></body></html>`;
}

const listing = (app: AppSpec): Resource => ({ uri: app.uri, name: app.name, title: app.title, description: app.description, mimeType: RESOURCE_MIME_TYPE, _meta: UI_META });

/**
 * Adds the apps to a Server of either era (before it connects): the resources capability,
 * the extension's capability, resources/list and resources/read, and an empty
 * resources/templates/list (there are no templates, and a client may still ask).
 */
export function serveAppResources(server: Server): void {
  server.registerCapabilities({ resources: { listChanged: false }, extensions: { [EXTENSION_ID]: { mimeTypes: [RESOURCE_MIME_TYPE] } } });
  server.setRequestHandler('resources/list', async () => ({ resources: APPS.map(listing) }));
  server.setRequestHandler('resources/templates/list', async () => ({ resourceTemplates: [] }));
  server.setRequestHandler('resources/read', async (request) => {
    const app = APPS.find((a) => a.uri === request.params.uri);
    if (!app) throw new ResourceNotFoundError(request.params.uri, `Resource not found: ${request.params.uri}. Call resources/list to see the apps.`);
    return { contents: [{ uri: app.uri, mimeType: RESOURCE_MIME_TYPE, text: await appHtml(app), _meta: UI_META }] };
  });
}
