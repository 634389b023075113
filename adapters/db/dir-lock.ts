// A lock file on the data folder. PGlite has no cross-process lock: two
// processes on one folder silently lose writes, so the second must refuse.
import { randomBytes } from 'node:crypto';
import { unlinkSync, readFileSync } from 'node:fs';
import { link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';

export const LOCK_FILE_NAME = 'deal-engine.lock';

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
  constructor(
    readonly dir: string,
    readonly holder: string,
    readonly lockPath: string,
  ) {
    super(
      `Data folder ${dir} is already in use by ${holder} (lock file ${lockPath}). ` +
        'Stop the other process, or set DATA_DIR to another folder.',
    );
  }
}

export interface DirLock {
  readonly path: string;
  release(): Promise<void>;
}

interface Holder {
  raw: string;
  pid: number | null;
  host: string | null;
}

// Released on exit even without close(): a crash leaves a dead pid, which the next start takes over anyway.
const held = new Map<string, string>();
let exitHookInstalled = false;
function releaseAllSync(): void {
  for (const [file, content] of held) {
    try {
      if (readFileSync(file, 'utf8') === content) unlinkSync(file);
    } catch {
      // already gone
    }
  }
  held.clear();
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

async function readHolder(file: string): Promise<Holder | null> {
  const raw = await readFile(file, 'utf8').catch((err: NodeJS.ErrnoException) => {
    if (err.code === 'ENOENT') return null;
    throw err;
  });
  if (raw === null) return null;
  const [pidLine, hostLine] = raw.split('\n');
  const pid = Number(pidLine);
  return { raw, pid: Number.isInteger(pid) && pid > 0 ? pid : null, host: hostLine || null };
}

function describe(h: Holder): string {
  if (h.pid === process.pid && (h.host === null || h.host === hostname())) return `this process (pid ${h.pid})`;
  return `process ${h.pid}${h.host ? ` on ${h.host}` : ''}`;
}

/** Takes the lock on `dir` (created if missing), taking over a lock whose process is gone. */
export async function lockDataDir(dir: string): Promise<DirLock> {
  const absDir = path.resolve(dir);
  await mkdir(absDir, { recursive: true });
  const lockPath = path.join(absDir, LOCK_FILE_NAME);
  const content = `${process.pid}\n${hostname()}\n${new Date().toISOString()}\n`;

  for (let attempt = 0; attempt < 5; attempt++) {
    if (await tryCreate(lockPath, content)) return holdLock(lockPath, content);
    const holder = await readHolder(lockPath);
    if (!holder) continue; // released meanwhile: try again
    const otherHost = holder.host !== null && holder.host !== hostname();
    // Another host's pid cannot be checked: refuse rather than guess. An unreadable pid is stale.
    if (holder.pid !== null && (otherHost || isAlive(holder.pid))) {
      throw new DataDirLockedError(absDir, describe(holder), lockPath);
    }
    await takeOverStale(lockPath, holder.raw);
  }
  throw new DataDirLockedError(absDir, 'another process (the lock keeps changing hands)', lockPath);
}

/** link() publishes a fully written file atomically, so no reader ever sees it half-written. */
async function tryCreate(lockPath: string, content: string): Promise<boolean> {
  const tmp = `${lockPath}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  await writeFile(tmp, content);
  try {
    await link(tmp, lockPath);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** Moves the stale file aside; if a live process replaced it in the meantime, puts that one back. */
async function takeOverStale(lockPath: string, staleRaw: string): Promise<void> {
  const tomb = `${lockPath}.stale.${process.pid}.${randomBytes(4).toString('hex')}`;
  try {
    await rename(lockPath, tomb);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw err;
  }
  const moved = await readFile(tomb, 'utf8').catch(() => staleRaw);
  if (moved !== staleRaw) await link(tomb, lockPath).catch(() => undefined);
  await unlink(tomb).catch(() => undefined);
}

function holdLock(lockPath: string, content: string): DirLock {
  held.set(lockPath, content);
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once('exit', releaseAllSync);
  }
  let released = false;
  return {
    path: lockPath,
    async release() {
      if (released) return;
      released = true;
      held.delete(lockPath);
      // Only delete our own file: never someone else's lock.
      if ((await readFile(lockPath, 'utf8').catch(() => null)) === content) await unlink(lockPath).catch(() => undefined);
    },
  };
}
