// Starts the three upstream fakes (bench/search/upstreams.ts), one process each,
// and says how a server under test reaches them: UPSTREAM_URLS in its environment.
import { startServerChild, type ServerChild } from '../children.js';
import { startNodeFlags } from '../server-flags.js';
import { LATENCY_MS, type UpstreamName } from './latencies.js';

export interface UpstreamFakes {
  /** `name=url,...`: what bench servers read from UPSTREAM_URLS. */
  urls: string;
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
  return {
    urls: names.map((name, i) => `${name}=${children[i]!.url}`).join(','),
    stop: async () => { await Promise.all(children.map((c) => c.stop())); },
  };
}
