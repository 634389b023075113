import { z } from 'zod';
import { DateOfBirth, Email, Gender, KnownTravelerNumber, LoyaltyList, PassportInput, PersonName, Phone } from './traveler-fields.js';

// TravelerInput and the masked profile every answer shows.

export const ActingUser = z.string().trim().min(1).max(200).optional().describe('Only for the service back end (internal key): whose profiles. Defaults to the caller.');

/** Optional fields: omit to keep what is stored, null to clear it. */
const keepOrClear = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

export const TravelerInput = z.object({
  first_name: PersonName.describe('Given name(s) as in the passport; part of the profile key.'),
  last_name: PersonName.describe('Surname as in the passport; part of the profile key.'),
  dob: DateOfBirth,
  email: keepOrClear(Email),
  phone: keepOrClear(Phone).describe('International format, e.g. +14155550100.'),
  gender: keepOrClear(Gender),
  passport: keepOrClear(PassportInput).describe('Passport; the number is stored encrypted and shown masked.'),
  known_traveler_number: keepOrClear(KnownTravelerNumber),
  loyalty: keepOrClear(LoyaltyList).describe('Frequent-flyer and hotel loyalty numbers, one per programme; replaces the stored list.'),
  user_id: ActingUser,
});

export const MaskedLoyalty = z.object({ program: z.string(), number_masked: z.string() });

export const TravelerProfile = z.object({
  id: z.string().describe('UUID; compared as text.'),
  first_name: z.string(),
  last_name: z.string(),
  dob: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: Gender.nullable(),
  passport: z
    .object({
      number_masked: z.string().nullable().describe('e.g. •••••1234; the full number is never returned.'),
      country: z.string().nullable(),
      expiry: z.string().nullable(),
      expired: z.boolean().describe('The expiry date has passed.'),
    })
    .nullable(),
  known_traveler_number_masked: z.string().nullable().describe('Fully masked (•••••) when set; never returned.'),
  loyalty: z.array(MaskedLoyalty).describe('Numbers masked to their last characters.'),
  created_at: z.string(),
  updated_at: z.string(),
});

export type TravelerProfileOut = z.output<typeof TravelerProfile>;

export const ListTravelersInput = z.object({ user_id: ActingUser });

export const TravelerList = z.object({ travelers: z.array(TravelerProfile).describe('Newest first.') });
