import type { CabinClass } from '../../../tools/_kit/providers.js';
import { hash32 } from './seeded.js';
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


function dayOf(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

export function encodeOfferId(seed: string, ref: OfferRef): string {
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
  if (!values) return null;
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
