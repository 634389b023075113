import { jsonText } from './json-text.js';

// A provider's JSON body parsed without ever making one string of 128 KB or more.
// V8 puts such a string in large-object space: on this machine making one costs
// ~1 ms (fresh pages, faulted in) against ~10 µs just under the line, and each
// ~1 MB of them forces a young-generation GC. seats.aero's route-day pages
// (130–260 KB) and Duffel's fuller offer pages pass it, and nearly all of their
// bytes are the elements of one array (`data`). So a big body is read in pieces:
// one pass over the bytes finds the top-level object's largest array and the
// commas between its elements; the object without that array's elements is
// parsed, then the elements in runs of under PIECE_BYTES, and put back. Every
// piece is parsed by JSON.parse itself, and a body that does not parse whole
// fails here too: whenever a piece does not parse or the shape is unusual
// (no top-level object, a repeated key), the body is parsed whole as before.

/** Bodies at most this long are parsed whole: their string stays a regular heap object. */
export const WHOLE_BYTES = 120 * 1024;
/**
 * The longest one-byte string V8 still makes a regular heap object (128 KB less its
 * header and some room). A body up to this long whose text (non-ASCII escaped) fits
 * is parsed whole too: that is cheaper than finding its pieces, and most of
 * Duffel's 20-offer pages in the search bench are 120–128 KB.
 */
export const REGULAR_STRING_CHARS = 128 * 1024 - 64;
/** Most bytes of array elements parsed in one piece (a longer single element is parsed alone). */
export const PIECE_BYTES = 96 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** The top-level object's largest array: its key's bytes, its brackets and the commas between its elements. */
interface BigArray {
  keyStart: number;
  keyEnd: number;
  open: number;
  close: number;
  commas: number[];
}

/** Spans of the strings directly inside the top-level object (its keys and string values). */
type Spans = number[];

/** One pass over the bytes; null when the body is not an object or its brackets or strings do not close. */
function findBigArray(b: Uint8Array): { big: BigArray; topStrings: Spans } | null {
  let start = 0;
  while (start < b.length && (b[start] === 0x20 || b[start] === 0x0a || b[start] === 0x0d || b[start] === 0x09)) start++;
  if (b[start] !== OPEN_BRACE) return null;
  let depth = 0;
  let inString = false;
  let stringStart = 0;
  let lastKeyStart = -1;
  let lastKeyEnd = -1;
  let current: BigArray | null = null;
  let big: BigArray | null = null;
  const topStrings: Spans = [];
  for (let i = start; i < b.length; i++) {
    const c = b[i]!;
    if (inString) {
      if (c === BACKSLASH) i++;
      else if (c === QUOTE) {
        inString = false;
        if (depth === 1) {
          topStrings.push(stringStart, i);
          lastKeyStart = stringStart;
          lastKeyEnd = i;
        }
      }
      continue;
    }
    if (c === QUOTE) {
      inString = true;
      stringStart = i + 1;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      if (depth === 2 && c === OPEN_BRACKET) current = { keyStart: lastKeyStart, keyEnd: lastKeyEnd, open: i, close: -1, commas: [] };
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 2 && current && c === CLOSE_BRACKET) {
        current.close = i;
        if (!big || current.close - current.open > big.close - big.open) big = current;
        current = null;
      }
      depth--;
      if (depth === 0) break;
    } else if (c === COMMA && depth === 2 && current) {
      current.commas.push(i);
    }
  }
  if (depth !== 0 || inString || !big || big.keyStart < 0) return null;
  return { big, topStrings };
}

/** The key's text when it is plain ASCII without escapes and names the array alone; null otherwise. */
function plainUniqueKey(b: Uint8Array, big: BigArray, topStrings: Spans): string | null {
  const bytes = b.subarray(big.keyStart, big.keyEnd);
  for (const c of bytes) if (c === BACKSLASH || c >= 0x80) return null;
  const key = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (key === '__proto__') return null;
  let seen = 0;
  for (let k = 0; k < topStrings.length; k += 2) {
    if (topStrings[k + 1]! - topStrings[k]! !== bytes.length) continue;
    if (Buffer.compare(b.subarray(topStrings[k]!, topStrings[k + 1]!), bytes) === 0) seen++;
  }
  // Once as the key; a string value with the same text is harmless but rare enough to read whole.
  return seen === 1 ? key : null;
}

/** The array's elements, parsed in runs of whole elements under PIECE_BYTES; null when a run is empty or does not parse. */
function parseElements(b: Uint8Array, big: BigArray): unknown[] | null {
  // Element k spans (bounds[k], bounds[k + 1]) exclusive: a bracket or a comma on each side.
  const bounds = [big.open, ...big.commas, big.close];
  const items: unknown[] = [];
  let from = 0;
  while (from < bounds.length - 1) {
    let to = from + 1;
    while (to < bounds.length - 1 && bounds[to + 1]! - bounds[from]! <= PIECE_BYTES) to++;
    const run = b.subarray(bounds[from]! + 1, bounds[to]!);
    const text = jsonText(run);
    // An empty run would hide a stray comma that makes the whole body invalid.
    if (text.trim() === '') return null;
    let parsed: unknown;
    try {
      parsed = JSON.parse(`[${text}]`);
    } catch {
      return null;
    }
    for (const item of parsed as unknown[]) items.push(item);
    from = to;
  }
  return items;
}

/** The body parsed in pieces; null when it must be parsed whole. */
function parseInPieces(b: Uint8Array): unknown {
  const found = findBigArray(b);
  if (!found) return null;
  const { big, topStrings } = found;
  const key = plainUniqueKey(b, big, topStrings);
  if (key === null || big.commas.length === 0) return null;
  let top: unknown;
  try {
    top = JSON.parse(jsonText(b.subarray(0, big.open + 1)) + jsonText(b.subarray(big.close)));
  } catch {
    return null;
  }
  if (typeof top !== 'object' || top === null || Array.isArray(top)) return null;
  const holder = top as Record<string, unknown>;
  const empty = holder[key];
  if (!Array.isArray(empty) || empty.length !== 0) return null;
  const items = parseElements(b, big);
  if (!items) return null;
  holder[key] = items;
  return holder;
}

/**
 * UTF-8 JSON bytes parsed to exactly what JSON.parse of their decoded text
 * gives (property order included), throwing the same kind of error when they
 * do not parse.
 */
export function parseJsonBytes(bytes: Uint8Array): unknown {
  if (bytes.length <= WHOLE_BYTES) return JSON.parse(jsonText(bytes)) as unknown;
  // Escaping non-ASCII lengthens the text a little (a few characters in a real answer).
  const text = bytes.length <= REGULAR_STRING_CHARS ? jsonText(bytes) : undefined;
  if (text !== undefined && text.length <= REGULAR_STRING_CHARS) return JSON.parse(text) as unknown;
  const value = parseInPieces(bytes);
  if (value !== null) return value;
  return JSON.parse(text ?? jsonText(bytes)) as unknown;
}
