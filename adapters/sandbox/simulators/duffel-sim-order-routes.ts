import type { HttpRequest } from '../../providers/http/transport.js';
import { confirmCancellation, createCancellation, getCancellation } from './duffel-sim-cancel.js';
import { confirmOrderChange, createChangeRequest, createOrderChange, getChangeOffer, getChangeRequest, getOrderChange } from './duffel-sim-changes.js';
import type { SimCtx, SimResult } from './duffel-sim-context.js';
import { safeDecode } from './duffel-sim-input.js';
import { listOrders } from './duffel-sim-order-list.js';
import { addServices, availableServices, createOrder, getOrder, payOrder } from './duffel-sim-orders.js';
import { confirmPaymentIntent, createPaymentIntent, createThreeDSecureSession, getPaymentIntent } from './duffel-sim-payments.js';

// The order life cycle's routes: method, path pattern (one capture: the id) and handler.

type Handler = (ctx: SimCtx, req: HttpRequest, id: string) => Promise<SimResult>;

interface Route {
  method: HttpRequest['method'];
  pattern: RegExp;
  run: Handler;
}

const ID = '([^/]+)';
const route = (method: HttpRequest['method'], path: string, run: Handler): Route => ({ method, pattern: new RegExp(`^${path.replace('{id}', ID)}$`), run });

const ROUTES: readonly Route[] = [
  route('POST', '/air/orders', (ctx, req) => createOrder(ctx, req.body)),
  route('GET', '/air/orders', (ctx, req) => listOrders(ctx, req.query ?? {})),
  route('GET', '/air/orders/{id}', (ctx, _req, id) => getOrder(ctx, id)),
  route('GET', '/air/orders/{id}/available_services', (ctx, _req, id) => availableServices(ctx, id)),
  route('POST', '/air/orders/{id}/services', (ctx, req, id) => addServices(ctx, id, req.body)),
  route('POST', '/air/payments', (ctx, req) => payOrder(ctx, req.body)),
  route('POST', '/air/order_cancellations', (ctx, req) => createCancellation(ctx, req.body)),
  route('GET', '/air/order_cancellations/{id}', (ctx, _req, id) => getCancellation(ctx, id)),
  route('POST', '/air/order_cancellations/{id}/actions/confirm', (ctx, _req, id) => confirmCancellation(ctx, id)),
  route('POST', '/air/order_change_requests', (ctx, req) => createChangeRequest(ctx, req.body)),
  route('GET', '/air/order_change_requests/{id}', (ctx, _req, id) => getChangeRequest(ctx, id)),
  route('GET', '/air/order_change_offers/{id}', (ctx, _req, id) => getChangeOffer(ctx, id)),
  route('POST', '/air/order_changes', (ctx, req) => createOrderChange(ctx, req.body)),
  route('GET', '/air/order_changes/{id}', (ctx, _req, id) => getOrderChange(ctx, id)),
  route('POST', '/air/order_changes/{id}/actions/confirm', (ctx, req, id) => confirmOrderChange(ctx, id, req.body)),
  route('POST', '/payments/payment_intents', (ctx, req) => createPaymentIntent(ctx, req.body)),
  route('GET', '/payments/payment_intents/{id}', (ctx, _req, id) => getPaymentIntent(ctx, id)),
  route('POST', '/payments/payment_intents/{id}/actions/confirm', (ctx, _req, id) => confirmPaymentIntent(ctx, id)),
  route('POST', '/payments/three_d_secure_sessions', (ctx, req) => createThreeDSecureSession(ctx, req.body)),
];

/** The handler call for a request, or null when no order route matches. */
export function matchOrderRoute(req: HttpRequest, path: string): ((ctx: SimCtx) => Promise<SimResult>) | null {
  for (const r of ROUTES) {
    if (r.method !== req.method) continue;
    const m = r.pattern.exec(path);
    if (m) return (ctx) => r.run(ctx, req, safeDecode(m[1] ?? ''));
  }
  return null;
}
