// The live tests talk to a running server (scripts/sdk-ts-check.sh starts one).
import { createClient } from '../src/index.js';

export function liveEnv(): { url: string; apiKey: string } {
  const url = process.env.DEAL_ENGINE_URL;
  const apiKey = process.env.DEAL_ENGINE_API_KEY;
  if (!url || !apiKey) throw new Error('set DEAL_ENGINE_URL and DEAL_ENGINE_API_KEY (see scripts/sdk-ts-check.sh)');
  return { url, apiKey };
}

export function liveClient() {
  const { url, apiKey } = liveEnv();
  return createClient({ baseUrl: url, apiKey });
}

/** A departure date far enough ahead for every simulator. */
export function futureDate(days = 45): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
