import { fromMinor } from '../_kit/money.js';
import type { GiveBack } from './refund.js';

/** What an error says once its payment was given back: refunded, or never charged. */
export function giveBackNote(back: GiveBack, currency: string): { text: string; details: Record<string, unknown> } {
  return back.refundedMinor > 0
    ? { text: 'Your payment has been refunded in full.', details: { payment_refunded: true, refunded: fromMinor(back.refundedMinor, currency) } }
    : { text: 'Your card was not charged: the hold on it has been released.', details: { card_charged: false, authorization_released: fromMinor(back.releasedMinor, currency) } };
}
