// Child processes for the bench: servers under test and the load generator, each
// in its own process so none competes with another's event loop. They run the way
// the bench itself runs (compiled, or under tsx: see child-script.ts).
import { fork, type ChildProcess } from 'node:child_process';
import { benchScript } from './child-script.js';
import type { LoadJob, LoadResult } from './load.js';
import { startNodeFlags } from './server-flags.js';

function spawnScript(file: string, opts: { stdout: 'ignore' | 'inherit'; profileDir?: string; nodeFlags?: string[]; env?: Record<string, string> }): ChildProcess {
  const script = benchScript(file, import.meta.url);
  const execArgv = [...script.execArgv, ...(opts.nodeFlags ?? [])];
  if (opts.profileDir) execArgv.push('--cpu-prof', `--cpu-prof-dir=${opts.profileDir}`);
  return fork(script.path, [], { execArgv, stdio: ['ignore', opts.stdout, 'inherit', 'ipc'], ...(opts.env ? { env: { ...process.env, ...opts.env } } : {}) });
}

/** Waits for the child's first IPC message, failing if it exits first. */
function firstMessage<T>(child: ChildProcess, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`${what} exited (code ${code}) before answering`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
  });
}

export interface ServerChild {
  url: string;
  /** Microseconds of CPU (user + system) the server process has used so far. */
  cpuMicros(): Promise<number>;
  /** Sends the child a message and resolves with its answer (children answer every message once). */
  ask<T>(message: object): Promise<T>;
  stop(): Promise<void>;
}

const stopChild = (child: ChildProcess) => new Promise<void>((resolve) => {
  if (child.exitCode !== null || child.signalCode !== null) return resolve();
  child.once('exit', () => resolve());
  child.kill('SIGTERM');
  setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
});

/**
 * Production logs go to stdout, so a server's stdout goes to /dev/null: the logging cost stays in.
 * Servers and the search bench's upstream fakes get `npm start`'s node flags (heap settings); load generators pass `nodeFlags: []`.
 * `env` is added to this process's environment for the child.
 */
export async function startServerChild(file: string, profileDir?: string, nodeFlags: string[] = startNodeFlags(), env?: Record<string, string>): Promise<ServerChild> {
  const child = spawnScript(file, { stdout: 'ignore', nodeFlags, ...(profileDir ? { profileDir } : {}), ...(env ? { env } : {}) });
  const { url } = await firstMessage<{ url: string }>(child, file);
  const ask = <T>(message: object | string) => {
    const answer = firstMessage<T>(child, file);
    child.send(message);
    return answer;
  };
  const cpuMicros = async () => {
    const { cpu } = await ask<{ cpu: NodeJS.CpuUsage }>('cpu');
    return cpu.user + cpu.system;
  };
  return { url, cpuMicros, ask, stop: () => stopChild(child) };
}

export interface LoadGenerator {
  run(job: LoadJob): Promise<LoadResult>;
  stop(): Promise<void>;
}

/** One long-lived autocannon process, so its own JIT warm-up is paid once. */
export function startLoadGenerator(): LoadGenerator {
  const child = spawnScript('./load.ts', { stdout: 'inherit' });
  return {
    async run(job) {
      const answer = firstMessage<{ result?: LoadResult; error?: string }>(child, 'load generator');
      child.send(job);
      const { result, error } = await answer;
      if (!result) throw new Error(`load generator: ${error}`);
      return result;
    },
    stop: () => stopChild(child),
  };
}
