import { isProviderError, providerToolError } from '../_kit/provider-error.js';

/** Runs a stays provider call; its failures become the tool vocabulary (not_found → 410 Gone, timeout → 504, …). */
export async function staysCall<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    throw isProviderError(err) ? providerToolError(err) : err;
  }
}
