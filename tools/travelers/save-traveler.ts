import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import { actingUserId } from '../_kit/acting-user.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import type { ToolContext } from '../_kit/context.js';
import { piiContext } from './pii-cipher.js';
import { TravelerInput, TravelerProfile } from './traveler-schemas.js';
import type { SealedPassport, TravelerWrite } from './traveler-store.js';
import { travelerView, visibleTail } from './traveler-view.js';
import { saveTravelerMcp } from './travelers-mcp.js';

type Input = z.output<typeof TravelerInput>;

function requireCipher(ctx: ToolContext, input: Input): void {
  const sensitive = (input.passport ?? input.known_traveler_number ?? null) !== null;
  if (sensitive && !ctx.services.pii.available) {
    throw new ToolError('UNAVAILABLE', 'Passport and known-traveler numbers cannot be saved: this server has no encryption key; set PII_ENCRYPTION_KEY', {
      hint: 'The operator sets PII_ENCRYPTION_KEY to 32 random bytes in base64 (e.g. `openssl rand -base64 32`). Profiles without these numbers can be saved now.',
    });
  }
}

/** Seals the sensitive numbers; undefined and null pass through (keep / clear). */
function toWrite(ctx: ToolContext, userId: string, input: Input): TravelerWrite {
  const { pii } = ctx.services;
  const passport: SealedPassport | null | undefined = input.passport
    ? {
        numberSealed: pii.encrypt(input.passport.number, piiContext(userId, 'passport_number')),
        last4: visibleTail(input.passport.number),
        country: input.passport.country,
        expiry: input.passport.expiry,
      }
    : input.passport;
  const ktn = input.known_traveler_number;
  return {
    userId,
    firstName: input.first_name,
    lastName: input.last_name,
    dob: input.dob,
    email: input.email,
    phone: input.phone,
    gender: input.gender,
    passport,
    knownTravelerSealed: ktn ? pii.encrypt(ktn, piiContext(userId, 'known_traveler_number')) : ktn,
    loyalty: input.loyalty,
  };
}

export const saveTravelerTool = defineTool({
  name: 'travelers.save',
  title: 'Save a traveler profile',
  description:
    'Creates or updates a saved traveler profile, keyed on first name, last name and date of birth (names are trimmed and compared exactly, case included). ' +
    'Optional fields left out keep their stored value; null clears them. Passport and known-traveler numbers are encrypted at rest and only ever shown masked. ' +
    'Answers the saved profile, masked. Saving a passport or known-traveler number answers 503 when the server has no encryption key.',
  area: 'Traveler profiles',
  input: TravelerInput,
  output: TravelerProfile,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'UNAVAILABLE'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/user/travelers' },
  mcp: saveTravelerMcp,
  handler: async (ctx, input) => {
    const userId = actingUserId(ctx.principal, input.user_id);
    requireCipher(ctx, input);
    const write = toWrite(ctx, userId, input);
    const now = ctx.services.clock();
    try {
      const saved = await ctx.services.travelers.upsert(write, randomUUID(), now);
      return travelerView(saved, now.toISOString().slice(0, 10));
    } catch (err) {
      ctx.log.error({ err, userId }, 'saving a traveler failed');
      throw new ToolError('UNAVAILABLE', 'The traveler profile store is unavailable', { cause: err });
    }
  },
});
