import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { KEY_BYTES } from './aes-gcm.js';

// The embedded database's own PII key, kept beside its data so a restart on the
// same DATA_DIR can still open what it sealed. Generated once; never overwritten,
// since a new key would make every stored value unreadable.

export const PII_KEY_FILE = 'pii.key';

function readKey(path: string): Buffer {
  const key = Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  if (key.length !== KEY_BYTES) throw new Error(`${path} does not hold a ${KEY_BYTES}-byte base64 key; restore it or set PII_ENCRYPTION_KEY`);
  return key;
}

/** Reads `<dataDir>/pii.key`, creating it (mode 0600) with 32 random bytes the first time. */
export function loadOrCreateKeyFile(dataDir: string): Buffer {
  const path = join(dataDir, PII_KEY_FILE);
  mkdirSync(dataDir, { recursive: true });
  const fresh = randomBytes(KEY_BYTES);
  try {
    // 'wx' fails if the file exists, so two processes starting together keep one key.
    writeFileSync(path, `${fresh.toString('base64')}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600); // the umask may have widened the mode
    return fresh;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readKey(path);
  }
}
