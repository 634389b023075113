import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const INTERNAL_KEY_FILE = 'deal-engine.internal-key';

/**
 * With the embedded database and no INTERNAL_API_KEY, the server makes one and keeps it
 * in the data folder (mode 0600), so local tools such as `npm run keys` can reach a
 * running server: whoever can read that folder already owns the data.
 */
export function embeddedInternalKey(dataDir: string): string | undefined {
  if (dataDir.startsWith('memory://')) return undefined;
  const file = path.join(dataDir, INTERNAL_KEY_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

export function readEmbeddedInternalKey(dataDir: string): string | undefined {
  const file = path.join(dataDir, INTERNAL_KEY_FILE);
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined;
}
