import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AppConfig } from '../../config/env.js';

// The card simulator checks webhook signatures as Stripe's endpoints do, and a
// verified payment_intent.succeeded is applied. A secret written in the source
// would let anyone sign one, so each install makes its own: on the embedded
// database it is generated once into DATA_DIR (mode 0600, like pii.key), where an
// operator reads it to sign test events and where a restart finds it again.
// Elsewhere (PostgreSQL, or an in-memory DATA_DIR) there is no private folder to
// share it through, so each process draws a random one that nobody outside knows;
// set STRIPE_WEBHOOK_SECRET to sign simulator webhooks there.

export const SIM_WEBHOOK_SECRET_FILE = 'stripe-sim.webhook-secret';

const fresh = (): string => `whsec_${randomBytes(32).toString('base64url')}`;

function readSecret(path: string): string {
  const secret = readFileSync(path, 'utf8').trim();
  if (!secret.startsWith('whsec_')) throw new Error(`${path} does not hold a whsec_ secret; delete it to make a new one, or set STRIPE_WEBHOOK_SECRET`);
  return secret;
}

/** Reads `<dataDir>/stripe-sim.webhook-secret`, creating it (mode 0600) the first time. */
function loadOrCreateSecretFile(dataDir: string): string {
  const path = join(dataDir, SIM_WEBHOOK_SECRET_FILE);
  mkdirSync(dataDir, { recursive: true });
  const secret = fresh();
  try {
    // 'wx' fails if the file exists, so two processes starting together keep one secret.
    writeFileSync(path, `${secret}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(path, 0o600); // the umask may have widened the mode
    return secret;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readSecret(path);
  }
}

/** The signing secret the card simulator verifies webhooks with. */
export function simulatorWebhookSecret(config: Pick<AppConfig, 'STRIPE_WEBHOOK_SECRET' | 'DATABASE_URL' | 'DATA_DIR'>): string {
  if (config.STRIPE_WEBHOOK_SECRET) return config.STRIPE_WEBHOOK_SECRET;
  if (config.DATABASE_URL || config.DATA_DIR.startsWith('memory://')) return fresh();
  return loadOrCreateSecretFile(config.DATA_DIR);
}
