import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ChildServer {
  url: string;
  stop(): Promise<void>;
  /** SIGKILL: a crash, with no chance to finish anything. */
  crash(): Promise<void>;
}

/** What a child printed last on stderr: the reason when it does not start. */
const STDERR_TAIL_CHARS = 4_000;
/** A random port can be taken by another socket of the suite; the child is started again on another. */
const STARTS = 3;

type Start = { server: ChildServer } | { exited: true; stderr: string } | { timedOut: true; stderr: string };

async function startOnce(env: Record<string, string>): Promise<Start> {
  const port = 21_000 + Math.floor(Math.random() * 20_000);
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'adapters/http/main.ts'], {
    cwd: root,
    // Anonymous REST metering off as in testConfig: every test calls from 127.0.0.1 (a test may turn it on).
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', DATA_DIR: 'memory://', ANONYMOUS_RATE_LIMIT: 'false', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-STDERR_TAIL_CHARS);
  });
  const url = `http://127.0.0.1:${port}`;
  // Up to ~90 s: a fresh PGlite folder is made and migrated first, slow on a loaded machine.
  for (let i = 0; i < 360; i++) {
    if (await fetch(`${url}/health`).then((r) => r.ok, () => false)) {
      const exited = new Promise((r) => child.once('exit', r));
      const end = async (signal: NodeJS.Signals) => {
        if (child.exitCode === null && child.signalCode === null) child.kill(signal);
        await exited;
      };
      return { server: { url, stop: () => end('SIGTERM'), crash: () => end('SIGKILL') } };
    }
    if (child.exitCode !== null) return { exited: true, stderr };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGKILL');
  return { timedOut: true, stderr };
}

/** Starts `npm start`'s entry point in its own process, for tests that need a second real process. */
export async function startChildServer(env: Record<string, string>): Promise<ChildServer> {
  let last: Start | undefined;
  for (let attempt = 0; attempt < STARTS; attempt++) {
    last = await startOnce(env);
    if ('server' in last) return last.server;
    // Only a random port is worth another try; a port the test chose stays taken.
    if (!('exited' in last) || !last.stderr.includes('EADDRINUSE') || env.PORT !== undefined) break;
  }
  const why = last && !('server' in last) ? `${'exited' in last ? 'it exited' : 'no healthy answer within ~90 s'}; its stderr ended with:\n${last.stderr}` : '';
  throw new Error(`child server did not start: ${why}`);
}
