import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ChildWorker {
  stop(): Promise<void>;
}

/**
 * Starts `npm run worker`'s entry point in its own process and waits until it is working
 * jobs (`startTimeoutMs`: a loaded machine starting several processes may need long).
 */
export async function startChildWorker(env: Record<string, string>, opts: { startTimeoutMs?: number } = {}): Promise<ChildWorker> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'adapters/jobs/worker-main.ts'], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', DATA_DIR: 'memory://', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`worker did not start:\n${output.slice(-2000)}`)), opts.startTimeoutMs ?? 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Deal Engine worker started')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`worker exited with ${code}:\n${output.slice(-2000)}`));
    });
  }).catch((err: unknown) => {
    child.kill('SIGKILL');
    throw err;
  });
  // Drained so a chatty worker never blocks on a full pipe.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return {
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
