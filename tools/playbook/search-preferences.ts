import type { ToolContext } from '../_kit/context.js';
import type { CabinClass } from '../_kit/providers.js';
import type { FlightSearchInput } from '../flights/search-input.js';
import { callerPlaybook } from './caller-playbook.js';

// What flight search takes from the caller's saved playbook when the request is
// silent: the cabin, and the airlines to hide. Searches other tools run on a
// caller's behalf (calendar, self-connect, alerts) name their cabin and are left as
// they were: their own answers decide what to show.

export interface SearchPreferences {
  cabin: CabinClass;
  cabinSource: 'request' | 'playbook' | 'default';
  /** Main carriers to leave out of what the caller sees (the cache keeps every result). */
  avoided: ReadonlySet<string>;
}

export async function searchPreferences(ctx: ToolContext, input: FlightSearchInput): Promise<SearchPreferences> {
  const asked = input.avoided_airlines;
  const needPlaybook = !ctx.call?.nestedIn && (input.cabin_class === undefined || asked === undefined);
  const playbook = needPlaybook ? await callerPlaybook(ctx) : null;
  const avoided = new Set(asked ?? playbook?.avoidedAirlines ?? []);
  if (input.cabin_class) return { cabin: input.cabin_class, cabinSource: 'request', avoided };
  if (playbook) return { cabin: playbook.cabin, cabinSource: 'playbook', avoided };
  return { cabin: 'economy', cabinSource: 'default', avoided };
}
