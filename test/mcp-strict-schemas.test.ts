import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ToolCatalog } from '../adapters/mcp/tool-catalog.js';
import { fromStrictArgs } from '../adapters/mcp/strict-input.js';
import { toJsonSchema } from '../adapters/schema/json-schema.js';
import { TOOLS } from '../tools/index.js';
import { echoTool } from './fixtures/demo-tools.js';
import { call, connectMcp } from './helpers/mcp-client.js';
import { startTestServer, type TestServer } from './helpers/start-test-server.js';

// Every MCP input schema as OpenAI's strict function calling and Anthropic's tool
// definitions accept it, so a connector can turn strict mode on for our tools.
//
// OpenAI, "Structured Outputs: Supported schemas" (platform.openai.com/docs/guides/
// structured-outputs#supported-schemas; function calling with strict: true uses the same
// subset), as summarised at jsonschemaprofiles.unitvectorylabs.com/schemas/openai:
// - the root is an object, not anyOf; every object has additionalProperties: false and
//   lists every property in required (a property you may leave out is nullable instead);
// - types string, number, integer, boolean, object, array, null, plus enum, const, anyOf,
//   $ref/$defs; string: pattern, format (date-time, time, date, duration, email, hostname,
//   ipv4, ipv6, uuid); number: multipleOf, minimum, maximum, exclusiveMinimum,
//   exclusiveMaximum; array: minItems, maxItems; allOf, not, if/then/else,
//   dependentRequired and dependentSchemas are unsupported;
// - at most 5,000 object properties and 10 levels of nesting, at most 120,000 characters
//   of property names, definition names, enum and const values, at most 1,000 enum
//   values, and at most 15,000 characters for one enum with more than 250 values.
// `default`, `minLength` and `maxLength` are rejected by the API in strict mode
// (openai/openai-node#1988, openai/openai-agents-python#4587), hence not in the list.
//
// Anthropic, Messages API tool definition (platform.claude.com, "Define tools"; the Tool
// object in the API reference): name matches ^[a-zA-Z0-9_-]{1,64}$, input_schema is a
// JSON Schema whose type is "object", and a description says what the tool does.

const SUPPORTED = new Set([
  'type', 'description', 'properties', 'required', 'additionalProperties', 'items', 'enum', 'const', 'anyOf', '$ref', '$defs',
  'pattern', 'format', 'multipleOf', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems',
]);
const FORMATS = new Set(['date-time', 'time', 'date', 'duration', 'email', 'hostname', 'ipv4', 'ipv6', 'uuid']);
const TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);
const MAX_DEPTH = 10;
const MAX_PROPERTIES = 5000;
const MAX_NAME_CHARS = 120_000;
const MAX_ENUM_VALUES = 1000;

type Schema = Record<string, unknown>;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every way a schema breaks OpenAI's strict-mode rules, as "path: what". */
function strictModeViolations(root: Schema): string[] {
  const found: string[] = [];
  let properties = 0;
  let nameChars = 0;
  let enumValues = 0;
  if (root.type !== 'object') found.push('root: type is not object');
  if (root.anyOf !== undefined) found.push('root: anyOf at the root');

  const visit = (node: Schema, path: string, depth: number): void => {
    for (const key of Object.keys(node)) if (!SUPPORTED.has(key)) found.push(`${path}: unsupported keyword ${key}`);
    const types = Array.isArray(node.type) ? node.type : node.type === undefined ? [] : [node.type];
    for (const t of types) if (!TYPES.has(t as string)) found.push(`${path}: unknown type ${String(t)}`);
    if (types.length === 0 && node.anyOf === undefined && node.enum === undefined && node.const === undefined && node.$ref === undefined) {
      found.push(`${path}: no type (strict mode cannot say "anything")`);
    }
    if (typeof node.format === 'string' && !FORMATS.has(node.format)) found.push(`${path}: unsupported format ${node.format}`);
    if (typeof node.pattern === 'string') {
      try {
        new RegExp(node.pattern);
      } catch {
        found.push(`${path}: pattern does not compile`);
      }
      // Lookaround and backreferences are not among the documented regex features.
      if (/\(\?[=!<]|\\[1-9]/.test(node.pattern)) found.push(`${path}: pattern uses lookaround or a backreference`);
    }
    if (Array.isArray(node.enum)) {
      enumValues += node.enum.length;
      const chars = node.enum.reduce<number>((n, v) => n + (typeof v === 'string' ? v.length : 0), 0);
      nameChars += chars;
      if (node.enum.length > 250 && chars > 15_000) found.push(`${path}: an enum of more than 250 values longer than 15,000 characters`);
    }
    if (typeof node.const === 'string') nameChars += node.const.length;
    const isObject = types.includes('object') || isSchema(node.properties);
    if (isObject) {
      if (depth > MAX_DEPTH) found.push(`${path}: nested deeper than ${MAX_DEPTH} levels`);
      if (node.additionalProperties !== false) found.push(`${path}: additionalProperties is not false`);
      const props = isSchema(node.properties) ? node.properties : {};
      const required = Array.isArray(node.required) ? node.required : [];
      for (const key of Object.keys(props)) {
        properties += 1;
        nameChars += key.length;
        if (!required.includes(key)) found.push(`${path}.${key}: not in required (make it nullable instead)`);
        const child = props[key];
        if (isSchema(child)) visit(child, `${path}.${key}`, depth + 1);
      }
    }
    if (isSchema(node.items)) visit(node.items, `${path}[]`, depth);
    if (Array.isArray(node.anyOf)) node.anyOf.forEach((s, i) => isSchema(s) && visit(s, `${path}|${i}`, depth));
    if (isSchema(node.$defs)) for (const [name, s] of Object.entries(node.$defs)) {
      nameChars += name.length;
      if (isSchema(s)) visit(s, `${path}$defs.${name}`, depth);
    }
  };
  visit(root, '$', 1);
  if (properties > MAX_PROPERTIES) found.push(`$: ${properties} object properties, more than ${MAX_PROPERTIES}`);
  if (nameChars > MAX_NAME_CHARS) found.push(`$: ${nameChars} characters of names and values, more than ${MAX_NAME_CHARS}`);
  if (enumValues > MAX_ENUM_VALUES) found.push(`$: ${enumValues} enum values, more than ${MAX_ENUM_VALUES}`);
  return found;
}

/** Every way a listing breaks Anthropic's tool-definition rules. */
function anthropicViolations(listing: { name: string; description?: string; inputSchema: Schema }): string[] {
  const found: string[] = [];
  if (!/^[a-zA-Z0-9_-]{1,64}$/.test(listing.name)) found.push(`name ${listing.name} does not match ^[a-zA-Z0-9_-]{1,64}$`);
  if (listing.inputSchema.type !== 'object') found.push('input_schema type is not object');
  if (typeof listing.description !== 'string' || listing.description.trim() === '') found.push('no description');
  return found;
}

const catalog = new ToolCatalog(TOOLS);
const listings = catalog.listings.map((l) => [l.name, l] as const);

describe('MCP input schemas in strict mode', () => {
  it('lists every MCP tool of the registry', () => {
    expect(catalog.listings.length).toBe(TOOLS.filter((t) => t.mcp).length);
  });

  it.each(listings)('%s passes OpenAI strict-mode rules', (_name, listing) => {
    expect(strictModeViolations(listing.inputSchema as Schema)).toEqual([]);
  });

  it.each(listings)('%s passes Anthropic tool rules', (_name, listing) => {
    expect(anthropicViolations(listing as Parameters<typeof anthropicViolations>[0])).toEqual([]);
  });

  it('finds what zod writes unshaped: optional properties, defaults, length bounds and maps', () => {
    const tool = TOOLS.find((t) => t.mcp && t.mcp.name === 'add_trip_expense');
    if (!tool || !tool.mcp) throw new Error('add_trip_expense is not exposed');
    const raw = strictModeViolations(toJsonSchema(tool.mcp.input ?? tool.input, 'input'));
    expect(raw).toEqual(expect.arrayContaining([
      expect.stringMatching(/^\$\.currency: not in required/),
      expect.stringMatching(/^\$\.split: unsupported keyword default/),
      expect.stringMatching(/^\$\.amounts: unsupported keyword propertyNames|^\$\.amounts: additionalProperties is not false/),
    ]));
    expect(anthropicViolations({ name: 'search flights', inputSchema: { type: 'object' } })).toHaveLength(2);
  });
});

describe('arguments sent in the strict form', () => {
  const entry = catalog.get('add_trip_expense');
  if (!entry || !entry.tool.mcp) throw new Error('add_trip_expense is not exposed');
  const schema = entry.tool.mcp.input ?? entry.tool.input;

  it('reads null as "not given" and {key, value} pairs as a map, and the tool\'s schema accepts the result', () => {
    const sent = {
      tripId: 'trp_1', paidBy: 'me', amount: 90, currency: null, description: 'Dinner', category: null, split: 'exact',
      among: null, amounts: [{ key: 'Ann', value: 30 }, { key: 'Bob', value: 60 }], shares: null, percents: null, spentOn: null,
    };
    const args = entry.fromArgs(sent);
    expect(args).toEqual({ tripId: 'trp_1', paidBy: 'me', amount: 90, description: 'Dinner', split: 'exact', amounts: { Ann: 30, Bob: 60 } });
    const parsed = schema.safeParse(args);
    expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
    // Without the mapping, the tool's own schema refuses what a strict-mode client sends.
    expect(schema.safeParse(sent).success).toBe(false);
  });

  it('passes the original shape through unchanged, for clients that ignore strict mode', () => {
    const args = { tripId: 'trp_1', paidBy: 'me', amount: 90, description: 'Dinner', split: 'exact', amounts: { Ann: 30, Bob: 60 } };
    expect(entry.fromArgs(args)).toEqual(args);
  });

  it('keeps null where the tool itself takes null', () => {
    const original = { type: 'object', properties: { note: { type: ['string', 'null'] }, name: { type: 'string' } }, required: [] };
    expect(fromStrictArgs(original, { note: null, name: null })).toEqual({ note: null });
    // Required properties keep their null, so the tool's own validation names the field.
    expect(fromStrictArgs({ ...original, required: ['name'] }, { name: null })).toEqual({ name: null });
  });

  it('maps null inside arrays of objects and in the branch of a union that matches', () => {
    const original = {
      type: 'object',
      properties: {
        legs: { type: 'array', items: { type: 'object', properties: { from: { type: 'string' }, via: { type: 'string' } }, required: ['from'] } },
        pay: { anyOf: [
          { type: 'object', properties: { kind: { const: 'card' }, last4: { type: 'string' } }, required: ['kind'] },
          { type: 'object', properties: { kind: { const: 'points' }, program: { type: 'string' } }, required: ['kind'] },
        ] },
      },
      required: ['legs'],
    };
    expect(fromStrictArgs(original, { legs: [{ from: 'LIS', via: null }], pay: { kind: 'points', program: null } }))
      .toEqual({ legs: [{ from: 'LIS' }], pay: { kind: 'points' } });
  });
});

describe('a strict-mode client over /mcp', () => {
  let server: TestServer;
  let secret: string;
  beforeAll(async () => {
    server = await startTestServer({ tools: [...TOOLS, echoTool] });
    secret = (await server.services.identity.createKey({ userId: 'strict-client', tier: 'business' })).secret;
  });
  afterAll(() => server.close());

  it('lists every property as required and gets the defaults when it sends null for the optional ones', async () => {
    const client = await connectMcp(server.url, secret);
    const { tools } = await client.listTools();
    const echo = tools.find((t) => t.name === 'test_echo');
    // Listed in camelCase like every MCP input (camel-input.ts), taken back to the tool's snake_case.
    expect(echo?.inputSchema.required).toEqual(['itemId', 'origin', 'passengers', 'cabinClass', 'tags', 'verbose']);
    expect(echo?.inputSchema.properties?.cabinClass).toMatchObject({ type: ['string', 'null'], description: 'Default "economy".' });
    // test_echo's own schema is strict (unknown keys and nulls refused): only the mapping lets this through.
    const out = await call<{ cabin_class: string; verbose: boolean }>(client, 'test_echo', {
      itemId: 'ab', origin: 'LIS', passengers: 1, cabinClass: null, tags: null, verbose: null,
    });
    expect(out).toMatchObject({ cabin_class: 'economy', verbose: false });
    await client.close();
  });
});
