import { z } from 'zod';
import type { McpExposure } from '../_kit/define-tool.js';
import { DateOfBirth, Email, Gender, KnownTravelerNumber, LoyaltyList, PassportInput, PersonName, Phone } from './traveler-fields.js';
import type { ListTravelersInput, TravelerInput, TravelerList, TravelerProfile, TravelerProfileOut } from './traveler-schemas.js';

// list_travelers and save_traveler over MCP: camelCase arguments and results like
// the other MCP tools. MCP callers always act for themselves (no user_id).

const McpProfile = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dob: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  gender: z.string().nullable(),
  passport: z.object({ numberMasked: z.string().nullable(), country: z.string().nullable(), expiry: z.string().nullable(), expired: z.boolean() }).nullable(),
  knownTravelerNumberMasked: z.string().nullable(),
  loyalty: z.array(z.object({ program: z.string(), numberMasked: z.string() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});

function toMcpProfile(p: TravelerProfileOut): z.output<typeof McpProfile> {
  return {
    id: p.id,
    firstName: p.first_name,
    lastName: p.last_name,
    dob: p.dob,
    email: p.email,
    phone: p.phone,
    gender: p.gender,
    passport: p.passport
      ? { numberMasked: p.passport.number_masked, country: p.passport.country, expiry: p.passport.expiry, expired: p.passport.expired }
      : null,
    knownTravelerNumberMasked: p.known_traveler_number_masked,
    loyalty: p.loyalty.map((l) => ({ program: l.program, numberMasked: l.number_masked })),
    createdAt: p.created_at,
    updatedAt: p.updated_at,
  };
}

const McpList = z.object({ travelers: z.array(McpProfile).describe('Newest first; numbers masked.') });

export const listTravelersMcp: McpExposure<typeof ListTravelersInput, typeof TravelerList> = {
  name: 'list_travelers',
  annotations: { title: 'List my saved traveler profiles', readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  input: z.object({}),
  toInput: () => ({}),
  output: McpList,
  fromOutput: (out) => ({ travelers: out.travelers.map(toMcpProfile) }),
  list: { field: 'travelers', defaultLimit: 20, maxLimit: 100 },
};

const SaveArgs = z.object({
  firstName: PersonName.describe('As in the passport.'),
  lastName: PersonName.describe('As in the passport.'),
  dob: DateOfBirth,
  email: Email.nullable().optional(),
  phone: Phone.nullable().optional().describe('e.g. +14155550100'),
  gender: Gender.nullable().optional(),
  passport: PassportInput.nullable().optional().describe('Stored encrypted.'),
  knownTravelerNumber: KnownTravelerNumber.nullable().optional(),
  loyalty: LoyaltyList.nullable().optional().describe('Replaces the stored list.'),
});

type SaveArgsOut = z.output<typeof SaveArgs>;

export const saveTravelerMcp: McpExposure<typeof TravelerInput, typeof TravelerProfile> = {
  name: 'save_traveler',
  annotations: { title: 'Save a traveler profile', readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  input: SaveArgs,
  toInput: (raw) => {
    const a = raw as SaveArgsOut;
    return {
      first_name: a.firstName,
      last_name: a.lastName,
      dob: a.dob,
      ...(a.email !== undefined ? { email: a.email } : {}),
      ...(a.phone !== undefined ? { phone: a.phone } : {}),
      ...(a.gender !== undefined ? { gender: a.gender } : {}),
      ...(a.passport !== undefined ? { passport: a.passport } : {}),
      ...(a.knownTravelerNumber !== undefined ? { known_traveler_number: a.knownTravelerNumber } : {}),
      ...(a.loyalty !== undefined ? { loyalty: a.loyalty } : {}),
    };
  },
  output: McpProfile,
  fromOutput: (out) => toMcpProfile(out),
};
