import { describe, expect, it } from 'vitest';
import { jsonText } from '../../adapters/providers/http/json-text.js';

// Provider bodies are parsed from jsonText, not from the decoded UTF-8: the values
// must be the same, and a body that does not parse must still not parse.

function parsed(text: string): { value?: unknown; error?: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (err) {
    return { error: (err as Error).name };
  }
}

const bodies: Record<string, Buffer> = {
  ascii: Buffer.from('{"a":"Heathrow","n":[1,2.5,null,true]}'),
  accents: Buffer.from('{"name":"Adolfo Suárez Madrid–Barajas Airport","city":"Zürich"}'),
  'CJK and astral': Buffer.from('{"a":"東京 😀","b":["é",{"ü":"ß"}]}'),
  'non-ASCII key': Buffer.from('{"für":1}'),
  'invalid UTF-8': Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xc3, 0x22, 0x7d]),
  'byte order mark': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{}')]),
  'non-ASCII outside a string': Buffer.from('{"a":1é}'),
  'backslash before non-ASCII': Buffer.from('{"a":"\\é"}'),
  'escaped backslash before non-ASCII': Buffer.from('{"a":"\\\\é"}'),
};

describe('jsonText', () => {
  for (const [name, bytes] of Object.entries(bodies)) {
    it(`parses like the decoded text: ${name}`, () => {
      expect(parsed(jsonText(bytes))).toEqual(parsed(bytes.toString('utf8')));
    });
  }

  it('keeps a body with non-ASCII characters a one-byte (ASCII) string', () => {
    const text = jsonText(bodies.accents!);
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
    expect(text).toContain('\\u00fc');
  });

  it('finds every run in a body far longer than one scanned span, characters cut by a halving included', () => {
    // ~200 KB of offers, a non-ASCII name every few hundred bytes, at shifting offsets so
    // some multi-byte characters straddle the points where the body is halved.
    const names = ['Zürich', 'São Paulo', 'Malmö – Sturup', '東京', '😀', 'A'];
    const offers = Array.from({ length: 1_500 }, (_, i) => ({ id: `off_${i}`, pad: 'x'.repeat(i % 97), name: names[i % names.length] }));
    const bytes = Buffer.from(JSON.stringify({ data: offers }));
    const text = jsonText(bytes);
    expect(JSON.parse(text)).toEqual({ data: offers });
    expect([...text].every((c) => c.charCodeAt(0) < 0x80)).toBe(true);
  });

  it('reads a Uint8Array view at its offset', () => {
    const whole = Buffer.from('xx{"city":"Zürich"}yy');
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.length - 4);
    expect(JSON.parse(jsonText(view))).toEqual({ city: 'Zürich' });
  });
});
