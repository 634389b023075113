import type { PrismaClient } from '../db/index.js';

export interface DailyUsage {
  day: string;
  requests: number;
}

/** Requests per key and UTC day. One atomic upsert per request, so concurrent processes never lose a count. */
export class UsageStore {
  constructor(private readonly prisma: PrismaClient) {}

  async record(keyId: string, at: Date): Promise<void> {
    const day = at.toISOString().slice(0, 10);
    await this.prisma.$executeRaw`
      INSERT INTO "api_key_usage" ("key_id", "day", "requests") VALUES (${keyId}, ${day}, 1)
      ON CONFLICT ("key_id", "day") DO UPDATE SET "requests" = "api_key_usage"."requests" + 1`;
    await this.prisma.apiKey.update({ where: { id: keyId }, data: { lastUsedAt: at } }).catch(() => undefined);
  }

  async forKey(keyId: string, days = 30): Promise<DailyUsage[]> {
    const rows = await this.prisma.apiKeyUsage.findMany({ where: { keyId }, orderBy: { day: 'desc' }, take: days, select: { day: true, requests: true } });
    return rows;
  }
}
