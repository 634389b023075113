import type { PaymentPurpose } from '../payments/index.js';

// What a car card payment is opened for: the payments module refuses to spend a
// fee paid for one rate (or a flight fare of the same amount) on another rental.

export const CAR_PURPOSE = { legacy: 'car_service_fee', partner: 'car_partner_rental' } as const satisfies Record<string, PaymentPurpose>;
