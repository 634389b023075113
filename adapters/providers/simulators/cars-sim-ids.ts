import { hash32 } from './seeded.js';

// Rate ids for the cars simulator. A rate id carries the rental it prices
// (airports, local times, driver), which brand, class and payment type, and the
// search's time bucket, packed with a checksum: POST /cars/quotes needs no memory
// of past searches, as the flights simulator's offer ids do.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U
const DAY_MS = 86_400_000;

export interface RateRef {
  pickup: string;
  dropoff: string;
  /** Local YYYY-MM-DDTHH:MM at each airport. */
  pickupLocal: string;
  dropoffLocal: string;
  driverAge: number;
  residence: string;
  supplierIndex: number;
  fleetIndex: number;
  prepaid: boolean;
  /** 15-minute time bucket of the search. */
  bucket: number;
}

const FIELDS = [
  ['pickup', 15],
  ['dropoff', 15],
  ['pickupDay', 16],
  ['pickupMinute', 11],
  ['dropoffDay', 16],
  ['dropoffMinute', 11],
  ['driverAge', 7],
  ['residence', 10],
  ['supplierIndex', 4],
  ['fleetIndex', 5],
  ['prepaid', 1],
  ['bucket', 24],
] as const;
const CHECKSUM_BITS = 20;
const BODY_LENGTH = Math.ceil((FIELDS.reduce((n, [, bits]) => n + bits, 0) + CHECKSUM_BITS) / 5);

type FieldName = (typeof FIELDS)[number][0];

/** Letters as 5-bit numbers (A = 0). */
function lettersToInt(code: string): number {
  let n = 0;
  for (const ch of code) n = n * 32 + (ch.charCodeAt(0) - 65);
  return n;
}

function intToLetters(n: number, length: number): string | null {
  const chars = Array.from({ length }, (_, i) => (n >> ((length - 1 - i) * 5)) & 31);
  if (chars.some((c) => c > 25)) return null;
  return String.fromCharCode(...chars.map((c) => c + 65));
}

function splitLocal(local: string): { day: number; minute: number } {
  const day = Math.floor(Date.parse(`${local.slice(0, 10)}T00:00:00Z`) / DAY_MS);
  return { day, minute: Number(local.slice(11, 13)) * 60 + Number(local.slice(14, 16)) };
}

function joinLocal(day: number, minute: number): string {
  const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
  return `${date}T${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
}

function checksum(seed: string, payload: bigint): number {
  return hash32(seed, 'car-rate', payload.toString(36)) & ((1 << CHECKSUM_BITS) - 1);
}

export function encodeRateId(seed: string, ref: RateRef): string {
  const pickup = splitLocal(ref.pickupLocal);
  const dropoff = splitLocal(ref.dropoffLocal);
  const values: Record<FieldName, number> = {
    pickup: lettersToInt(ref.pickup),
    dropoff: lettersToInt(ref.dropoff),
    pickupDay: pickup.day,
    pickupMinute: pickup.minute,
    dropoffDay: dropoff.day,
    dropoffMinute: dropoff.minute,
    driverAge: ref.driverAge,
    residence: lettersToInt(ref.residence),
    supplierIndex: ref.supplierIndex,
    fleetIndex: ref.fleetIndex,
    prepaid: ref.prepaid ? 1 : 0,
    bucket: ref.bucket,
  };
  let payload = 0n;
  for (const [name, bits] of FIELDS) {
    const v = values[name];
    if (!Number.isInteger(v) || v < 0 || v >= 2 ** bits) throw new RangeError(`car rate id field ${name} out of range: ${v}`);
    payload = (payload << BigInt(bits)) | BigInt(v);
  }
  let packed = (payload << BigInt(CHECKSUM_BITS)) | BigInt(checksum(seed, payload));
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) {
    body = ALPHABET[Number(packed & 31n)] + body;
    packed >>= 5n;
  }
  return `rae_${body}`;
}

/** The ref inside a rate id, or null when the id is not one of ours (garbled, another seed). */
export function decodeRateId(seed: string, id: string): RateRef | null {
  if (!id.startsWith('rae_') || id.length !== 4 + BODY_LENGTH) return null;
  let packed = 0n;
  for (const ch of id.slice(4)) {
    const v = ALPHABET.indexOf(ch);
    if (v < 0) return null;
    packed = (packed << 5n) | BigInt(v);
  }
  const sum = Number(packed & BigInt((1 << CHECKSUM_BITS) - 1));
  let payload = packed >> BigInt(CHECKSUM_BITS);
  if (checksum(seed, payload) !== sum) return null;
  const values = {} as Record<FieldName, number>;
  for (const [name, bits] of [...FIELDS].reverse()) {
    values[name] = Number(payload & BigInt(2 ** bits - 1));
    payload >>= BigInt(bits);
  }
  const pickup = intToLetters(values.pickup, 3);
  const dropoff = intToLetters(values.dropoff, 3);
  const residence = intToLetters(values.residence, 2);
  if (!pickup || !dropoff || !residence || values.pickupMinute >= 1_440 || values.dropoffMinute >= 1_440) return null;
  return {
    pickup,
    dropoff,
    pickupLocal: joinLocal(values.pickupDay, values.pickupMinute),
    dropoffLocal: joinLocal(values.dropoffDay, values.dropoffMinute),
    driverAge: values.driverAge,
    residence,
    supplierIndex: values.supplierIndex,
    fleetIndex: values.fleetIndex,
    prepaid: values.prepaid === 1,
    bucket: values.bucket,
  };
}
