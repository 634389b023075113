import type { PiiCipher } from '../../tools/travelers/pii-cipher.js';

// Webhook signing secrets at rest. With a PII key (PII_ENCRYPTION_KEY, or the
// embedded database's own key file) they are sealed with AES-256-GCM and bound to
// their endpoint, so a database dump does not let anyone forge our signatures.
// Without one (PostgreSQL and no PII_ENCRYPTION_KEY) they are kept as given, as are
// rows written before sealing existed; generated secrets start with "whsec_", never
// with the sealed format's "v1:".

export interface WebhookSecretSealing {
  seal(secret: string, endpointId: string): string;
  /** Throws when the value was sealed with another key (PII_ENCRYPTION_KEY changed). */
  open(stored: string, endpointId: string): string;
}

const SEALED_PREFIX = 'v1:';
const context = (endpointId: string) => `webhook:${endpointId}:signing_secret`;

export function webhookSecretSealing(cipher: PiiCipher): WebhookSecretSealing {
  return {
    seal: (secret, endpointId) => (cipher.available ? cipher.encrypt(secret, context(endpointId)) : secret),
    open: (stored, endpointId) => (stored.startsWith(SEALED_PREFIX) ? cipher.decrypt(stored, context(endpointId)) : stored),
  };
}

/** For stores used without a cipher (tests of the SQL alone): secrets kept as given. */
export const PLAIN_SECRETS: WebhookSecretSealing = { seal: (secret) => secret, open: (stored) => stored };
