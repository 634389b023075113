// Primes the upstream fakes for the searches a phase is about to run: a throwaway
// server (its search cache off, so every search reaches the fakes) runs them while
// the fakes record, and the server under test then gets the same answers without
// the simulators' CPU on this machine (see upstreams.ts for why).
import { startServerChild, type ServerChild } from '../children.js';
import type { StreamLoad } from './load-generator.js';
import type { StreamJob } from './load-child.js';
import type { UpstreamFakes } from './upstream-fakes.js';

/** The searches of a job, without where they go: the primer sends them to its own server. */
export type Searches = Omit<StreamJob, 'url'>;

export interface Primer {
  /** Records the fakes' answers to these searches; earlier recordings are dropped first. */
  prime(searches: Searches[]): Promise<void>;
  stop(): Promise<void>;
}

export async function startPrimer(upstreams: UpstreamFakes, load: StreamLoad): Promise<Primer> {
  const server: ServerChild = await startServerChild('./search/server.ts', undefined, undefined, { UPSTREAM_URLS: upstreams.urls, SEARCH_CACHE_TTL_S: '0' });
  return {
    async prime(searches) {
      await upstreams.forget();
      await upstreams.record(true);
      try {
        // A repeated search reaches the providers once in the server under test: one priming is enough.
        for (const s of searches) await load.run({ ...s, url: server.url, ...(s.repeat ? { total: 1 } : {}) });
      } finally {
        await upstreams.record(false);
      }
    },
    stop: () => server.stop(),
  };
}
