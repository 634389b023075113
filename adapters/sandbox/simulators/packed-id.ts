import { hash32 } from './seeded.js';

// Stateless simulator ids: named integer fields packed into base32 with a seeded
// checksum, so an id carries what it names and a garbled or foreign id is refused.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U
const CHECKSUM_BITS = 20;

export type FieldSpec = readonly (readonly [string, number])[];

export interface PackedIdFormat<F extends FieldSpec> {
  prefix: string;
  /** Salt of the checksum, so ids of one kind never decode as another. */
  kind: string;
  fields: F;
}

type Values<F extends FieldSpec> = Record<F[number][0], number>;

function bodyLength(fields: FieldSpec): number {
  return Math.ceil((fields.reduce((n, [, bits]) => n + bits, 0) + CHECKSUM_BITS) / 5);
}

function checksum(seed: string, kind: string, payload: bigint): number {
  return hash32(seed, kind, payload.toString(36)) & ((1 << CHECKSUM_BITS) - 1);
}

export function packId<F extends FieldSpec>(format: PackedIdFormat<F>, seed: string, values: Values<F>): string {
  let payload = 0n;
  for (const [name, bits] of format.fields) {
    const v = (values as Record<string, number>)[name]!;
    if (!Number.isInteger(v) || v < 0 || v >= 2 ** bits) throw new RangeError(`${format.prefix} id field ${name} out of range: ${v}`);
    payload = (payload << BigInt(bits)) | BigInt(v);
  }
  let packed = (payload << BigInt(CHECKSUM_BITS)) | BigInt(checksum(seed, format.kind, payload));
  let body = '';
  for (let i = 0; i < bodyLength(format.fields); i++) {
    body = ALPHABET[Number(packed & 31n)] + body;
    packed >>= 5n;
  }
  return `${format.prefix}_${body}`;
}

/** The fields inside an id, or null when it is not one of ours (garbled, another seed or kind). */
export function unpackId<F extends FieldSpec>(format: PackedIdFormat<F>, seed: string, id: string): Values<F> | null {
  const head = `${format.prefix}_`;
  if (!id.startsWith(head) || id.length !== head.length + bodyLength(format.fields)) return null;
  let packed = 0n;
  for (const ch of id.slice(head.length)) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    packed = (packed << 5n) | BigInt(v);
  }
  const sum = Number(packed & BigInt((1 << CHECKSUM_BITS) - 1));
  let payload = packed >> BigInt(CHECKSUM_BITS);
  if (checksum(seed, format.kind, payload) !== sum) return null;
  const values: Record<string, number> = {};
  for (const [name, bits] of [...format.fields].reverse()) {
    values[name] = Number(payload & BigInt(2 ** bits - 1));
    payload >>= BigInt(bits);
  }
  return values as Values<F>;
}

/** Upper-case letters as 5-bit numbers (A = 0), and back; null when a value is not a letter. */
export function lettersToInt(code: string): number {
  let n = 0;
  for (const ch of code) n = n * 32 + (ch.charCodeAt(0) - 65);
  return n;
}

export function intToLetters(n: number, length: number): string | null {
  const chars = Array.from({ length }, (_, i) => (n >> ((length - 1 - i) * 5)) & 31);
  if (chars.some((c) => c > 25)) return null;
  return String.fromCharCode(...chars.map((c) => c + 65));
}
