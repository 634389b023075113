import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A PostgreSQL and a Redis of the test's own, on their own ports, that a fault
// test may stop, kill and restart under traffic without touching shared servers.
// PostgreSQL refuses to run as root, so its commands run as the postgres user.

const PG_BIN = '/usr/lib/postgresql/15/bin';

export async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const port = (s.address() as { port: number }).port;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const asPostgres = (bin: string, args: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args], { stdio: 'pipe', timeout: 60_000 });

export interface OwnPostgres {
  url: string;
  start(): void;
  /** `immediate`: as if the server crashed (no checkpoint); `fast`: a clean stop that still cuts every session. */
  stop(mode?: 'immediate' | 'fast'): void;
  remove(): void;
}

export async function startOwnPostgres(): Promise<OwnPostgres> {
  const dir = mkdtempSync(path.join(tmpdir(), 'de-fault-pg-'));
  chownSync(dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), Number(execFileSync('id', ['-g', 'postgres']).toString().trim()));
  const data = path.join(dir, 'data');
  asPostgres('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const pg: OwnPostgres = {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    start: () => void asPostgres('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']),
    stop: (mode = 'immediate') => void asPostgres('pg_ctl', ['-D', data, '-m', mode, '-w', 'stop']),
    remove: () => {
      try {
        pg.stop('immediate');
      } catch {
        // already stopped
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  pg.start();
  return pg;
}

export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  kill(): Promise<void>;
}

export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const redis: OwnRedis = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
      for (let i = 0; i < 100; i++) {
        const up = await new Promise<boolean>((resolve) => {
          const probe = createServer();
          probe.once('error', () => resolve(true)); // the port is taken: redis is listening
          probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(false)));
        });
        if (up) return;
        await new Promise((r) => setTimeout(r, 50));
      }
      throw new Error('redis-server did not start');
    },
    async kill() {
      const c = child;
      if (!c || c.exitCode !== null || c.signalCode !== null) return;
      const gone = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await gone;
    },
  };
  await redis.start();
  return redis;
}
