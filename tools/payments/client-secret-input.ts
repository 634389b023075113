import { z } from 'zod';

/** The field every REST route that spends a card payment takes besides its id. */
export const paymentClientSecret = z
  .string()
  .trim()
  .min(1)
  .max(300)
  .optional()
  .describe("The payment intent's client_secret. Required when the payment was opened without signing in (a guest): it proves the caller is the payer. A signed-in payer need not send it.");
