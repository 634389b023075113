import { Prisma } from '../../prisma/generated/client.js';
import type { PrismaClient } from '../db/index.js';

const FLUSH_EVERY_MS = 2_000;

/** One key's day: requests served (`count`) and refused with 429 (`limited`). */
type Pending = { keyId: string; day: string; count: number; limited: number; lastAt: Date };

/**
 * Counts requests per key in memory and adds them to the database every two seconds:
 * a database write per request would cost more than the request. A flush is two
 * statements whatever the number of keys (one upsert of every key and day, one update of
 * every key's last use): with a statement pair per key, 50 busy keys cost the embedded
 * database more CPU than their requests. A crash loses at most the last two seconds.
 */
export class UsageMeter {
  private pending = new Map<string, Pending>();
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();

  constructor(private readonly prisma: PrismaClient, private readonly onError: (err: unknown) => void = () => {}) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  /** `limited`: the request was refused with 429, counted apart so the dashboard can chart it. */
  record(keyId: string, at: Date, limited = false): void {
    const day = at.toISOString().slice(0, 10);
    const id = `${keyId}|${day}`;
    const entry = this.pending.get(id) ?? { keyId, day, count: 0, limited: 0, lastAt: at };
    if (limited) entry.limited += 1;
    else entry.count += 1;
    entry.lastAt = at;
    this.pending.set(id, entry);
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
    try {
      await this.writeAll(batch);
      return;
    } catch {
      // One bad row (a key deleted meanwhile) must not lose the others' counts: retry key by key.
    }
    for (const { keyId, day, count, limited, lastAt } of batch) {
      try {
        await this.prisma.$executeRaw`
          INSERT INTO "api_key_usage" ("key_id", "day", "requests", "limited") VALUES (${keyId}, ${day}, ${count}, ${limited})
          ON CONFLICT ("key_id", "day") DO UPDATE SET "requests" = "api_key_usage"."requests" + ${count}, "limited" = "api_key_usage"."limited" + ${limited}`;
        await this.prisma.apiKey.updateMany({ where: { id: keyId }, data: { lastUsedAt: lastAt } });
      } catch (err) {
        this.onError(err);
      }
    }
  }

  private async writeAll(batch: Pending[]): Promise<void> {
    const lastUse = new Map<string, Date>();
    for (const { keyId, lastAt } of batch) if ((lastUse.get(keyId)?.getTime() ?? -1) < lastAt.getTime()) lastUse.set(keyId, lastAt);
    await this.prisma.$transaction([
      this.prisma.$executeRaw`
        INSERT INTO "api_key_usage" ("key_id", "day", "requests", "limited")
        VALUES ${Prisma.join(batch.map((b) => Prisma.sql`(${b.keyId}, ${b.day}, ${b.count}, ${b.limited})`))}
        ON CONFLICT ("key_id", "day") DO UPDATE SET "requests" = "api_key_usage"."requests" + EXCLUDED."requests", "limited" = "api_key_usage"."limited" + EXCLUDED."limited"`,
      this.prisma.$executeRaw`
        UPDATE "api_keys" AS k SET "last_used_at" = v.at
        FROM (VALUES ${Prisma.join([...lastUse].map(([id, at]) => Prisma.sql`(${id}, CAST(${at.toISOString()} AS timestamp(3)))`))}) AS v(id, at)
        WHERE k."id" = v.id AND (k."last_used_at" IS NULL OR k."last_used_at" < v.at)`,
    ]);
  }
}
