import express, { type Request, type RequestHandler, type Response, type Router } from 'express';
import type { Services } from '../../../tools/_kit/context.js';
import { ToolError, toToolError } from '../../../tools/_kit/errors.js';
import type { Logger } from '../../../tools/_kit/ports.js';
import { isProviderError } from '../../../tools/_kit/provider-error.js';
import type { CardWebhookEvent } from '../../../tools/_kit/providers.js';
import { applyCardEvent } from '../../../tools/booking/card-events.js';
import { applyPlanCheckoutEvent } from '../../../tools/account/plan-checkout-event.js';
import { bodyErrors } from '../../rest/body-errors.js';
import { httpError } from '../error-response.js';

// Stripe's webhook receiver. It is an adapter, not a tool, because the signature
// covers the exact bytes Stripe sent: the body is read raw here, before the
// global JSON parser could re-serialize it. Anything but a 2xx makes Stripe
// retry, so a redelivered event is answered 200 too.

export const STRIPE_WEBHOOK_PATH = '/api/webhooks/stripe';

function send(res: Response, err: ToolError): void {
  const { status, body } = httpError(err, res.req.id);
  res.status(status).json(body);
}

/** The verified event, or the answer already sent when there is none. */
function verify(services: Services, req: Request, res: Response, log: Logger): CardWebhookEvent | undefined {
  const header = req.get('stripe-signature');
  if (!header) {
    send(res, new ToolError('BAD_REQUEST', 'Missing Stripe-Signature header', { hint: 'Only Stripe calls this route, and it signs every delivery.' }));
    return undefined;
  }
  // No body at all is still checked: its signature cannot match, which gives the same 400.
  const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
  try {
    return services.providers.cards.verifyWebhook(raw, header);
  } catch (err) {
    if (!isProviderError(err)) throw err;
    if (err.kind === 'auth') {
      // Our misconfiguration, not the sender's: a 5xx keeps Stripe retrying until the secret is set.
      log.error({ err }, 'stripe webhook received but no webhook secret is configured');
      send(res, new ToolError('UNAVAILABLE', 'Stripe webhooks are not configured on this server', { hint: 'Set STRIPE_WEBHOOK_SECRET to the endpoint signing secret.' }));
      return undefined;
    }
    log.warn({ reason: err.code }, 'stripe webhook refused');
    send(res, new ToolError('BAD_REQUEST', 'Stripe-Signature does not verify for this body', { details: { reason: err.code ?? err.kind } }));
    return undefined;
  }
}

async function receive(services: Services, req: Request, res: Response): Promise<void> {
  const log = req.log as Logger;
  try {
    const event = verify(services, req, res, log);
    if (!event) return;
    const { applied } = await applyCardEvent(services, event, log);
    // Only a first delivery moves a plan, so a redelivery cannot undo a later downgrade.
    if (applied && event.type === 'checkout.session.completed') await applyPlanCheckoutEvent(services, event, log);
    log.info({ event_id: event.id, event_type: event.type, applied }, 'stripe webhook');
    res.status(200).json({ received: true, applied });
  } catch (err) {
    const toolErr = toToolError(err);
    if (toolErr.code === 'INTERNAL') log.error({ err }, 'stripe webhook failed');
    else log.warn({ err: toolErr.message, details: toolErr.details }, 'stripe webhook not applied');
    send(res, toolErr);
  }
}

/** POST /api/webhooks/stripe with its own raw-body parser; mount it before the global express.json. */
export function stripeWebhookRouter(services: Services, opts: { bodyLimit: string }): Router {
  const router = express.Router();
  const handle: RequestHandler = (req, res) => receive(services, req, res);
  router.post(
    STRIPE_WEBHOOK_PATH,
    // Every content type is read raw: the signature, not the header, decides what the body is.
    express.raw({ type: () => true, limit: opts.bodyLimit }),
    handle,
    bodyErrors,
  );
  return router;
}
