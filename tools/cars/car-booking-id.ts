import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** cb_ and 26 base32 characters: 130 random bits, so a guest's booking id is also its proof of ownership. */
export function newCarBookingId(): string {
  let out = 'cb_';
  for (const b of randomBytes(26)) out += ALPHABET[b & 31];
  return out;
}
