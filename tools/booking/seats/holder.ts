import type { ToolContext } from '../../_kit/context.js';
import { ToolError } from '../../_kit/errors.js';
import { principalUserId } from '../../_kit/principal.js';

// Seat holds belong to a signed-in traveller. Offer ids are the same for everyone
// who runs the same search, so the offer cannot be the owner; a guest has no
// identity that would carry from seat-hold through payment-intent to checkout
// without a new secret on every checkout call, so guests choose seats by signing in.

/** The user whose seat holds this call may see and change; 401 for a guest, 403 for the back end acting as nobody. */
export function seatHolder(ctx: ToolContext): string {
  const userId = principalUserId(ctx.principal);
  if (userId) return userId;
  if (ctx.principal.kind === 'internal') {
    throw new ToolError('FORBIDDEN', 'Seat holds belong to a traveller; the back end key is nobody\'s', {
      hint: 'Call the seat routes with the traveller\'s own token or API key.',
    });
  }
  throw new ToolError('UNAUTHENTICATED', 'Sign in to hold seats: holds belong to the traveller who made them', {
    hint: 'Send the traveller\'s API key or token in the Authorization header.',
  });
}

/** The holder, when the caller is one: whose held seats a checkout by this caller includes. */
export function seatHolderOrNull(ctx: ToolContext): string | null {
  return principalUserId(ctx.principal) ?? null;
}
