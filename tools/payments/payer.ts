import { createHash, timingSafeEqual } from 'node:crypto';
import type { Principal } from '../_kit/principal.js';
import type { PaymentRecord } from './payment-store.js';

// Who may spend a payment: the user who opened it; for a guest, whoever holds the
// intent's client_secret (only the payer's browser has it); for one the service
// back end opened, the back end. The back end (internal key) may spend any
// payment, as it acts for every user. Admins may see everything but never spend
// someone else's money.

export function secretHash(clientSecret: string): string {
  return createHash('sha256').update(clientSecret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && timingSafeEqual(x, y);
}

export function payerOf(principal: Principal, clientSecret: string | null): Pick<PaymentRecord, 'payerUserId' | 'payerSecretHash' | 'openedBy'> {
  if (principal.kind === 'user' || principal.kind === 'admin') return { payerUserId: principal.userId, payerSecretHash: null, openedBy: 'user' };
  if (principal.kind === 'internal') return { payerUserId: null, payerSecretHash: null, openedBy: 'internal' };
  return { payerUserId: null, payerSecretHash: clientSecret ? secretHash(clientSecret) : null, openedBy: 'guest' };
}

export function mayPay(principal: Principal, payment: PaymentRecord, clientSecret: string | undefined): boolean {
  if (principal.kind === 'internal') return true;
  if (payment.openedBy === 'user') return (principal.kind === 'user' || principal.kind === 'admin') && principal.userId === payment.payerUserId;
  if (payment.openedBy === 'guest') return !!clientSecret && !!payment.payerSecretHash && sameHash(secretHash(clientSecret), payment.payerSecretHash);
  return false;
}
