// Starts the three upstream fakes (bench/search/upstreams.ts), one process each,
// and says how a server under test reaches them: UPSTREAM_URLS in its environment.
import { startServerChild, type ServerChild } from '../children.js';
import { startNodeFlags } from '../server-flags.js';
import { LATENCY_MS, type UpstreamName } from './latencies.js';

/** Requests the fakes answered from a recording and by their simulators, the CPU they used (µs) and the body bytes each sent, since they started. */
export interface FakeCounts { replayed: number; computed: number; cpuMicros: number; bytes: Record<UpstreamName, number> }

interface FakeReply { replayed: number; computed: number; bytes: number; cpu: NodeJS.CpuUsage; parseMicros?: number; parsedBytes?: number }

/** What decoding and JSON.parse of every recorded answer once cost the fakes together (µs), and their bytes. */
export interface ParseCost { micros: number; bytes: number }

export interface UpstreamFakes {
  /** `name=url,...`: what bench servers read from UPSTREAM_URLS. */
  urls: string;
  /** While on, each fake keeps the answers it gives; a request met again gets the kept answer (see upstreams.ts). */
  record(on: boolean): Promise<void>;
  /** Drops every kept answer. */
  forget(): Promise<void>;
  counts(): Promise<FakeCounts>;
  /** Parses what the fakes recorded (the last priming's answers) as the server's transport does, and says what it cost. */
  parseCost(): Promise<ParseCost>;
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
  const askAll = (message: object) => Promise.all(children.map((c) => c.ask<FakeReply>(message)));
  return {
    urls: names.map((name, i) => `${name}=${children[i]!.url}`).join(','),
    record: async (on) => { await askAll({ recording: on }); },
    forget: async () => { await askAll({ forget: true }); },
    counts: async () => {
      const replies = await askAll({});
      const sum = (pick: (c: FakeReply) => number) => replies.reduce((total, c) => total + pick(c), 0);
      return {
        replayed: sum((c) => c.replayed),
        computed: sum((c) => c.computed),
        cpuMicros: sum((c) => c.cpu.user + c.cpu.system),
        bytes: Object.fromEntries(names.map((name, i) => [name, replies[i]!.bytes])) as Record<UpstreamName, number>,
      };
    },
    parseCost: async () => {
      // One fake at a time, so each measures on a machine the others leave alone.
      const cost: ParseCost = { micros: 0, bytes: 0 };
      for (const child of children) {
        const reply = await child.ask<FakeReply>({ parseCost: true });
        cost.micros += reply.parseMicros ?? 0;
        cost.bytes += reply.parsedBytes ?? 0;
      }
      return cost;
    },
    stop: async () => { await Promise.all(children.map((c) => c.stop())); },
  };
}
