import { z } from 'zod';
import { Prisma } from '../../prisma/generated/client.js';
import type { LoyaltyNumber, TravelerRecord, TravelerStore } from '../../tools/travelers/traveler-store.js';
import type { PrismaClient } from './app-database.js';

// Traveler profiles on PostgreSQL / PGlite. The upsert is one INSERT … ON CONFLICT
// on the unique (user_id, first_name, last_name, dob) key, so any number of
// concurrent identical saves leave exactly one row. Ids are compared as text.

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** The columns a caller may see: never the sealed values themselves. */
const COLUMNS = Prisma.raw(`
  id, user_id, first_name, last_name, dob, email, phone, gender,
  passport_number_enc IS NOT NULL AS has_passport_number, passport_last4, passport_country, passport_expiry,
  known_traveler_enc IS NOT NULL AS has_known_traveler_number, loyalty,
  to_char(created_at, ${ISO_TS}) AS created_at, to_char(updated_at, ${ISO_TS}) AS updated_at`);

interface Row {
  id: string;
  user_id: string;
  first_name: string;
  last_name: string;
  dob: string;
  email: string | null;
  phone: string | null;
  gender: string | null;
  has_passport_number: boolean;
  passport_last4: string | null;
  passport_country: string | null;
  passport_expiry: string | null;
  has_known_traveler_number: boolean;
  loyalty: unknown;
  created_at: string;
  updated_at: string;
}

const loyaltyNumber = z.object({ program: z.string(), number: z.string() });

/** Keeps the well-formed entries of the `loyalty` column (raw SQL may hand it over as text). */
function loyaltyOf(value: unknown): LoyaltyNumber[] {
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (!Array.isArray(parsed)) return [];
  return parsed.flatMap((item: unknown) => {
    const parsed = loyaltyNumber.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function toRecord(r: Row): TravelerRecord {
  return {
    id: r.id,
    userId: r.user_id,
    firstName: r.first_name,
    lastName: r.last_name,
    dob: r.dob,
    email: r.email,
    phone: r.phone,
    gender: r.gender,
    hasPassportNumber: r.has_passport_number,
    passportLast4: r.passport_last4,
    passportCountry: r.passport_country,
    passportExpiry: r.passport_expiry,
    hasKnownTravelerNumber: r.has_known_traveler_number,
    loyalty: loyaltyOf(r.loyalty),
    createdAt: r.created_at,
    updatedAt: r.updated_at,
  };
}

/** `column = EXCLUDED.column` when the write gives the field, else the stored value stays. */
const keepUnless = (given: boolean, column: string) =>
  Prisma.sql`CASE WHEN ${given}::boolean THEN EXCLUDED.${Prisma.raw(column)} ELSE traveler_profiles.${Prisma.raw(column)} END`;

export function createTravelerStore(prisma: PrismaClient): TravelerStore {
  return {
    async list(userId) {
      const rows = await prisma.$queryRaw<Row[]>`
        SELECT ${COLUMNS} FROM traveler_profiles WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`;
      return rows.map(toRecord);
    },

    async upsert(w, newId, now) {
      const passport = w.passport ?? null;
      const passportGiven = w.passport !== undefined;
      const loyaltyGiven = w.loyalty !== undefined;
      const rows = await prisma.$queryRaw<Row[]>`
        INSERT INTO traveler_profiles (id, user_id, first_name, last_name, dob, email, phone, gender,
          passport_number_enc, passport_last4, passport_country, passport_expiry, known_traveler_enc, loyalty, created_at, updated_at)
        VALUES (${newId}, ${w.userId}, ${w.firstName}, ${w.lastName}, ${w.dob}, ${w.email ?? null}, ${w.phone ?? null}, ${w.gender ?? null},
          ${passport?.numberSealed ?? null}, ${passport?.last4 ?? null}, ${passport?.country ?? null}, ${passport?.expiry ?? null},
          ${w.knownTravelerSealed ?? null}, ${JSON.stringify(w.loyalty ?? [])}::jsonb, ${now}, ${now})
        ON CONFLICT (user_id, first_name, last_name, dob) DO UPDATE SET
          email = ${keepUnless(w.email !== undefined, 'email')},
          phone = ${keepUnless(w.phone !== undefined, 'phone')},
          gender = ${keepUnless(w.gender !== undefined, 'gender')},
          passport_number_enc = ${keepUnless(passportGiven, 'passport_number_enc')},
          passport_last4 = ${keepUnless(passportGiven, 'passport_last4')},
          passport_country = ${keepUnless(passportGiven, 'passport_country')},
          passport_expiry = ${keepUnless(passportGiven, 'passport_expiry')},
          known_traveler_enc = ${keepUnless(w.knownTravelerSealed !== undefined, 'known_traveler_enc')},
          loyalty = ${keepUnless(loyaltyGiven, 'loyalty')},
          updated_at = EXCLUDED.updated_at
        RETURNING ${COLUMNS}`;
      const row = rows[0];
      if (!row) throw new Error('traveler upsert returned no row');
      return toRecord(row);
    },

    async remove(userId, id) {
      const count = await prisma.$executeRaw`DELETE FROM traveler_profiles WHERE id = ${id} AND user_id = ${userId}`;
      return count > 0;
    },
  };
}
