import type { ToolContext } from '../_kit/context.js';
import { principalUserId } from '../_kit/principal.js';
import type { StoredPlaybook } from './playbook-store.js';

// What the search and points tools read: the caller's SAVED playbook only. The
// default is for display; acting on it would change answers for everyone who
// never saved one (e.g. hide every self-connect itinerary).

/** The signed-in caller's saved playbook, or null (anonymous, internal, none saved, or the store failed). */
export async function callerPlaybook(ctx: ToolContext): Promise<StoredPlaybook | null> {
  const userId = principalUserId(ctx.principal);
  if (!userId) return null;
  try {
    return await ctx.services.playbooks.find(userId);
  } catch (err) {
    // Preferences are a convenience: a store failure must not fail a search.
    ctx.log.warn({ err }, 'could not read the playbook; going on without it');
    return null;
  }
}
