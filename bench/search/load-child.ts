// The search bench's load generator, in its own process so opening and reading
// 50 streams never competes with the orchestrating process or a server. The
// parent sends one job per message; we answer with every stream's timing.
import { closedLoop, nthSearch, timeStream, type StreamTiming } from './client.js';

export interface StreamJob {
  url: string;
  path?: string;
  /** Distinct searches from nthSearch(offset) on; with `repeat`, that one search every time. */
  offset: number;
  total: number;
  concurrency: number;
  repeat?: boolean;
}

async function run(job: StreamJob): Promise<StreamTiming[]> {
  return closedLoop(job.total, job.concurrency, (i) => timeStream(job.url, job.path ? {} : nthSearch(job.repeat ? job.offset : job.offset + i), job.path));
}

process.on('message', (job: StreamJob) => {
  run(job).then((timings) => process.send?.({ timings }), (err: unknown) => process.send?.({ error: String(err) }));
});
process.send?.({ url: 'ready' });
