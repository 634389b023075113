import { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import type { Tier } from '../_kit/principal.js';
import { isProviderError, providerToolError } from '../_kit/provider-error.js';
import { applyPlanCheckout, PLAN_METADATA, PLAN_PRICES, PLAN_PURPOSE } from './plan-checkout-apply.js';
import { TierSchema } from './schemas.js';

// Choosing a plan with billing: with live Stripe (STRIPE_SECRET_KEY) a paid plan opens a
// Stripe Checkout Session and the plan moves when it is paid (the return check below, or
// the checkout.session.completed webhook); otherwise, and for the free plan, the change is
// recorded at once exactly as account.change_plan does.

const Answer = z.object({
  state: z.enum(['changed', 'checkout', 'open', 'expired', 'unpaid']).describe('changed: the plan moved; checkout: pay at checkout_url first; open/expired/unpaid: the checkout is not paid (yet).'),
  tier: TierSchema.describe('The plan asked for.'),
  checkout_url: z.string().nullable().describe('Stripe Checkout page to pay on (state checkout).'),
  session_id: z.string().nullable().describe('The Checkout Session id (cs_...).'),
  changed_at: z.string().nullable(),
});

const CHECKOUT_RETURN = '/dashboard?checkout_session={CHECKOUT_SESSION_ID}';

async function stripeCall<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isProviderError(err)) throw providerToolError(err);
    throw err;
  }
}

export const planCheckoutTool = defineTool({
  name: 'account.plan_checkout',
  title: 'Choose a plan (with Stripe Checkout)',
  description:
    'Moves the caller to a plan, paying for it when billing is on: with Stripe configured, a paid plan (pro, business) answers state "checkout" ' +
    'with a Stripe Checkout URL and the plan changes once that checkout is paid; the free plan, or any plan when Stripe is not configured, changes at once (state "changed").',
  area: 'Account',
  input: z.object({ tier: TierSchema }),
  output: Answer,
  errors: ['UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/account/plan/checkout' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, undefined);
    const tier = input.tier as Tier;
    const cards = ctx.services.providers.cards;
    if (tier === 'free' || cards.mode !== 'live') {
      const change = await ctx.services.identity.changePlan(userId, tier, userId);
      return { state: 'changed' as const, tier, checkout_url: null, session_id: null, changed_at: change.changedAt };
    }
    const price = PLAN_PRICES[tier];
    const base = ctx.call?.baseUrl ?? '';
    const session = await stripeCall(() => cards.createCheckoutSession({
      amountMinor: price.amountMinor, currency: price.currency, productName: price.name,
      successUrl: `${base}${CHECKOUT_RETURN}`, cancelUrl: `${base}/dashboard?checkout=cancelled`,
      clientReferenceId: userId,
      metadata: { [PLAN_METADATA.purpose]: PLAN_PURPOSE, [PLAN_METADATA.userId]: userId, [PLAN_METADATA.tier]: tier },
      // One session per user, plan and request: a double click opens one checkout.
      idempotencyKey: `plan:${userId}:${tier}:${ctx.call?.idempotencyKey ?? ctx.requestId}`,
    }, ctx.signal));
    return { state: 'checkout' as const, tier, checkout_url: session.url, session_id: session.id, changed_at: null };
  },
});

export const planCheckoutFinishTool = defineTool({
  name: 'account.plan_checkout_finish',
  title: 'Finish a plan checkout',
  description:
    'Checks a plan Checkout Session with Stripe after the customer returns from it: when it is complete and paid for the plan\'s price, the plan changes (state "changed"); ' +
    'otherwise the state says why not (open, expired, unpaid). A session opened by someone else is not found.',
  area: 'Account',
  input: z.object({ session_id: z.string().trim().regex(/^cs_[A-Za-z0-9_]+$/, 'A Stripe Checkout Session id (cs_...)') }),
  output: Answer,
  errors: ['NOT_FOUND', 'UNPROCESSABLE', 'UPSTREAM_FAILED', 'UPSTREAM_TIMEOUT', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'book'],
  rest: { method: 'POST', path: '/api/account/plan/checkout/{session_id}' },
  mcp: false,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, undefined);
    const notFound = () => new ToolError('NOT_FOUND', 'No plan checkout with this id');
    const session = await stripeCall(() => ctx.services.providers.cards.retrieveCheckoutSession(input.session_id, ctx.signal).catch((err: unknown) => {
      throw isProviderError(err) && err.kind === 'not_found' ? notFound() : err;
    }));
    // Another user's session answers exactly like an unknown one.
    if (session.clientReferenceId !== userId) throw notFound();
    const outcome = await applyPlanCheckout(ctx.services, session);
    if (outcome.state === 'not_plan') throw notFound();
    const tier = TierSchema.parse(session.metadata[PLAN_METADATA.tier]);
    return { state: outcome.state, tier, checkout_url: outcome.state === 'open' ? session.url : null, session_id: session.id, changed_at: outcome.state === 'changed' ? outcome.changedAt : null };
  },
});
