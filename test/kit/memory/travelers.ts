import type { SealedPassport, TravelerRecord, TravelerStore, TravelerWrite } from '../../../tools/travelers/traveler-store.js';

interface Row {
  record: TravelerRecord;
  passport: SealedPassport | null;
  knownTravelerSealed: string | null;
}

/** Profiles keyed on (user, first name, last name, dob) like the unique index; sealed values are kept but never handed back. */
export function memoryTravelers(): TravelerStore & { sealedOf(id: string): { passport: string | null; knownTraveler: string | null } | null } {
  const rows: Row[] = [];
  const view = (r: Row): TravelerRecord => structuredClone(r.record);
  return {
    async list(userId) {
      return rows
        .filter((r) => r.record.userId === userId)
        .sort((a, b) => b.record.createdAt.localeCompare(a.record.createdAt) || b.record.id.localeCompare(a.record.id))
        .map(view);
    },
    async upsert(w: TravelerWrite, newId, now) {
      let row = rows.find((r) => r.record.userId === w.userId && r.record.firstName === w.firstName && r.record.lastName === w.lastName && r.record.dob === w.dob);
      const at = now.toISOString();
      if (!row) {
        row = {
          record: { id: newId, userId: w.userId, firstName: w.firstName, lastName: w.lastName, dob: w.dob, email: null, phone: null, gender: null, hasPassportNumber: false, passportLast4: null, passportCountry: null, passportExpiry: null, hasKnownTravelerNumber: false, loyalty: [], createdAt: at, updatedAt: at },
          passport: null,
          knownTravelerSealed: null,
        };
        rows.push(row);
      }
      // undefined keeps what is stored, null clears it (TravelerWrite's contract).
      const r = row.record;
      if (w.email !== undefined) r.email = w.email;
      if (w.phone !== undefined) r.phone = w.phone;
      if (w.gender !== undefined) r.gender = w.gender;
      if (w.passport !== undefined) row.passport = w.passport ? { ...w.passport } : null;
      if (w.knownTravelerSealed !== undefined) row.knownTravelerSealed = w.knownTravelerSealed;
      if (w.loyalty !== undefined) r.loyalty = structuredClone(w.loyalty ?? []);
      r.hasPassportNumber = row.passport !== null;
      r.passportLast4 = row.passport?.last4 ?? null;
      r.passportCountry = row.passport?.country ?? null;
      r.passportExpiry = row.passport?.expiry ?? null;
      r.hasKnownTravelerNumber = row.knownTravelerSealed !== null;
      r.updatedAt = at;
      return view(row);
    },
    async remove(userId, id) {
      const i = rows.findIndex((r) => r.record.id === id && r.record.userId === userId);
      if (i < 0) return false;
      rows.splice(i, 1);
      return true;
    },
    /** For tests: what is stored sealed (the store never returns it to tools). */
    sealedOf(id) {
      const row = rows.find((r) => r.record.id === id);
      return row ? { passport: row.passport?.numberSealed ?? null, knownTraveler: row.knownTravelerSealed } : null;
    },
  };
}
