import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, vi } from 'vitest';
import { PIECE_BYTES, REGULAR_STRING_CHARS, WHOLE_BYTES, parseJsonBytes } from '../../adapters/providers/http/json-pieces.js';
import { httpTransport } from '../../adapters/providers/http/transport.js';

// A big provider body is parsed in pieces (no string of 128 KB or more): the value
// must be exactly what JSON.parse of the decoded text gives, key order included,
// and a body that does not parse whole must not parse here either.

function outcome(read: () => unknown): { json?: string; error?: string } {
  try {
    return { json: JSON.stringify(read()) };
  } catch (err) {
    return { error: (err as Error).name };
  }
}

function sameAsWhole(bytes: Buffer): void {
  expect(outcome(() => parseJsonBytes(bytes))).toEqual(outcome(() => JSON.parse(bytes.toString('utf8'))));
}

/** A seats.aero-like row: nested arrays of objects, strings with brackets, commas, quotes and escapes in them. */
function row(i: number): Record<string, unknown> {
  return {
    ID: `row${i}`,
    Route: { OriginAirport: 'JFK', DestinationAirport: 'ZRH', Name: 'Zürich – "Kloten" {a,b} [c]' },
    AvailabilityTrips: Array.from({ length: 6 }, (_, t) => ({
      ID: `trip${i}-${t}`,
      Note: 'a \\ backslash, a "quote", }},{{ and ]],[[ and \u00e9\u6771\ud83d\ude00',
      AvailabilitySegments: [{ FlightNumber: `LX${t}`, Order: 0 }, { FlightNumber: `LX${t + 1}`, Order: 1 }],
      Miles: 60_000 + t,
    })),
    Empty: [],
    Nothing: null,
  };
}

function page(rows: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { data: Array.from({ length: rows }, (_, i) => row(i)), count: rows, hasMore: false, cursor: 1_700_000_000, ...extra };
}

const big = Buffer.from(JSON.stringify(page(400)));

describe('parseJsonBytes', () => {
  it('is given bodies big enough to be read in several pieces', () => {
    expect(big.length).toBeGreaterThan(WHOLE_BYTES + 2 * PIECE_BYTES);
  });

  it('parses a big list page to the same value, key order included', () => {
    const value = parseJsonBytes(big) as { data: unknown[] };
    expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(big.toString('utf8'))));
    expect(Object.keys(value)).toEqual(['data', 'count', 'hasMore', 'cursor']);
    expect(value.data).toHaveLength(400);
  });

  it('never hands JSON.parse a string of 128 KB or more for it', () => {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      parseJsonBytes(big);
      const lengths = parse.mock.calls.map(([text]) => String(text).length);
      expect(lengths.length).toBeGreaterThan(2);
      // V8 puts a one-byte string of 128 KB or more in large-object space.
      expect(Math.max(...lengths)).toBeLessThan(128 * 1024 - 64);
    } finally {
      parse.mockRestore();
    }
  });

  /** A list page of `pad`-padded elements, just over WHOLE_BYTES and under REGULAR_STRING_CHARS bytes. */
  function midPage(pad: string): Buffer {
    const data: { id: string; pad: string }[] = [];
    let body = Buffer.alloc(0);
    while (body.length <= WHOLE_BYTES + 2_000) {
      data.push({ id: `x${data.length}`, pad });
      body = Buffer.from(JSON.stringify({ data, n: data.length }));
    }
    expect(body.length).toBeLessThanOrEqual(REGULAR_STRING_CHARS);
    return body;
  }

  /** The lengths of the texts JSON.parse was given while `read` ran. */
  function parsedLengths(read: () => void): number[] {
    const parse = vi.spyOn(JSON, 'parse');
    try {
      read();
      return parse.mock.calls.map(([text]) => String(text).length);
    } finally {
      parse.mockRestore();
    }
  }

  it('parses a body whole while its text stays under the regular-string line', () => {
    const body = midPage(`${'y'.repeat(90)} Zürich`);
    sameAsWhole(body);
    const lengths = parsedLengths(() => parseJsonBytes(body));
    expect(lengths).toHaveLength(1);
    expect(lengths[0]).toBeLessThanOrEqual(REGULAR_STRING_CHARS);
  });

  it('reads such a body in pieces when escaping its non-ASCII text would pass the line', () => {
    const body = midPage(`${'y'.repeat(80)}${'é'.repeat(6)}`);
    sameAsWhole(body);
    const lengths = parsedLengths(() => parseJsonBytes(body));
    expect(lengths.length).toBeGreaterThan(1);
    expect(Math.max(...lengths)).toBeLessThan(128 * 1024 - 64);
  });

  it('reads the largest top-level array in pieces when it is not the first or not called data', () => {
    sameAsWhole(Buffer.from(JSON.stringify({ meta: { a: [1, 2, 3] }, small: [1, 2], offers: page(300).data, after: 'x' })));
  });

  it('keeps pretty-printed bodies and a single element bigger than a piece', () => {
    sameAsWhole(Buffer.from(JSON.stringify(page(300), null, 2)));
    sameAsWhole(Buffer.from(JSON.stringify({ data: [{ blob: 'y'.repeat(PIECE_BYTES * 2) }, { blob: 'z'.repeat(10) }], n: 1 })));
  });

  it('parses small bodies and arrays of scalars alike', () => {
    sameAsWhole(Buffer.from('{"a":"Heathrow","n":[1,2.5,null,true]}'));
    sameAsWhole(Buffer.from(JSON.stringify({ data: Array.from({ length: 40_000 }, (_, i) => (i % 3 ? i : `s${i}`)) })));
  });

  const broken: Record<string, Buffer> = {
    'a trailing comma in the big array': Buffer.from(big.toString('utf8').replace(/\],"count"/, ',],"count"')),
    'two commas between elements': Buffer.from(big.toString('utf8').replace('},{"ID":"row7"', '},,{"ID":"row7"')),
    'a cut-off body': big.subarray(0, big.length - 20),
    'garbage after the object': Buffer.concat([big, Buffer.from(' x')]),
    'a missing bracket inside an element': Buffer.from(big.toString('utf8').replace('"Empty":[]', '"Empty":[')),
    'an unescaped quote inside a string': Buffer.from(big.toString('utf8').replace('"ID":"row9"', '"ID":"ro"w9"')),
  };
  for (const [name, bytes] of Object.entries(broken)) {
    it(`fails like JSON.parse on ${name}`, () => {
      expect(bytes.length).toBeGreaterThan(WHOLE_BYTES);
      const whole = outcome(() => JSON.parse(bytes.toString('utf8')));
      expect(whole.error).toBe('SyntaxError');
      expect(outcome(() => parseJsonBytes(bytes))).toEqual(whole);
    });
  }

  it('reads a repeated key as JSON.parse does (the last one wins)', () => {
    const twice = Buffer.from(JSON.stringify(page(300)).replace(/\}$/, ',"data":[1]}'));
    sameAsWhole(twice);
    expect((parseJsonBytes(twice) as { data: unknown[] }).data).toEqual([1]);
  });

  it('keeps __proto__ an own property, as JSON.parse does', () => {
    const proto = Buffer.from(JSON.stringify(page(300)).replace('{"data":', '{"__proto__":'));
    const value = parseJsonBytes(proto) as Record<string, unknown>;
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect(Object.hasOwn(value, '__proto__')).toBe(true);
    sameAsWhole(proto);
  });

  it('reads non-ASCII text in every piece as the decoded UTF-8', () => {
    const value = parseJsonBytes(big) as { data: { Route: { Name: string }; AvailabilityTrips: { Note: string }[] }[] };
    expect(value.data[399]!.Route.Name).toBe('Zürich – "Kloten" {a,b} [c]');
    expect(value.data[250]!.AvailabilityTrips[5]!.Note).toContain('é東😀');
  });

  it('is what the real transport parses a big answer with', async () => {
    const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const parse = vi.spyOn(JSON, 'parse');
    try {
      const transport = httpTransport(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const res = await transport({ method: 'GET', path: '/search', signal: AbortSignal.timeout(10_000) });
      const value = await res.json();
      expect(parse.mock.calls.length).toBeGreaterThan(2);
      expect(JSON.stringify(value)).toBe(JSON.stringify(JSON.parse(big.toString('utf8'))));
    } finally {
      parse.mockRestore();
      server.close();
    }
  });
});
