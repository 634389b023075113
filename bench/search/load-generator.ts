// Starts the search load generator (load-child.ts) in its own process and hands it jobs.
import { fork } from 'node:child_process';
import { benchScript } from '../child-script.js';
import type { StreamTiming } from './client.js';
import type { StreamJob } from './load-child.js';

export interface StreamLoad {
  run(job: StreamJob): Promise<StreamTiming[]>;
  stop(): void;
}

export async function startStreamLoad(): Promise<StreamLoad> {
  const script = benchScript('./load-child.ts', import.meta.url);
  const child = fork(script.path, [], { execArgv: script.execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const next = <T>() => new Promise<T>((resolve, reject) => {
    const onExit = (code: number | null) => reject(new Error(`search load generator exited (code ${code})`));
    child.once('exit', onExit);
    child.once('message', (m) => {
      child.off('exit', onExit);
      resolve(m as T);
    });
  });
  await next();
  return {
    async run(job) {
      const answer = next<{ timings?: StreamTiming[]; error?: string }>();
      child.send(job);
      const { timings, error } = await answer;
      if (!timings) throw new Error(`search load generator: ${error}`);
      return timings;
    },
    stop: () => child.kill('SIGTERM'),
  };
}
