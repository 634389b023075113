import type { ToolContext } from '../_kit/context.js';
import type { CabinClass } from '../_kit/providers.js';
import type { FlightSearchInput } from '../flights/search-input.js';
import { callerPlaybook } from './caller-playbook.js';

// What flight search takes from the caller's saved playbook when the request is
// silent: the cabin, and the airlines to hide; and, always, the preferred airlines
// (the answer points out their cheapest flight; nothing is hidden or reordered). Searches other tools run on a
// caller's behalf (calendar, self-connect, alerts) name their cabin and are left as
// they were: their own answers decide what to show.

export interface SearchPreferences {
  cabin: CabinClass;
  cabinSource: 'request' | 'playbook' | 'default';
  /** Main carriers to leave out of what the caller sees (the cache keeps every result). */
  avoided: ReadonlySet<string>;
  /** The playbook's preferred airlines, in its order; empty without one. */
  preferred: readonly string[];
}

export async function searchPreferences(ctx: ToolContext, input: FlightSearchInput): Promise<SearchPreferences> {
  const asked = input.avoided_airlines;
  const playbook = ctx.call?.nestedIn ? null : await callerPlaybook(ctx);
  const avoided = new Set(asked ?? playbook?.avoidedAirlines ?? []);
  const preferred = playbook?.preferredAirlines ?? [];
  if (input.cabin_class) return { cabin: input.cabin_class, cabinSource: 'request', avoided, preferred };
  if (playbook) return { cabin: playbook.cabin, cabinSource: 'playbook', avoided, preferred };
  return { cabin: 'economy', cabinSource: 'default', avoided, preferred };
}
