import { GENDERS } from './traveler-fields.js';
import type { TravelerProfileOut } from './traveler-schemas.js';
import type { TravelerRecord } from './traveler-store.js';

// Masking: a profile shows at most its last 4 characters of any number (fewer
// for short numbers, so never more than half), and sealed values are never opened.

export const MASK = '•••••';

/** How many trailing characters of a number may be shown. */
export const visibleTail = (value: string): string => value.slice(-(value.length >= 8 ? 4 : Math.floor(value.length / 2)));

export const masked = (tail: string | null): string => `${MASK}${tail ?? ''}`;

const asGender = (g: string | null): TravelerProfileOut['gender'] => GENDERS.find((x) => x === g) ?? null;

export function travelerView(r: TravelerRecord, today: string): TravelerProfileOut {
  const hasPassport = r.hasPassportNumber || r.passportCountry !== null || r.passportExpiry !== null;
  return {
    id: r.id,
    first_name: r.firstName,
    last_name: r.lastName,
    dob: r.dob,
    email: r.email,
    phone: r.phone,
    gender: asGender(r.gender),
    passport: hasPassport
      ? {
          number_masked: r.hasPassportNumber ? masked(r.passportLast4) : null,
          country: r.passportCountry,
          expiry: r.passportExpiry,
          expired: r.passportExpiry !== null && r.passportExpiry < today,
        }
      : null,
    known_traveler_number_masked: r.hasKnownTravelerNumber ? MASK : null,
    loyalty: r.loyalty.map((l) => ({ program: l.program, number_masked: masked(visibleTail(l.number)) })),
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}
