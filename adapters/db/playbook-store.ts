import { z } from 'zod';
import { CABIN_CLASSES } from '../../tools/_kit/providers.js';
import { SELF_CONNECT_RISKS, type PlaybookData, type PlaybookStore, type ProgramBalance, type StoredPlaybook } from '../../tools/playbook/playbook-store.js';
import type { PrismaClient } from './app-database.js';

// Playbooks in the `playbooks` table, one row per user (user_id is the key).

/** First key of the advisory lock that serialises one user's playbook changes (ASCII "plbk"). */
const PLAYBOOK_LOCK = 0x706c626b;

interface PlaybookRow {
  userId: string;
  homeAirports: string[];
  preferredAirlines: string[];
  avoidedAirlines: string[];
  cabin: string;
  programs: unknown;
  minCpp: number;
  selfConnectRisk: string;
  updatedAt: Date;
}

const programBalance = z.object({ program: z.string(), balance: z.number() });

/** Keeps the well-formed entries of the `programs` column; anything else reads as no programs. */
function programsOf(json: unknown): ProgramBalance[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((p: unknown) => {
    const parsed = programBalance.safeParse(p);
    return parsed.success ? [parsed.data] : [];
  });
}

// Rows are only written through save(), so unexpected values mean a hand edit: fall back to the conservative ones.
const cabin = z.enum(CABIN_CLASSES).catch('economy');
const risk = z.enum(SELF_CONNECT_RISKS).catch('avoid');

function toStored(row: PlaybookRow): StoredPlaybook {
  return {
    userId: row.userId,
    homeAirports: row.homeAirports,
    preferredAirlines: row.preferredAirlines,
    avoidedAirlines: row.avoidedAirlines,
    cabin: cabin.parse(row.cabin),
    programs: programsOf(row.programs),
    minCpp: row.minCpp,
    selfConnectRisk: risk.parse(row.selfConnectRisk),
    updatedAt: row.updatedAt,
  };
}

function columns(data: PlaybookData) {
  return {
    homeAirports: data.homeAirports,
    preferredAirlines: data.preferredAirlines,
    avoidedAirlines: data.avoidedAirlines,
    cabin: data.cabin,
    programs: data.programs.map((p) => ({ program: p.program, balance: p.balance })),
    minCpp: data.minCpp,
    selfConnectRisk: data.selfConnectRisk,
  };
}

export function createPlaybookStore(prisma: PrismaClient): PlaybookStore {
  return {
    async find(userId) {
      const row = await prisma.playbook.findUnique({ where: { userId } });
      return row ? toStored(row) : null;
    },

    async save(userId, data) {
      // A single-model upsert keyed on the primary key, with no nested writes, runs as
      // one INSERT … ON CONFLICT (user_id) DO UPDATE: two concurrent saves cannot both insert.
      const row = await prisma.playbook.upsert({
        where: { userId },
        create: { userId, ...columns(data) },
        update: columns(data),
      });
      return toStored(row);
    },

    async update(userId, change) {
      return prisma.$transaction(async (tx) => {
        // The row may not exist yet, so SELECT … FOR UPDATE cannot serialise the first
        // two changes; a transaction-scoped advisory lock on the user can.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${PLAYBOOK_LOCK}::int, hashtext(${userId}))`;
        const row = await tx.playbook.findUnique({ where: { userId } });
        const next = columns(change(row ? toStored(row) : null));
        return toStored(await tx.playbook.upsert({ where: { userId }, create: { userId, ...next }, update: next }));
      });
    },
  };
}
