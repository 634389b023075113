import type { PrismaClient } from '../db/index.js';

const FLUSH_EVERY_MS = 2_000;

/**
 * Counts requests per key in memory and adds them to the database every two seconds,
 * one atomic upsert per key and day: a database write per request would cost more
 * than the request. A crash loses at most the last two seconds of counts.
 */
export class UsageMeter {
  private pending = new Map<string, { keyId: string; day: string; count: number; lastAt: Date }>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly prisma: PrismaClient, private readonly onError: (err: unknown) => void = () => {}) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  record(keyId: string, at: Date): void {
    const day = at.toISOString().slice(0, 10);
    const id = `${keyId}|${day}`;
    const entry = this.pending.get(id);
    if (entry) {
      entry.count += 1;
      entry.lastAt = at;
    } else {
      this.pending.set(id, { keyId, day, count: 1, lastAt: at });
    }
  }

  /** Writes what is pending; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending.values()];
    this.pending = new Map();
    for (const { keyId, day, count, lastAt } of batch) {
      try {
        await this.prisma.$executeRaw`
          INSERT INTO "api_key_usage" ("key_id", "day", "requests") VALUES (${keyId}, ${day}, ${count})
          ON CONFLICT ("key_id", "day") DO UPDATE SET "requests" = "api_key_usage"."requests" + ${count}`;
        await this.prisma.apiKey.updateMany({ where: { id: keyId }, data: { lastUsedAt: lastAt } });
      } catch (err) {
        this.onError(err);
      }
    }
  }
}
