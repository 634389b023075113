import type { Services } from '../_kit/context.js';
import type { Tier } from '../_kit/principal.js';
import type { CheckoutSession } from '../_kit/providers.js';

// A paid plan taken through Stripe Checkout: the session carries the user and the tier
// (metadata set by account.plan_checkout), and the plan moves only when Stripe says the
// session is complete and paid. The return-URL check and the checkout.session.completed
// webhook both land here; whichever comes second finds the plan already moved.

/** What one month of each paid plan costs, charged once per Checkout (payment mode). */
export const PLAN_PRICES: Record<Exclude<Tier, 'free'>, { amountMinor: number; currency: string; name: string }> = {
  pro: { amountMinor: 4_900, currency: 'USD', name: 'Deal Engine Pro plan (one month)' },
  business: { amountMinor: 19_900, currency: 'USD', name: 'Deal Engine Business plan (one month)' },
};

export const PLAN_METADATA = { purpose: 'purpose', userId: 'user_id', tier: 'tier' } as const;
export const PLAN_PURPOSE = 'plan';

export type PlanCheckoutOutcome =
  | { state: 'changed'; userId: string; from: Tier; to: Tier; changedAt: string | null }
  | { state: 'open' | 'expired' | 'unpaid' | 'not_plan' };

function paidTier(session: CheckoutSession): Exclude<Tier, 'free'> | null {
  const tier = session.metadata[PLAN_METADATA.tier];
  return tier === 'pro' || tier === 'business' ? tier : null;
}

/** Moves the session's user onto its tier when the session is a paid plan checkout. */
export async function applyPlanCheckout(services: Services, session: CheckoutSession): Promise<PlanCheckoutOutcome> {
  const userId = session.metadata[PLAN_METADATA.userId];
  const tier = paidTier(session);
  if (session.metadata[PLAN_METADATA.purpose] !== PLAN_PURPOSE || !userId || !tier || session.clientReferenceId !== userId) return { state: 'not_plan' };
  if (session.status === 'expired') return { state: 'expired' };
  if (session.status !== 'complete') return { state: 'open' };
  if (session.paymentStatus !== 'paid') return { state: 'unpaid' };
  // The amount paid must be the plan's price: a session opened for another amount buys nothing.
  const price = PLAN_PRICES[tier];
  if (session.amountMinor !== price.amountMinor || session.currency !== price.currency) return { state: 'unpaid' };
  const current = await services.identity.userTier(userId);
  if (current === tier) return { state: 'changed', userId, from: current, to: tier, changedAt: null };
  const change = await services.identity.changePlan(userId, tier, `stripe:${session.id}`);
  return { state: 'changed', userId, from: change.from, to: change.to, changedAt: change.changedAt };
}
