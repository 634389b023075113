import type { Services } from '../_kit/context.js';
import type { Logger } from '../_kit/ports.js';
import type { CardWebhookEvent } from '../_kit/providers.js';
import { applyPlanCheckout } from './plan-checkout-apply.js';

// checkout.session.completed from Stripe's webhook: the session is read back from Stripe
// (the event's copy is only a hint) and a paid plan checkout moves the plan.

export async function applyPlanCheckoutEvent(services: Services, event: CardWebhookEvent, log: Logger): Promise<void> {
  const id = event.object.id;
  if (typeof id !== 'string' || !id.startsWith('cs_')) return;
  const session = await services.providers.cards.retrieveCheckoutSession(id, AbortSignal.timeout(20_000));
  const outcome = await applyPlanCheckout(services, session);
  if (outcome.state !== 'not_plan') log.info({ session_id: id, state: outcome.state }, 'plan checkout');
}
