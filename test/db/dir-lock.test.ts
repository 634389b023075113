// One process per PGlite data folder: the lock file, on its own and through openDatabase.
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, DataDirLockedError, type AppDatabase } from '../../adapters/db/index.js';
import { LOCK_FILE_NAME, lockDataDir } from '../../adapters/db/dir-lock.js';
import { recordingLogger, tempDir } from './helpers.js';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});
async function folder(): Promise<string> {
  const t = await tempDir();
  cleanups.push(t.remove);
  return t.dir;
}

/** The pid of a process that has already exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

/** A live process that is not us; killed after the test. */
function livePid(): number {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)']);
  cleanups.push(async () => void child.kill());
  return child.pid!;
}

describe('data folder lock file', () => {
  it('refuses a second holder, naming the folder and DATA_DIR, and frees the folder on release', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    expect((await readFile(lock.path, 'utf8')).split('\n')[0]).toBe(String(process.pid));

    const second = lockDataDir(dir);
    await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(second).rejects.toThrow(new RegExp(`${dir}.*this process.*DATA_DIR`, 's'));

    await lock.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('refuses while the recorded process is alive', async () => {
    const dir = await folder();
    const pid = livePid();
    await writeFile(path.join(dir, LOCK_FILE_NAME), `${pid}\n${hostname()}\n${new Date().toISOString()}\n`);
    await expect(lockDataDir(dir)).rejects.toThrow(`process ${pid}`);
  });

  it('takes over a lock left by a dead process, or an unreadable one', async () => {
    for (const content of [`${await deadPid()}\n${hostname()}\n2020-01-01T00:00:00.000Z\n`, '']) {
      const dir = await folder();
      await writeFile(path.join(dir, LOCK_FILE_NAME), content);
      const lock = await lockDataDir(dir);
      expect((await readFile(lock.path, 'utf8')).split('\n')[0]).toBe(String(process.pid));
      await lock.release();
    }
  });

  it('refuses a lock from another host: its pid cannot be checked from here', async () => {
    const dir = await folder();
    await writeFile(path.join(dir, LOCK_FILE_NAME), `${await deadPid()}\nsome-other-host\n`);
    await expect(lockDataDir(dir)).rejects.toThrow('on some-other-host');
  });

  it('release never deletes a lock that is no longer ours', async () => {
    const dir = await folder();
    const lock = await lockDataDir(dir);
    await writeFile(lock.path, `${process.pid + 1}\n${hostname()}\n`); // someone took it over
    await lock.release();
    await expect(readFile(lock.path, 'utf8')).resolves.toMatch(String(process.pid + 1));
  });
});

// Each test makes and migrates a PGlite folder (a fresh initdb), which on a loaded
// machine under the clock sweep took over 30 s.
describe('openDatabase on a PGlite folder', { timeout: 120_000 }, () => {
  it('refuses while another process holds the folder, and takes over after that process crashed', async () => {
    const dir = await folder();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'fixtures', 'hold-data-dir.ts'), dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    cleanups.push(async () => void child.kill('SIGKILL'));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('ready') && resolve());
      child.once('exit', (code) => reject(new Error(`holder exited early (${code})`)));
    });

    const refused = openDatabase({ dataDir: dir, log: recordingLogger() });
    await expect(refused).rejects.toBeInstanceOf(DataDirLockedError);
    await expect(refused).rejects.toThrow(new RegExp(`${dir} is already in use by process ${child.pid}.*Stop the other process, or set DATA_DIR`, 's'));

    // SIGKILL: no clean-up, the lock file stays behind with a dead pid.
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    await expect(readFile(path.join(dir, LOCK_FILE_NAME), 'utf8')).resolves.toMatch(String(child.pid));
    const db = await openDatabase({ dataDir: dir, log: recordingLogger() });
    try {
      expect(db.migrations.applied).toEqual([]); // the crashed process had migrated it
      await expect(db.ping()).resolves.toMatchObject({ ok: true });
    } finally {
      await db.close();
    }
    await expect(readFile(path.join(dir, LOCK_FILE_NAME))).rejects.toThrow(/ENOENT/);
  });

  it('three openers at once on one folder: exactly one gets it (the PGlite variant of the race test)', async () => {
    const dir = await folder();
    const results = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ dataDir: dir, log: recordingLogger() })));
    const opened = results.filter((r): r is PromiseFulfilledResult<AppDatabase> => r.status === 'fulfilled');
    try {
      expect(opened).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason).toBeInstanceOf(DataDirLockedError);
      const rows = await opened[0]!.value.prisma.$queryRaw<Array<{ n: number }>>`SELECT count(*)::int AS n FROM "_prisma_migrations"`;
      expect(rows[0]!.n).toBe(opened[0]!.value.migrations.applied.length);
    } finally {
      for (const r of opened) await r.value.close();
    }
  });
});
