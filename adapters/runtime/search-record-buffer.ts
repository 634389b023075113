import type { SearchRecord, SearchRecorder } from '../../tools/fares/search-records.js';

const FLUSH_EVERY_MS = 500;
/** A burst larger than this is written at once rather than held until the timer. */
const FLUSH_AT = 256;
/** Beyond this many queued records (the database is down or slow) new ones are dropped, counted in `dropped`. */
const MAX_PENDING = 20_000;

/**
 * What searches leave behind (observations, route counts), queued in memory and
 * written in batches every half second, at FLUSH_AT records, and on close, as
 * the usage meter does for request counts: a search does no database round
 * trip for them. Flushes never overlap, so batches are written in the order the
 * searches finished. A crash loses at most the last half second.
 */
export class SearchRecordBuffer implements SearchRecorder {
  private pending: SearchRecord[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(private readonly write: (batch: SearchRecord[]) => Promise<void>, private readonly onError: (err: unknown) => void = () => {}) {
    this.timer = setInterval(() => {
      if (this.pending.length > 0) void this.flush();
    }, FLUSH_EVERY_MS);
    this.timer.unref();
  }

  record(entry: SearchRecord): void {
    if (this.pending.length >= MAX_PENDING) {
      this.dropped++;
      return;
    }
    this.pending.push(entry);
    if (this.pending.length === FLUSH_AT) void this.flush();
  }

  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.length === 0) return;
      const batch = this.pending;
      this.pending = [];
      try {
        await this.write(batch);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
