import { randomBytes } from 'node:crypto';
import type { PiiCipher } from '../../tools/travelers/pii-cipher.js';
import { KEY_BYTES, open, seal } from './aes-gcm.js';
import { loadOrCreateKeyFile } from './pii-key-file.js';

// Where the PII key comes from:
// - PII_ENCRYPTION_KEY (32 bytes, base64) when set: the production path;
// - else the embedded database keeps its own key in <DATA_DIR>/pii.key
//   (a fresh per-process key for the throw-away `memory://` database);
// - else (PostgreSQL without a key) nothing is available: a shared database must
//   not depend on a key file on one machine's disk.

export interface PiiCipherOptions {
  key?: string | undefined;
  dataDir: string;
  embedded: boolean;
}

function cipherWith(key: Buffer): PiiCipher {
  return {
    available: true,
    encrypt: (plain, context) => seal(key, plain, context),
    decrypt: (sealed, context) => open(key, sealed, context),
  };
}

const UNAVAILABLE: PiiCipher = {
  available: false,
  encrypt: () => {
    throw new Error('No PII key: set PII_ENCRYPTION_KEY');
  },
  decrypt: () => {
    throw new Error('No PII key: set PII_ENCRYPTION_KEY');
  },
};

function decodeKey(text: string): Buffer {
  // The config accepts base64 and base64url; Node's base64 decoder reads both alphabets.
  const key = Buffer.from(text, 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`PII_ENCRYPTION_KEY must be ${KEY_BYTES} bytes in base64`);
  return key;
}

export function createPiiCipher(opts: PiiCipherOptions): PiiCipher {
  if (opts.key) return cipherWith(decodeKey(opts.key));
  if (!opts.embedded) return UNAVAILABLE;
  if (opts.dataDir.startsWith('memory://')) return cipherWith(randomBytes(KEY_BYTES));
  return cipherWith(loadOrCreateKeyFile(opts.dataDir));
}
