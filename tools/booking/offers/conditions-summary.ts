import type { FareConditions, Money } from '../../_kit/providers.js';
import { minorDigits } from '../../_kit/money.js';

// One human line about refunds and changes, for a fare page or a model's answer.

function price(m: Money): string {
  return `${m.amount.toFixed(minorDigits(m.currency))} ${m.currency}`;
}

function part(what: 'Refund' | 'Changes', allowed: boolean | null, penalty: Money | null | undefined): string {
  if (allowed === null) return `${what === 'Refund' ? 'Refund' : 'Change'} policy not stated by the airline`;
  if (!allowed) return what === 'Refund' ? 'Not refundable' : 'Changes not allowed';
  const verb = what === 'Refund' ? 'Refundable' : 'Changes allowed';
  if (!penalty) return `${verb} (fee not stated)`;
  return penalty.amount === 0 ? `${verb} free of charge` : `${verb} for a fee of ${price(penalty)}`;
}

/** e.g. "Not refundable; changes allowed for a fee of 150.00 USD, before departure." */
export function conditionsSummary(c: FareConditions | undefined): string {
  const refund = part('Refund', c?.refundable ?? null, c?.refundPenalty);
  const change = part('Changes', c?.changeable ?? null, c?.changePenalty);
  return `${refund}; ${change.charAt(0).toLowerCase()}${change.slice(1)}, before departure.`;
}
