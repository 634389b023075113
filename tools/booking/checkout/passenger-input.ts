import { z } from 'zod';
import { ToolError, type ValidationIssue } from '../../_kit/errors.js';
import type { OfferPassenger, OrderPassengerInput } from '../../_kit/providers.js';
import type { BookingPassengerRecord } from '../store.js';

// The traveller details a booking needs, as callers send them (snake_case), and
// their fitting onto the offer's passenger slots.

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD').refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a real date');

export const LoyaltyAccountInput = z.strictObject({
  airline_iata_code: z.string().regex(/^[A-Z0-9]{2}$/, 'Two-character IATA airline code'),
  account_number: z.string().trim().min(1).max(40),
});

export const PassengerDetailsInput = z
  .strictObject({
    id: z.string().min(1).max(100).optional().describe("The offer's passenger slot id (pas_...). Omitted: slots are filled in order, adults first."),
    type: z.enum(['adult', 'child', 'infant_without_seat']).optional().describe('Used to fit passengers onto slots when ids are omitted.'),
    title: z.enum(['mr', 'ms', 'mrs', 'miss', 'dr']),
    gender: z.enum(['m', 'f']),
    given_name: z.string().trim().min(1).max(60),
    family_name: z.string().trim().min(1).max(60),
    born_on: isoDate,
    email: z.email().max(200),
    phone_number: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number, e.g. +442080160509'),
    loyalty_programme_accounts: z.array(LoyaltyAccountInput).max(5).optional().describe('Frequent flyer numbers to credit this trip to.'),
    passport: z
      .strictObject({ number: z.string().trim().min(3).max(20), issuing_country_code: z.string().regex(/^[A-Z]{2}$/), expires_on: isoDate })
      .optional(),
    infant_passenger_id: z.string().min(1).max(100).optional().describe('For an adult travelling with an infant: the infant slot id.'),
  })
  .describe('One traveller, as the airline will ticket them.');

export type PassengerDetails = z.output<typeof PassengerDetailsInput>;

const TYPE_ORDER: Record<OfferPassenger['type'], number> = { adult: 0, child: 1, infant_without_seat: 2 };

/**
 * Fits the travellers onto the offer's slots: by id when given, otherwise in
 * order by type. A count or id that does not fit is a 422 naming the field, as is
 * a missing passport when the airline needs identity documents (international trips).
 */
export function fitPassengers(details: readonly PassengerDetails[], slots: readonly OfferPassenger[], field = 'passengers', passportRequired = false): OrderPassengerInput[] {
  const issues: ValidationIssue[] = [];
  if (passportRequired) {
    details.forEach((d, i) => {
      if (!d.passport) issues.push({ loc: ['body', field, i, 'passport'], msg: 'This trip crosses a border: the airline needs each passenger\'s passport (number, issuing_country_code, expires_on)', type: 'missing' });
    });
    if (issues.length) throw new ToolError('VALIDATION_FAILED', 'Passport details are required for this trip', { issues });
  }
  if (details.length !== slots.length) {
    issues.push({ loc: ['body', field], msg: `The offer is for ${slots.length} passenger(s); ${details.length} given`, type: 'value_error' });
    throw new ToolError('VALIDATION_FAILED', 'Passengers do not match the offer', { issues });
  }
  const free = [...slots].sort((a, b) => TYPE_ORDER[a.type] - TYPE_ORDER[b.type]);
  const taken = new Set<string>();
  const pick = (d: PassengerDetails, i: number): string | undefined => {
    if (d.id !== undefined) {
      if (!slots.some((s) => s.id === d.id)) issues.push({ loc: ['body', field, i, 'id'], msg: `No passenger ${d.id} in this offer`, type: 'value_error' });
      else if (taken.has(d.id)) issues.push({ loc: ['body', field, i, 'id'], msg: `Passenger ${d.id} is given twice`, type: 'value_error' });
      return d.id;
    }
    const slot = free.find((s) => !taken.has(s.id) && !details.some((o) => o.id === s.id) && (d.type === undefined || s.type === d.type));
    if (!slot) issues.push({ loc: ['body', field, i], msg: 'No passenger slot of this type is left in the offer', type: 'value_error' });
    return slot?.id;
  };
  const fitted = details.map((d, i) => {
    const id = pick(d, i);
    if (id) taken.add(id);
    return { d, id: id ?? '' };
  });
  if (issues.length) throw new ToolError('VALIDATION_FAILED', 'Passengers do not match the offer', { issues });
  return fitted.map(({ d, id }) => ({
    id,
    title: d.title,
    gender: d.gender,
    givenName: d.given_name,
    familyName: d.family_name,
    bornOn: d.born_on,
    email: d.email,
    phoneNumber: d.phone_number,
    ...(d.loyalty_programme_accounts ? { loyaltyAccounts: d.loyalty_programme_accounts.map((a) => ({ airlineIataCode: a.airline_iata_code, accountNumber: a.account_number })) } : {}),
    ...(d.passport ? { identityDocument: { type: 'passport' as const, number: d.passport.number, issuingCountryCode: d.passport.issuing_country_code, expiresOn: d.passport.expires_on } } : {}),
    ...(d.infant_passenger_id ? { infantPassengerId: d.infant_passenger_id } : {}),
  }));
}

/** What we keep of a traveller: names and loyalty numbers, no contact or document data. */
export function passengerRecords(passengers: readonly OrderPassengerInput[], slots: readonly OfferPassenger[]): BookingPassengerRecord[] {
  return passengers.map((p) => ({
    slotId: p.id,
    givenName: p.givenName,
    familyName: p.familyName,
    type: slots.find((s) => s.id === p.id)?.type ?? null,
    ...(p.loyaltyAccounts ? { loyaltyAccounts: p.loyaltyAccounts } : {}),
  }));
}
