// Under load, a provider answer that can give a search its first results should not
// wait behind answers that only add to results its caller already sees. A search
// tags the signal it hands its provider calls with "are results shown yet?"; the
// tag follows the signal each attempt derives from it, and the transport
// asks it when an answer lands (adapters/providers/http/answer-queue.ts). An
// untagged call (an offer lookup, a seat map, an order, a payment) is never held back.

const tags = new WeakMap<AbortSignal, () => boolean>();

/** Marks the calls made with `signal`: their answers are follow-ups once `resultsShown()` is true. */
export function tagSearchCalls(signal: AbortSignal, resultsShown: () => boolean): void {
  tags.set(signal, resultsShown);
}

/** Gives `derived` (made from `from`, e.g. a per-attempt signal) the tag `from` carries, if any. */
export function carryTag(from: AbortSignal, derived: AbortSignal): void {
  const tag = tags.get(from);
  if (tag) tags.set(derived, tag);
}

/** Whether an answer to a call made with `signal` only adds to results its caller already sees (asked when it lands). */
export function isFollowUp(signal: AbortSignal): boolean {
  return tags.get(signal)?.() ?? false;
}
