import { ProviderError, isProviderError } from '../../../tools/_kit/provider-error.js';

// Duffel Stays' "this is gone" answers. Search results, rates and quotes expire;
// asking for one after that must read as not_found (the tool then says "search
// again" or answers 410), not as a generic refusal.
//
// UNCONFIRMED: Duffel's public docs do not list the Stays error codes for an
// expired search result, rate or quote, nor their HTTP status. We therefore map
// every 404 and 410, and these codes whatever their status, to not_found.

const GONE_CODES = new Set([
  'rate_no_longer_available',
  'rate_expired',
  'rate_not_available',
  'quote_expired',
  'quote_no_longer_available',
  'search_result_expired',
  'search_result_not_found',
  'not_found',
]);

export function isStaysGone(err: ProviderError): boolean {
  return err.status === 404 || err.status === 410 || (err.code !== undefined && GONE_CODES.has(err.code));
}

/** Rethrows an upstream failure, turning Stays' expiry answers into not_found. */
export function rethrowStaysError(err: unknown): never {
  if (isProviderError(err) && err.kind !== 'not_found' && isStaysGone(err)) {
    throw new ProviderError(err.provider, 'not_found', err.message, { status: err.status, code: err.code, cause: err });
  }
  throw err;
}
