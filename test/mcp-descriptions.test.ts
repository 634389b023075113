import { describe, expect, it } from 'vitest';
import { callTool } from '../adapters/mcp/call-tool.js';
import { ToolCatalog } from '../adapters/mcp/tool-catalog.js';
import { buildOpenApi } from '../adapters/openapi/build-openapi.js';
import { toJsonSchema } from '../adapters/schema/json-schema.js';
import { TOOLS } from '../tools/index.js';
import { testContext } from './kit/test-context.js';

// The MCP tool descriptions are read by a model that only has the MCP arguments and
// the MCP answer: a REST path, an HTTP header, the REST event stream or a field the
// MCP tool neither takes nor returns sends it somewhere it cannot go. The catalog
// here is the one tools/list serves (adapters/mcp/tool-catalog.ts).

const catalog = new ToolCatalog(TOOLS);

/** Things only a REST caller can use. */
const REST_ONLY: readonly [RegExp, string][] = [
  [/\/api\//, 'a REST path'],
  [/Idempotency-Key/i, 'an HTTP header'],
  [/X-Internal-Key/i, 'an HTTP header'],
  [/Server-Sent/i, 'the REST event stream'],
  [/\bSSE\b/, 'the REST event stream'],
  [/\bstream(?:s|ed|ing)?\b/i, 'the REST event stream (over MCP a search answers once, with progress notifications)'],
];

/**
 * snake_case words a description may use that are neither an argument, nor a returned
 * field, nor an enum value of the tool's schemas, nor an MCP tool name. Each with why.
 */
const ALLOWED_WORDS: Record<string, string> = {
  amex_mr: 'a programme id given as an example value',
  chase_ur: 'a programme id given as an example value',
  flying_blue: 'a programme id given as an example value',
  world_of_hyatt: 'a programme id given as an example value',
};

const SNAKE = /\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\b/g;

/** Every property name and every enum/const value anywhere in a JSON Schema. */
function schemaWords(schema: unknown, words = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const s of schema) schemaWords(s, words);
  } else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (s.properties && typeof s.properties === 'object') for (const key of Object.keys(s.properties)) words.add(key);
    if (Array.isArray(s.enum)) for (const v of s.enum) if (typeof v === 'string') words.add(v);
    if (typeof s.const === 'string') words.add(s.const);
    for (const v of Object.values(s)) schemaWords(v, words);
  }
  return words;
}

const toolNames = new Set(catalog.listings.map((l) => l.name));
/** The actions of the tools that take one ("call change_booking pay_hold"): a description may point at another tool's action. */
const toolActions = new Set(
  catalog.listings.flatMap((l) => {
    const action = (l.inputSchema.properties as Record<string, { enum?: unknown[] }> | undefined)?.action;
    return (action?.enum ?? []).filter((v): v is string => typeof v === 'string');
  }),
);

/** Every description inside a JSON Schema (properties at any depth, items, unions), with where it sits. */
function nestedDescriptions(schema: unknown, at = '', out: [string, string][] = []): [string, string][] {
  if (Array.isArray(schema)) {
    schema.forEach((s, i) => nestedDescriptions(s, `${at}[${i}]`, out));
  } else if (schema && typeof schema === 'object') {
    const s = schema as Record<string, unknown>;
    if (typeof s.description === 'string' && at) out.push([at, s.description]);
    for (const [key, v] of Object.entries(s)) {
      if (key === 'properties' && v && typeof v === 'object') for (const [name, p] of Object.entries(v)) nestedDescriptions(p, at ? `${at}.${name}` : name, out);
      else if (key !== 'description') nestedDescriptions(v, key === 'items' ? `${at}[]` : at, out);
    }
  }
  return out;
}

describe('MCP tool descriptions', () => {
  it('covers every MCP tool of the registry', () => {
    expect(catalog.listings.length).toBe(TOOLS.filter((t) => t.mcp).length);
    for (const l of catalog.listings) expect(l.description?.length ?? 0, l.name).toBeGreaterThan(40);
  });

  it.each(catalog.listings.map((l) => [l.name, l] as const))('%s names no REST path, header or event stream', (_name, listing) => {
    const text = listing.description ?? '';
    const found = REST_ONLY.filter(([re]) => re.test(text)).map(([re, what]) => `${what} (${re.source})`);
    expect(found).toEqual([]);
  });

  it.each(catalog.listings.map((l) => [l.name, l] as const))('%s names only its own arguments, fields, values and MCP tools', (_name, listing) => {
    const known = schemaWords(listing.inputSchema);
    // What the answer holds: tools/list carries only object output schemas (search_offers
    // answers a union), so read the result schema the same way the catalog derives it.
    const tool = catalog.get(listing.name)?.tool;
    schemaWords(tool && tool.mcp ? toJsonSchema(tool.mcp.output ?? tool.output, 'output') : listing.outputSchema, known);
    const unknown = [...new Set((listing.description ?? '').match(SNAKE) ?? [])]
      .filter((word) => !known.has(word) && !toolNames.has(word) && !toolActions.has(word) && !Object.hasOwn(ALLOWED_WORDS, word));
    expect(unknown).toEqual([]);
  });

  // What a model reads about one argument (update_playbook's programs, edit_trip's split...) follows the same rules.
  it.each(catalog.listings.map((l) => [l.name, l] as const))('%s: its argument descriptions, nested ones included, name no REST path or header and only its own words', (_name, listing) => {
    const known = schemaWords(listing.inputSchema);
    const tool = catalog.get(listing.name)?.tool;
    schemaWords(tool && tool.mcp ? toJsonSchema(tool.mcp.output ?? tool.output, 'output') : listing.outputSchema, known);
    const problems = nestedDescriptions(listing.inputSchema).flatMap(([where, text]) => [
      ...REST_ONLY.filter(([re]) => re.test(text)).map(([, what]) => `${where}: ${what}`),
      ...[...new Set(text.match(SNAKE) ?? [])]
        .filter((word) => !known.has(word) && !toolNames.has(word) && !toolActions.has(word) && !Object.hasOwn(ALLOWED_WORDS, word))
        .map((word) => `${where}: ${word}`),
    ]);
    expect(problems).toEqual([]);
  });

  it('reads nested argument descriptions (update_playbook programs)', () => {
    const schema = catalog.get('update_playbook')?.listing.inputSchema;
    expect(nestedDescriptions(schema).some(([where]) => where.startsWith('programs'))).toBe(true);
  });

  it('names the arguments a camelCase MCP tool takes, not the REST body fields', () => {
    const flights = catalog.get('search_flights')?.listing.description ?? '';
    expect(flights).not.toMatch(/cabin_class|avoided_airlines|departure_date/);
    expect(flights).toMatch(/cabinClass/);
    expect(flights).toMatch(/quote_booking/);
    expect(catalog.get('search_offers')?.listing.description).not.toMatch(/payment_intent_id|checkout/i);
  });

  it('uses a tool\'s own description over MCP unless it gives an MCP one', () => {
    for (const tool of TOOLS) {
      if (!tool.mcp) continue;
      expect(catalog.get(tool.mcp.name)?.listing.description, tool.name).toBe(tool.mcp.description ?? tool.description);
    }
  });

  it('leaves the REST (OpenAPI) descriptions as the tools give them', () => {
    const doc = buildOpenApi(TOOLS);
    for (const tool of TOOLS) {
      if (!tool.rest) continue;
      const op = (doc.paths?.[tool.rest.path] as Record<string, { description?: string }> | undefined)?.[tool.rest.method.toLowerCase()];
      expect(op?.description, tool.name).toBe(tool.description);
      if (tool.mcp && tool.mcp.description) expect(op?.description, tool.name).not.toBe(tool.mcp.description);
    }
  });

  it('points an unknown airport at suggest_places, the MCP tool', async () => {
    const entry = catalog.get('search_flights');
    if (!entry) throw new Error('search_flights is not exposed');
    // Invalid arguments are refused before the handler runs, so no services are needed.
    const result = await callTool(entry.tool, { origin: 'QQQ', destination: 'LHR', date: '2099-01-01' }, testContext());
    expect(result.isError).toBe(true);
    expect((result.content as { text: string }[])[0]?.text).toMatch(/origin: Unknown airport or city code; look it up with suggest_places/);
  });
});
