import type { CacheCount } from '../../tools/_kit/ports.js';
import type { Principal } from '../../tools/_kit/principal.js';

// The API-key resolver counts a call's rate-limit windows in the same cache round trip
// as the key lookup (issue 19); these notes hand what it counted to the meter without
// putting adapter state on the Principal tools see. Keyed by the principal object the
// resolver made for this request, so nothing outlives it.

/** Counts already taken for this principal's call: the meter uses them once instead of counting again. */
const precounted = new WeakMap<Principal, CacheCount[]>();
/** Who a resolver-made API-key principal is counted as: its key's hash, known before the lookup. */
const subjects = new WeakMap<Principal, string>();

export function noteMetered(principal: Principal, subject: string, counts: CacheCount[] | undefined): void {
  subjects.set(principal, subject);
  if (counts && counts.length > 0) precounted.set(principal, counts);
}

export function meterSubjectOf(principal: Principal): string | undefined {
  return subjects.get(principal);
}

/** The counts taken with the lookup, at most once per principal (an MCP request may run several calls). */
export function takePrecounted(principal: Principal): CacheCount[] | undefined {
  const counts = precounted.get(principal);
  if (counts) precounted.delete(principal);
  return counts;
}
