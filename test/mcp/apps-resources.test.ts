// MCP Apps on /mcp (issue 24): the ui:// resources are listed and read on both protocol
// eras with the app MIME type and a CSP that allows no outside domain, the extension's
// capability is declared, and the tools that have an app name it in tools/list.
import type { Client as V2Client } from '@modelcontextprotocol/client';
import type { Client as V1Client } from '@modelcontextprotocol/sdk/client/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMcp } from '../helpers/mcp-client.js';
import { startTestServer, type TestServer } from '../helpers/start-test-server.js';
import { connectV2 } from './v2-client.js';

const MIME = 'text/html;profile=mcp-app';
const APP_TOOLS = ['search_flights', 'get_seat_map', 'search_hotels', 'search_hotel_awards', 'trip_expense_summary'];

interface Listed { uri: string; mimeType?: string; _meta?: { ui?: { csp?: Record<string, unknown[]> } } }
interface Era {
  listResources(): Promise<{ resources: Listed[] }>;
  readResource(p: { uri: string }): Promise<{ contents: (Listed & { text?: string })[] }>;
  listTools(): Promise<{ tools: { name: string; _meta?: Record<string, unknown> }[] }>;
  getServerCapabilities(): Record<string, unknown> | undefined;
}

let server: TestServer;
let v1: V1Client;
let v2: V2Client;

beforeAll(async () => {
  server = await startTestServer();
  const secret = (await server.services.identity.createKey({ userId: 'apps-resources', tier: 'pro' })).secret;
  [v1, v2] = await Promise.all([connectMcp(server.url, secret, 'vitest-apps'), connectV2([server.url], secret)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([v1?.close(), v2?.close()]);
  await server?.close();
});

const eras = (): [string, Era][] => [['2025 (sessions)', v1 as unknown as Era], ['2026-07-28', v2 as unknown as Era]];

describe('MCP Apps resources', () => {
  it('declares the io.modelcontextprotocol/ui extension and resources', () => {
    for (const [era, client] of eras()) {
      const caps = client.getServerCapabilities() as { resources?: unknown; extensions?: Record<string, { mimeTypes?: string[] }> };
      expect(caps.resources, era).toBeDefined();
      expect(caps.extensions?.['io.modelcontextprotocol/ui']?.mimeTypes, era).toEqual([MIME]);
    }
  });

  it('lists and reads every app as one self-contained HTML document with a no-domains CSP', async () => {
    for (const [era, client] of eras()) {
      const { resources } = await client.listResources();
      expect(resources.map((r) => r.uri).sort(), era).toEqual(['ui://deal-engine/flights.html', 'ui://deal-engine/hotels.html', 'ui://deal-engine/seat-map.html', 'ui://deal-engine/trip.html']);
      for (const listed of resources) {
        expect(listed.mimeType, listed.uri).toBe(MIME);
        const { contents } = await client.readResource({ uri: listed.uri });
        expect(contents).toHaveLength(1);
        const doc = contents[0]!;
        expect(doc.mimeType, `${era} ${doc.uri}`).toBe(MIME);
        expect(doc._meta?.ui?.csp).toEqual({ connectDomains: [], resourceDomains: [], frameDomains: [] });
        const html = doc.text ?? '';
        expect(html).toMatch(/^<!doctype html>/);
        expect(html).toContain(`content="default-src 'none'`);
        // Nothing loaded from anywhere: no src or href attributes, no external stylesheet or script.
        expect(html).not.toMatch(/<script[^>]*\ssrc=|<link\s|https?:\/\/(?!www\.w3\.org)[a-z0-9.-]+\.[a-z]{2,}\/[^\s"']*\.(js|css)/i);
        expect(html.length).toBeGreaterThan(10_000);
      }
    }
  }, 60_000);

  it('answers an unknown ui:// uri with an error naming it', async () => {
    for (const [era, client] of eras()) {
      await expect(client.readResource({ uri: 'ui://deal-engine/nope.html' }), era).rejects.toThrow(/nope\.html/);
    }
  });

  it('names the app in tools/list _meta (nested and legacy flat key) for the tools that have one', async () => {
    for (const [era, client] of eras()) {
      const uris = new Set((await client.listResources()).resources.map((r) => r.uri));
      const { tools } = await client.listTools();
      for (const name of APP_TOOLS) {
        const meta = tools.find((t) => t.name === name)?._meta as { ui?: { resourceUri?: string }; 'ui/resourceUri'?: string } | undefined;
        expect(meta?.ui?.resourceUri, `${era} ${name}`).toMatch(/^ui:\/\//);
        expect(uris.has(meta!.ui!.resourceUri!), `${era} ${name}`).toBe(true);
        expect(meta?.['ui/resourceUri']).toBe(meta?.ui?.resourceUri);
      }
      expect(tools.filter((t) => t._meta !== undefined).map((t) => t.name).sort(), era).toEqual([...APP_TOOLS].sort());
    }
  });
});
