import { z } from 'zod';
import type { ProviderPaymentIntent } from '../../_kit/providers.js';

const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

export const ProviderPaymentIntentView = z.object({
  id: z.string(),
  status: z.string(),
  client_token: z.string().nullable().describe("For the flight provider's card component in the browser."),
  amount: MoneyOut,
  fees: MoneyOut.nullable(),
  net: MoneyOut.nullable(),
  created_at: z.string(),
});

export function providerPaymentIntentView(p: ProviderPaymentIntent): z.output<typeof ProviderPaymentIntentView> {
  return { id: p.id, status: p.status, client_token: p.clientToken, amount: p.amount, fees: p.fees, net: p.net, created_at: p.createdAt };
}
