import type { AirlineCredit } from '../../../tools/_kit/providers.js';
import { isRecord, malformed, requireString } from './malformed.js';
import { toMoney } from './map-money.js';
import type { DuffelCancellationCredit } from './wire.js';

// Duffel's airline credits of an order cancellation → AirlineCredit. A credit is
// what the customer got back, so one we cannot read fails the call instead of vanishing.

const optionalString = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function mapAirlineCredit(c: DuffelCancellationCredit, where: string): AirlineCredit {
  if (!isRecord(c)) throw malformed(`${where} is not an object`);
  return {
    id: requireString(c.id, `${where} id`),
    code: optionalString(c.credit_code),
    name: optionalString(c.credit_name),
    amount: toMoney(c.credit_amount, c.credit_currency),
    passengerId: optionalString(c.passenger_id),
    issuedOn: optionalString(c.issued_on),
    expiresAt: optionalString(c.expires_at),
  };
}

export function mapAirlineCredits(credits: unknown, cancellationId: string): AirlineCredit[] {
  if (credits === undefined || credits === null) return [];
  if (!Array.isArray(credits)) throw malformed(`cancellation ${cancellationId} airline_credits is not a list`);
  return credits.map((c: DuffelCancellationCredit, i) => mapAirlineCredit(c, `cancellation ${cancellationId} airline credit ${i}`));
}
