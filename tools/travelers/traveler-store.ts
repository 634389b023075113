// Saved traveler profiles. Implemented in adapters/db/traveler-store.ts.
// The store holds sealed values as given; sealing and masking happen in the tools,
// and the store never hands sealed values back (listings never decrypt).

export interface LoyaltyNumber {
  program: string;
  number: string;
}

export interface SealedPassport {
  numberSealed: string;
  /** Kept in clear so listings can show `•••••1234` without decrypting. */
  last4: string;
  country: string;
  expiry: string;
}

/**
 * One upsert. The key fields are always written. For the others `undefined`
 * means "keep what is stored" (nothing on insert) and `null` means "clear it",
 * so a client that only holds masked values can re-save a profile without wiping them.
 */
export interface TravelerWrite {
  userId: string;
  firstName: string;
  lastName: string;
  dob: string;
  email?: string | null;
  phone?: string | null;
  gender?: string | null;
  passport?: SealedPassport | null;
  knownTravelerSealed?: string | null;
  loyalty?: LoyaltyNumber[] | null;
}

export interface TravelerRecord {
  id: string;
  userId: string;
  firstName: string;
  lastName: string;
  dob: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  hasPassportNumber: boolean;
  passportLast4: string | null;
  passportCountry: string | null;
  passportExpiry: string | null;
  hasKnownTravelerNumber: boolean;
  loyalty: LoyaltyNumber[];
  /** ISO 8601 UTC. */
  createdAt: string;
  updatedAt: string;
}

export interface TravelerStore {
  /** The user's profiles, newest first. */
  list(userId: string): Promise<TravelerRecord[]>;
  /** Inserts or updates the row keyed on (userId, firstName, lastName, dob) in one statement; `newId` is used only on insert. */
  upsert(write: TravelerWrite, newId: string, now: Date): Promise<TravelerRecord>;
  /** Deletes the row only when it is the user's; true when one was deleted. */
  remove(userId: string, id: string): Promise<boolean>;
}

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    travelers: TravelerStore;
  }
}
