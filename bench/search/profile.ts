// `npx tsx bench/search/profile.ts [dir]`: one server with the upstreams in their
// own process, under `node --cpu-prof`, given the search bench's cold load (100
// warm-up searches, then BENCH_SEARCHES at BENCH_STREAMS); prints server CPU per
// cold search and the profile's top self-time by function and by file. The
// .cpuprofile lands in `dir` (default a temp dir) for a closer look.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerChild } from '../children.js';
import { startStreamLoad } from './load-generator.js';
import { monotonicMicros, summarizeProfiles, type Window } from './profile-summary.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'search-prof-'));

const upstreams = await startServerChild('./search/upstreams.ts');
process.env.UPSTREAMS_URL = upstreams.url;
const server = await startServerChild('./search/server.ts', dir).catch(async (err: unknown) => { await upstreams.stop(); throw err; });
const load = await startStreamLoad();
let window: Window | undefined;
try {
  await load.run({ url: server.url, offset: 900_000, total: 100, concurrency: STREAMS });
  const cpu0 = await server.cpuMicros();
  const from = monotonicMicros();
  const timings = await load.run({ url: server.url, offset: 1_000, total: SEARCHES, concurrency: STREAMS });
  await new Promise((r) => setTimeout(r, 1_000));
  const cpuMs = (await server.cpuMicros() - cpu0) / SEARCHES / 1_000;
  window = { from, to: monotonicMicros() };
  const failed = timings.filter((t) => t.failures.length > 0).length;
  console.log(`server CPU per cold search: ${cpuMs.toFixed(2)} ms (${SEARCHES} searches, ${STREAMS} streams, ${failed} with a failed provider)`);
} finally {
  load.stop();
  await Promise.all([server.stop(), upstreams.stop()]);
}
console.log(`profile in ${dir}`);
// Only the measured phase: start-up and warm-up are left out.
summarizeProfiles(dir, window);
