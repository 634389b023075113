import type { DuffelPaymentInput } from '../../providers/duffel/wire.js';
import { SimFailure, invalid } from './duffel-sim-order-errors.js';

// Reading request bodies the way Duffel does: JSON under `data`, money as decimal
// strings (kept in cents here so sums are exact), and 422s that name the field.

export type Body = Record<string, unknown>;

/** A path segment decoded; a broken escape is just an id nobody knows. */
export function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function isRecord(v: unknown): v is Body {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The `data` object of a request body. */
export function readData(raw: string | undefined): Body {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw ?? '');
  } catch {
    throw new SimFailure(400, { type: 'invalid_request_error', code: 'malformed_json', title: 'Malformed JSON', message: 'The request body is not valid JSON.' });
  }
  const data = isRecord(parsed) ? parsed.data : undefined;
  if (!isRecord(data)) throw invalid('data', '/data', 'the body must be an object under "data"', 'validation_required');
  return data;
}

export function requireString(v: unknown, field: string, pointer: string): string {
  if (v === undefined || v === null || v === '') throw invalid(field, pointer, `${field} is required`, 'validation_required');
  if (typeof v !== 'string') throw invalid(field, pointer, `${field} must be a string`, 'validation_format');
  return v;
}

export const cents = (amount: string): number => Math.round(Number(amount) * 100);
export const money = (c: number): string => (c / 100).toFixed(2);

/** A decimal amount as Duffel writes it ("123.45"), in cents. */
export function readAmount(v: unknown, field: string, pointer: string): number {
  const s = requireString(v, field, pointer);
  if (!/^\d{1,9}(\.\d{1,2})?$/.test(s)) throw invalid(field, pointer, `${field} must be a decimal string such as "123.45"`, 'validation_format');
  return cents(s);
}

export interface ReadPayment {
  type: DuffelPaymentInput['type'];
  cents: number;
  currency: string;
  threeDSecureSessionId: string | null;
}

const PAYMENT_TYPES: readonly DuffelPaymentInput['type'][] = ['balance', 'arc_bsp_cash', 'card'];

export function readPayment(v: unknown, pointer: string): ReadPayment {
  if (!isRecord(v)) throw invalid('payment', pointer, 'a payment must be an object with type, amount and currency', 'validation_required');
  const type = v.type;
  if (typeof type !== 'string' || !(PAYMENT_TYPES as readonly string[]).includes(type)) {
    throw invalid('type', `${pointer}/type`, 'type must be balance, arc_bsp_cash or card', 'validation_format');
  }
  const amount = readAmount(v.amount, 'amount', `${pointer}/amount`);
  const currency = requireString(v.currency, 'currency', `${pointer}/currency`);
  if (!/^[A-Z]{3}$/.test(currency)) throw invalid('currency', `${pointer}/currency`, 'currency must be an ISO 4217 code such as USD', 'validation_format');
  const session = v.three_d_secure_session_id;
  if (type === 'card' && (typeof session !== 'string' || session === '')) {
    throw invalid('three_d_secure_session_id', `${pointer}/three_d_secure_session_id`, 'card payments need a three_d_secure_session_id', 'validation_required');
  }
  return { type: type as ReadPayment['type'], cents: amount, currency, threeDSecureSessionId: typeof session === 'string' && session !== '' ? session : null };
}

/** `[{id, quantity}]` service selections, validated in shape only. */
export function readServiceList(v: unknown, field: string): { id: string; quantity: number }[] {
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw invalid(field, `/${field}`, `${field} must be a list of {id, quantity}`, 'validation_format');
  return v.map((s, i) => {
    const pointer = `/${field}/${i}`;
    if (!isRecord(s)) throw invalid(field, pointer, 'each service must be an object with id and quantity', 'validation_format');
    const id = requireString(s.id, 'id', `${pointer}/id`);
    const quantity = s.quantity;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) throw invalid('quantity', `${pointer}/quantity`, 'quantity must be a whole number of at least 1', 'validation_format');
    return { id, quantity };
  });
}
