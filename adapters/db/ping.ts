// Health probe: SELECT 1 through Prisma (the path stores use), never throws,
// bounded so a hung database shows up as an error instead of a hung probe.
import type { DatabaseStatus } from '../../tools/_kit/ports.js';

export function makePing(
  engine: DatabaseStatus['engine'],
  selectOne: () => Promise<unknown>,
  isClosed: () => boolean,
  timeoutMs: number,
): () => Promise<DatabaseStatus> {
  return async () => {
    const started = performance.now();
    const elapsed = () => Math.round((performance.now() - started) * 100) / 100;
    // A closed PrismaClient would silently reconnect: report it instead.
    if (isClosed()) return { engine, ok: false, latencyMs: 0, error: 'database is closed' };
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      await Promise.race([selectOne(), timeout]);
      return { engine, ok: true, latencyMs: elapsed() };
    } catch (err) {
      return { engine, ok: false, latencyMs: elapsed(), error: errorText(err) };
    } finally {
      clearTimeout(timer);
    }
  };
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  // Prisma messages carry multi-line call-site context; the last line is the cause.
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  return (lines.at(-1) ?? 'unknown error').slice(0, 300);
}
