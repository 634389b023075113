import { isAscii } from 'node:buffer';

// A provider's JSON body as the text JSON.parse reads, kept a one-byte string.
// Decoding UTF-8 with a single non-ASCII character in it (an airport called
// "Zürich", an en dash) makes V8 store the whole body two bytes per character: a
// 120 KB Duffel page becomes a 240 KB string, past V8's 128 KB large-object
// threshold, slower to decode and to parse. Outside its strings JSON is ASCII,
// so each run of non-ASCII bytes is inside a string and can be written as
// \uXXXX escapes, which JSON.parse turns back into the very same characters.

const NON_ASCII_RUN = /[\x80-\xff]+/g;

/** One run of UTF-8 bytes (read as latin1 characters) as JSON escapes of its UTF-16 code units. */
function escapeRun(run: string): string {
  const text = Buffer.from(run, 'latin1').toString('utf8');
  let out = '';
  for (let i = 0; i < text.length; i++) out += `\\u${text.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/**
 * UTF-8 JSON bytes as an ASCII string that parses to exactly what the decoded
 * text parses to (and fails to parse where it fails). Not for showing: error
 * messages quote the decoded text.
 */
export function jsonText(bytes: Uint8Array): string {
  const buf = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const latin1 = buf.toString('latin1');
  if (isAscii(buf)) return latin1;
  let escapedBackslash = false;
  const escaped = latin1.replace(NON_ASCII_RUN, (run: string, at: number) => {
    // "\é" is a bad escape, but "\\u00e9" would parse: such a body is read as it is.
    if (latin1.charCodeAt(at - 1) === 0x5c) escapedBackslash = true;
    return escapeRun(run);
  });
  return escapedBackslash ? buf.toString('utf8') : escaped;
}
