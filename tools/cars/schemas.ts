import { z } from 'zod';
import { ADD_ON_CODES } from './data/add-ons.js';
import { carListFields } from './search-filters.js';

// The zod shapes car tools share: what callers send and what rates and bookings
// look like when they come back.

const localTime = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'Local time as YYYY-MM-DDTHH:MM')
  .refine((s) => !Number.isNaN(Date.parse(`${s}:00Z`)), 'Not a real date and time');

export const PlaceInputSchema = z
  .union([
    z
      .string()
      .trim()
      .regex(/^[A-Za-z]{3}$/, 'A three-letter IATA airport or city code')
      .transform((s) => s.toUpperCase()),
    z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  ])
  .describe('An IATA airport code (its rental counters), a metro city code (its main airport), or {latitude, longitude}.');

export const CarSearchRequest = z.strictObject({
  pick_up: z.strictObject({ place: PlaceInputSchema, at: localTime.describe('Local time at the pick-up place, YYYY-MM-DDTHH:MM.') }),
  drop_off: z.strictObject({
    place: PlaceInputSchema.optional().describe('Omitted: the pick-up place (a round trip).'),
    at: localTime.describe('Local time at the drop-off place, YYYY-MM-DDTHH:MM.'),
  }),
  driver_age: z.number().int().min(18).max(99).describe('Age of the main driver at pick-up; under 25 usually pays a young-driver surcharge.'),
  residence_country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'ISO 3166-1 alpha-2 country code')
    .transform((s) => s.toUpperCase())
    .default('US')
    .describe("The driver's country of residence."),
  ...carListFields,
});

export const MoneyOut = z.object({ amount: z.number(), currency: z.string() });

const LocationOut = z.object({
  name: z.string(),
  address: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  at: z.string().describe('Local time with its UTC offset.'),
});

export const CarTermsView = z
  .object({
    free_cancellation: z.boolean().nullable().describe('Cancelling now refunds everything; null: the provider states no terms before a quote.'),
    free_cancellation_until: z.string().nullable().describe('Until when (ISO instant) cancelling is free; null: never, or not stated.'),
    fuel_policy: z.enum(['full_to_full', 'full_to_empty']).nullable().describe('full_to_full: return it full; full_to_empty: the first tank is bought at the counter.'),
    cdw_included: z.boolean().nullable().describe('Collision damage waiver included in the price.'),
    theft_protection_included: z.boolean().nullable(),
    excess: MoneyOut.nullable().describe('Left to pay after damage or theft when cover is included.'),
    deposit: MoneyOut.nullable().describe('Held on the driver\'s card at the counter.'),
  })
  .describe('The terms the rate is sold on, as stated at search time (null: not stated).');

export const CarRateView = z.object({
  offer_token: z.string().describe('Pass to cars.payment_intent + cars.book (flow legacy) or cars.quote (flow partner).'),
  supplier: z.string().describe('The rental company, e.g. Hertz.'),
  supplier_logo_url: z.string().nullable(),
  car: z.object({
    name: z.string(),
    acriss: z.string().describe('ACRISS (SIPP) code, e.g. CDMR.'),
    category: z.string(),
    type: z.string(),
    transmission: z.enum(['manual', 'automatic']),
    seats: z.number(),
    bags: z.object({ large: z.number(), small: z.number() }),
    air_conditioning: z.boolean(),
    fuel: z.string().nullable(),
  }),
  mileage: z.union([z.object({ type: z.literal('unlimited') }), z.object({ type: z.literal('limited'), unit: z.enum(['km', 'mi']), limit: z.number() })]),
  payment_type: z.enum(['postpaid', 'guarantee', 'prepaid']).describe('postpaid/guarantee: paid at the counter (legacy flow); prepaid: a partner-rate deal we sell (partner flow).'),
  flow: z.enum(['legacy', 'partner']),
  total: MoneyOut.describe('The rental, for the whole period. Partner flow: our margin is added at quote.'),
  per_day: MoneyOut,
  days: z.number().int(),
  pick_up: LocationOut,
  drop_off: LocationOut,
  expires_at: z.string().nullable(),
  terms: CarTermsView,
});

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD')
  .refine((s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)), 'Not a real date');

export const DriverInput = z
  .strictObject({
    given_name: z.string().trim().min(1).max(60),
    family_name: z.string().trim().min(1).max(60),
    email: z.email().max(200),
    phone_number: z.string().regex(/^\+[1-9]\d{6,14}$/, 'E.164 phone number, e.g. +14155550123'),
    date_of_birth: isoDate,
  })
  .describe('The main driver, as on their licence.');

export type DriverDetails = z.output<typeof DriverInput>;

export const AddOnSelection = z
  .array(z.strictObject({ code: z.enum(ADD_ON_CODES), quantity: z.number().int().min(1).max(3).default(1) }))
  .max(10)
  .default([])
  .refine((list) => new Set(list.map((a) => a.code)).size === list.length, 'Each add-on once; use quantity for more')
  .describe('Legacy flow only: extras such as child_seat, gps, additional_driver, toll_pass, paid with the service fee.');

export const OfferTokenInput = z.string().trim().min(1).max(300).describe('offer_token from cars.search.');

export const CarBookingIdInput = z.string().trim().min(1).max(200).describe('Our booking id (cb_...) or the provider booking id.');
