import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '../adapters/openapi/build-openapi.js';
import { EXAMPLES } from '../adapters/openapi/examples.js';
import { TOOLS } from '../tools/index.js';

// Every example openapi.json shows is valid against the schema it illustrates, and the
// request examples are accepted by the tools themselves (their zod input schemas).

const doc = buildOpenApi(TOOLS);
const schemas = (doc.components?.schemas ?? {}) as Record<string, { examples?: unknown[] }>;
const ajv = new Ajv2020({ strict: false, allErrors: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);
// The whole components object as one root, so "#/components/schemas/X" refs resolve.
ajv.addSchema({ $id: 'openapi', components: doc.components } as object);

describe('OpenAPI examples (issue 22)', () => {
  it('puts each example on a component that exists', () => {
    const missing = Object.keys(EXAMPLES).filter((name) => !schemas[name]);
    expect(missing).toEqual([]);
    for (const name of Object.keys(EXAMPLES)) expect(schemas[name]?.examples, name).toEqual([EXAMPLES[name]]);
  });

  it.each(Object.keys(EXAMPLES))('%s: the example is valid against its JSON Schema', (name) => {
    const validate = ajv.getSchema(`openapi#/components/schemas/${name}`);
    if (!validate) throw new Error(`no schema ${name}`);
    const ok = validate(EXAMPLES[name]);
    expect(validate.errors ?? [], name).toEqual([]);
    expect(ok).toBe(true);
  });

  it('request examples are accepted by the tool they are the body of (zod input)', () => {
    const checked: string[] = [];
    for (const tool of TOOLS) {
      if (!tool.rest || tool.rest.method === 'GET') continue;
      const op = (doc.paths?.[tool.rest.path] as Record<string, { requestBody?: { content: Record<string, { schema: { $ref: string } }> } }>)[tool.rest.method.toLowerCase()];
      const name = op?.requestBody?.content['application/json']?.schema.$ref.replace('#/components/schemas/', '');
      if (!name || !(name in EXAMPLES)) continue;
      const parsed = tool.input.safeParse(EXAMPLES[name]);
      // Only fields outside the body (path, query, the caller) may be missing.
      const problems = parsed.success ? [] : parsed.error.issues.filter((i) => !(i.code === 'invalid_type' && i.path.length === 1 && !(String(i.path[0]) in (EXAMPLES[name] as object))));
      expect(problems, `${tool.name} ${name}`).toEqual([]);
      checked.push(name);
    }
    expect([...new Set(checked)]).toEqual(expect.arrayContaining([
      'FlightSearchRequest', 'BookingRequest', 'CreateOfferInput', 'SeatHoldInput', 'HotelSearchRequest', 'CarSearchRequest', 'CreateTripRequest',
      'CreateAlertRequest', 'TravelerInput', 'Playbook', 'PathsRequest', 'CruiseSearchRequest', 'AddExpenseRequest',
    ]));
  });
});
