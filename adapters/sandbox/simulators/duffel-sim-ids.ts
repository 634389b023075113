import type { CabinClass } from '../../../tools/_kit/providers.js';
import { hash32 } from './seeded.js';
import { BoundedMemo } from './world/memo.js';
import { intToLetters, lettersToInt, packId, unpackId } from './packed-id.js';

// Ids for the Duffel simulator. Most are hashes of what they name (deterministic,
// Duffel-looking). Offer ids also carry the search that made them, packed with a
// checksum, so GET /air/offers/{id} needs no memory of past searches.

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'; // Crockford base32: no I, L, O, U
const BODY_LENGTH = 26;

/** A Duffel-style id: prefix + 26 base32 characters hashed from the parts. */
export function simId(prefix: string, ...parts: readonly (string | number)[]): string {
  let out = '';
  for (let round = 0; out.length < BODY_LENGTH; round++) {
    let h = hash32(prefix, round, ...parts);
    for (let i = 0; i < 6 && out.length < BODY_LENGTH; i++) {
      out += ALPHABET[h & 31];
      h >>>= 5;
    }
  }
  return `${prefix}_${out}`;
}

const recurring = new BoundedMemo<string>(8192);

/**
 * simId of parts that recur from offer to offer (an airline, an aircraft, a fare
 * basis, an itinerary, an offer request's passengers), hashed once: an id is five
 * FNV passes over its parts, and a search's offers asked for the same few ids
 * hundreds of times. The parts joined with "|" are the key, which is exactly what
 * the hash reads, so a key never stands for two different ids.
 */
export function recurringSimId(prefix: string, ...parts: readonly (string | number)[]): string {
  return recurring.get(`${prefix}|${parts.join('|')}`, () => simId(prefix, ...parts));
}

export const SIM_CABINS: readonly CabinClass[] = ['economy', 'premium_economy', 'business', 'first'];

/** Everything needed to rebuild one offer: the search, which itineraries and fare brand, and when. */
export interface OfferRef {
  origin: string;
  destination: string;
  departureDate: string;
  returnDate: string | null;
  adults: number;
  children: number;
  infants: number;
  cabin: CabinClass;
  maxConnections: 0 | 1 | 2 | null;
  /** Index into the world's itineraries for the outbound slice. */
  outIndex: number;
  /** Index into the return slice's itineraries; 0 on a one-way. */
  returnIndex: number;
  brandIndex: number;
  /** 15-minute time bucket of the search. */
  bucket: number;
  /** Serial of the offer request (wrapping at REQUEST_SERIALS): each search has its own offers, as on Duffel. */
  request: number;
  /** A multi-city or open-jaw search: every slice in order (origin, destination and departureDate repeat the first; returnDate is null). */
  multi?: SimSlice[];
  /** With `multi`: the itinerary index of each slice (outIndex repeats the first). */
  multiIndices?: number[];
}

export interface SimSlice {
  origin: string;
  destination: string;
  date: string;
}

// Field widths in bits, in packing order. The checksum follows them.
const FIELDS = [
  ['origin', 15],
  ['destination', 15],
  ['departureDay', 16],
  ['returnDay', 16],
  ['adults', 4],
  ['children', 4],
  ['infants', 4],
  ['cabin', 2],
  ['maxConnections', 2],
  ['outIndex', 8],
  ['returnIndex', 8],
  ['brandIndex', 2],
  ['bucket', 24],
  ['request', 30],
] as const;
const OFFER_ID = { prefix: 'off', kind: 'offer', fields: FIELDS } as const;
const DAY_MS = 86_400_000;

export const MAX_ITINERARY_INDEX = 255;
export const MAX_BRAND_INDEX = 3;
export const REQUEST_SERIALS = 2 ** 30;
/** Most slices of a multi-city offer request. */
export const MAX_SIM_SLICES = 6;

// A multi-city offer carries every slice, so its id is longer: the search and
// fare fields, then six slice slots (places, days after the first, itinerary),
// the unused ones zero. Its length tells it apart from a one-way or return id.
const MULTI_FIELDS = [
  ['adults', 4],
  ['children', 4],
  ['infants', 4],
  ['cabin', 2],
  ['maxConnections', 2],
  ['brandIndex', 2],
  ['bucket', 24],
  ['request', 30],
  ['count', 3],
  ['firstDay', 16],
  ...Array.from({ length: MAX_SIM_SLICES }, (_, i) => [
    [`o${i}`, 15],
    [`d${i}`, 15],
    [`after${i}`, 9],
    [`index${i}`, 8],
  ] as const).flat(),
] as const;
const MULTI_OFFER_ID = { prefix: 'off', kind: 'offer-multi', fields: MULTI_FIELDS } as const;


function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function encodeMultiOfferId(seed: string, ref: OfferRef, slices: SimSlice[]): string {
  const firstDay = dayOf(slices[0]!.date);
  const values: Record<string, number> = {
    adults: ref.adults, children: ref.children, infants: ref.infants, cabin: SIM_CABINS.indexOf(ref.cabin), maxConnections: ref.maxConnections ?? 3,
    brandIndex: ref.brandIndex, bucket: ref.bucket, request: ref.request, count: slices.length, firstDay,
  };
  for (let i = 0; i < MAX_SIM_SLICES; i++) {
    const slice = slices[i];
    values[`o${i}`] = slice ? lettersToInt(slice.origin) : 0;
    values[`d${i}`] = slice ? lettersToInt(slice.destination) : 0;
    values[`after${i}`] = slice ? dayOf(slice.date) - firstDay : 0;
    values[`index${i}`] = slice ? (ref.multiIndices?.[i] ?? 0) : 0;
  }
  return packId(MULTI_OFFER_ID, seed, values as Parameters<typeof packId<typeof MULTI_FIELDS>>[2]);
}

function decodeMultiOfferId(seed: string, id: string): OfferRef | null {
  const values = unpackId(MULTI_OFFER_ID, seed, id) as Record<string, number> | null;
  if (!values) return null;
  const cabin = SIM_CABINS[values.cabin!];
  const count = values.count!;
  if (!cabin || count < 2 || count > MAX_SIM_SLICES) return null;
  const multi: SimSlice[] = [];
  const multiIndices: number[] = [];
  for (let i = 0; i < count; i++) {
    const origin = intToLetters(values[`o${i}`]!, 3);
    const destination = intToLetters(values[`d${i}`]!, 3);
    if (!origin || !destination) return null;
    multi.push({ origin, destination, date: dateOf(values.firstDay! + values[`after${i}`]!) });
    multiIndices.push(values[`index${i}`]!);
  }
  const first = multi[0]!;
  return {
    origin: first.origin, destination: first.destination, departureDate: first.date, returnDate: null,
    adults: values.adults!, children: values.children!, infants: values.infants!, cabin,
    maxConnections: values.maxConnections === 3 ? null : (values.maxConnections as 0 | 1 | 2),
    outIndex: multiIndices[0]!, returnIndex: 0, brandIndex: values.brandIndex!, bucket: values.bucket!, request: values.request!, multi, multiIndices,
  };
}

export function encodeOfferId(seed: string, ref: OfferRef): string {
  if (ref.multi) return encodeMultiOfferId(seed, ref, ref.multi);
  return packId(OFFER_ID, seed, {
    origin: lettersToInt(ref.origin),
    destination: lettersToInt(ref.destination),
    departureDay: dayOf(ref.departureDate),
    returnDay: ref.returnDate ? dayOf(ref.returnDate) : 0,
    adults: ref.adults,
    children: ref.children,
    infants: ref.infants,
    cabin: SIM_CABINS.indexOf(ref.cabin),
    maxConnections: ref.maxConnections ?? 3,
    outIndex: ref.outIndex,
    returnIndex: ref.returnIndex,
    brandIndex: ref.brandIndex,
    bucket: ref.bucket,
    request: ref.request,
  });
}

/** The ref inside an offer id, or null when the id is not one of ours (garbled, another seed). */
export function decodeOfferId(seed: string, id: string): OfferRef | null {
  const values = unpackId(OFFER_ID, seed, id);
  if (!values) return decodeMultiOfferId(seed, id);
  const origin = intToLetters(values.origin, 3);
  const destination = intToLetters(values.destination, 3);
  const cabin = SIM_CABINS[values.cabin];
  if (!origin || !destination || !cabin) return null;
  return {
    origin,
    destination,
    departureDate: dateOf(values.departureDay),
    returnDate: values.returnDay ? dateOf(values.returnDay) : null,
    adults: values.adults,
    children: values.children,
    infants: values.infants,
    cabin,
    maxConnections: values.maxConnections === 3 ? null : (values.maxConnections as 0 | 1 | 2),
    outIndex: values.outIndex,
    returnIndex: values.returnIndex,
    brandIndex: values.brandIndex,
    bucket: values.bucket,
    request: values.request,
  };
}
