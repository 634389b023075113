import type { PrismaClient } from '../db/index.js';

export interface DailyUsage {
  day: string;
  requests: number;
  /** Requests refused with 429 that day. */
  limited: number;
}

/** Reads requests per key and UTC day (written by UsageMeter). */
export class UsageStore {
  constructor(private readonly prisma: PrismaClient) {}

  async forKey(keyId: string, days = 30): Promise<DailyUsage[]> {
    const rows = await this.prisma.apiKeyUsage.findMany({ where: { keyId }, orderBy: { day: 'desc' }, take: days, select: { day: true, requests: true, limited: true } });
    return rows;
  }
}
