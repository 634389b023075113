import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';

/** bk_ and 26 base32 characters: 130 random bits, so a guest's booking id is also its proof of ownership. */
export function newBookingId(): string {
  const bytes = randomBytes(26);
  let out = 'bk_';
  for (const b of bytes) out += ALPHABET[b & 31];
  return out;
}
