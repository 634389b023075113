import { isAscii } from 'node:buffer';

// A provider's JSON body as the text JSON.parse reads, kept a one-byte string.
// Decoding UTF-8 with a single non-ASCII character in it (an airport called
// "Zürich", an en dash) makes V8 store the whole body two bytes per character: a
// 120 KB Duffel page becomes a 240 KB string, past V8's 128 KB large-object
// threshold, slower to decode and to parse. Outside its strings JSON is ASCII,
// so each run of non-ASCII bytes is inside a string and can be written as
// \uXXXX escapes, which JSON.parse turns back into the very same characters.
//
// The runs are found on the bytes, by halving: `isAscii` checks a span in one
// vectorised pass, so the clean parts of a body (nearly all of it) cost next to
// nothing, and the body becomes a string once, already escaped. (A regular
// expression over the whole body read as latin1 made it a string twice, and
// making the text took ~25 % longer; see README "Performance".)

/** Spans at most this long are scanned byte by byte instead of halved again. */
const SCAN_BYTES = 256;

/** Appends [start, end) of every run of bytes ≥ 0x80 in buf[from, to), merging runs that touch. */
function nonAsciiRuns(buf: Buffer, from: number, to: number, runs: number[]): void {
  if (isAscii(buf.subarray(from, to))) return;
  if (to - from > SCAN_BYTES) {
    const mid = (from + to) >>> 1;
    nonAsciiRuns(buf, from, mid, runs);
    nonAsciiRuns(buf, mid, to, runs);
    return;
  }
  for (let i = from; i < to; i++) {
    if (buf[i]! < 0x80) continue;
    const start = i;
    while (i < to && buf[i]! >= 0x80) i++;
    // A character cut in two by a halving continues the run before it.
    if (runs.length > 0 && runs[runs.length - 1] === start) runs[runs.length - 1] = i;
    else runs.push(start, i);
  }
}

const HEX = '0123456789abcdef';

/** One run of UTF-8 bytes as JSON escapes of its UTF-16 code units. */
function escapeRun(buf: Buffer, start: number, end: number): string {
  const text = buf.toString('utf8', start, end);
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out += `\\u${HEX[c >> 12]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`;
  }
  return out;
}

/**
 * UTF-8 JSON bytes as an ASCII string that parses to exactly what the decoded
 * text parses to (and fails to parse where it fails). Not for showing: error
 * messages quote the decoded text.
 */
export function jsonText(bytes: Uint8Array): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const runs: number[] = [];
  nonAsciiRuns(buf, 0, buf.length, runs);
  if (runs.length === 0) return buf.toString('latin1');
  const parts: string[] = [];
  let at = 0;
  for (let k = 0; k < runs.length; k += 2) {
    const start = runs[k]!;
    // "\é" is a bad escape, but "\\u00e9" would parse: such a body is read as it is.
    if (buf[start - 1] === 0x5c) return buf.toString('utf8');
    parts.push(buf.toString('latin1', at, start), escapeRun(buf, start, runs[k + 1]!));
    at = runs[k + 1]!;
  }
  parts.push(buf.toString('latin1', at));
  return parts.join('');
}
