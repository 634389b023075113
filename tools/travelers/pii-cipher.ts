// Seals personal data (passport and known-traveler numbers) before it is stored.
// Implemented in adapters/crypto/pii-cipher.ts with AES-256-GCM.

export interface PiiCipher {
  /**
   * False when no key is configured and none can be kept (PostgreSQL without
   * PII_ENCRYPTION_KEY): then sensitive fields cannot be saved, and callers say so.
   */
  readonly available: boolean;
  /**
   * Seals `plain` into a versioned string (`v1:<iv>:<tag>:<ciphertext>`, base64url).
   * `context` is bound to the value as associated data, so a sealed value copied
   * to another row or field no longer opens. Throws when not available.
   */
  encrypt(plain: string, context: string): string;
  /** Opens a value sealed with the same key and context; throws when either differs or the value was altered. */
  decrypt(sealed: string, context: string): string;
}

/** The associated data a traveler's sealed field is bound to: its owner and the field. */
export const piiContext = (userId: string, field: 'passport_number' | 'known_traveler_number'): string => `traveler:${userId}:${field}`;

// This area's store joins the services every tool receives: the kit names only ports,
// each area adds its own here, so no arrow runs from tools/_kit up to a feature.
declare module '../_kit/context.js' {
  interface Services {
    /** Seals personal data before it is stored (PII_ENCRYPTION_KEY). */
    pii: PiiCipher;
  }
}
