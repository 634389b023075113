// Starts the three upstream fakes (bench/search/upstreams.ts), one process each,
// and says how a server under test reaches them: UPSTREAM_URLS in its environment.
import { startServerChild, type ServerChild } from '../children.js';
import { startNodeFlags } from '../server-flags.js';
import { LATENCY_MS, type UpstreamName } from './latencies.js';

/** Requests the fakes answered from a recording and by their simulators, and the CPU they used (µs), since they started. */
export interface FakeCounts { replayed: number; computed: number; cpuMicros: number }

export interface UpstreamFakes {
  /** `name=url,...`: what bench servers read from UPSTREAM_URLS. */
  urls: string;
  /** While on, each fake keeps the answers it gives; a request met again gets the kept answer (see upstreams.ts). */
  record(on: boolean): Promise<void>;
  /** Drops every kept answer. */
  forget(): Promise<void>;
  counts(): Promise<FakeCounts>;
  stop(): Promise<void>;
}

export async function startUpstreamFakes(): Promise<UpstreamFakes> {
  const names = Object.keys(LATENCY_MS) as UpstreamName[];
  const children: ServerChild[] = [];
  try {
    // The fakes stand in for providers on other machines, yet share this one's cores
    // with the server under test: they get the server's young generation, which cut
    // their collectors' CPU (20 → 16 ms of fake CPU per search at 50 streams).
    for (const name of names) children.push(await startServerChild('./search/upstreams.ts', undefined, startNodeFlags(), { BENCH_UPSTREAM: name }));
  } catch (err) {
    await Promise.all(children.map((c) => c.stop()));
    throw err;
  }
  const askAll = (message: object) => Promise.all(children.map((c) => c.ask<{ replayed: number; computed: number; cpu: NodeJS.CpuUsage }>(message)));
  return {
    urls: names.map((name, i) => `${name}=${children[i]!.url}`).join(','),
    record: async (on) => { await askAll({ recording: on }); },
    forget: async () => { await askAll({ forget: true }); },
    counts: async () => (await askAll({})).reduce(
      (sum, c) => ({ replayed: sum.replayed + c.replayed, computed: sum.computed + c.computed, cpuMicros: sum.cpuMicros + c.cpu.user + c.cpu.system }),
      { replayed: 0, computed: 0, cpuMicros: 0 },
    ),
    stop: async () => { await Promise.all(children.map((c) => c.stop())); },
  };
}
