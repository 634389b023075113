// `npx tsx bench/search/profile.ts [dir]`: one server with the upstreams in their
// own process, under `node --cpu-prof`, given the search bench's cold load (its
// warm-up, warm-up.ts, then BENCH_SEARCHES at BENCH_STREAMS); prints server CPU per
// cold search, the KB each provider sent per search and what JSON.parse of those
// answers alone costs, and the profile's top self-time by function and by file. The
// .cpuprofile lands in `dir` (default a temp dir) for a closer look.
// BENCH_PROFILE=0: no profiler (CPU figure only); BENCH_IN_PROCESS=1: the
// simulators run in the server's process instead (their CPU is billed to it).
// The fakes are primed for the measured searches (prime.ts); BENCH_PRIME=0 leaves
// them computing every answer, as before 2026-11-28.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServerChild } from '../children.js';
import { startStreamLoad } from './load-generator.js';
import { startPrimer } from './prime.js';
import { startUpstreamFakes } from './upstream-fakes.js';
import { MEASURED_FROM, warmUp } from './warm-up.js';
import { monotonicMicros, summarizeProfiles, type Window } from './profile-summary.js';

const SEARCHES = Number(process.env.BENCH_SEARCHES ?? 200);
const STREAMS = Number(process.env.BENCH_STREAMS ?? 50);
const profile = process.env.BENCH_PROFILE !== '0';
const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'search-prof-'));

const upstreams = await startUpstreamFakes();
const remote = process.env.BENCH_IN_PROCESS !== '1';
const env = remote ? { UPSTREAM_URLS: upstreams.urls } : undefined;
const server = await startServerChild('./search/server.ts', profile ? dir : undefined, undefined, env).catch(async (err: unknown) => { await upstreams.stop(); throw err; });
const load = await startStreamLoad();
let window: Window | undefined;
try {
  await warmUp(load, server.url, STREAMS);
  if (remote && process.env.BENCH_PRIME !== '0') {
    const primer = await startPrimer(upstreams, load);
    await primer.prime([{ offset: MEASURED_FROM, total: SEARCHES, concurrency: STREAMS }]).finally(() => primer.stop());
  }
  const fakes0 = await upstreams.counts();
  const cpu0 = await server.cpuMicros();
  const from = monotonicMicros();
  const timings = await load.run({ url: server.url, offset: MEASURED_FROM, total: SEARCHES, concurrency: STREAMS });
  await new Promise((r) => setTimeout(r, 1_000));
  const cpuMs = (await server.cpuMicros() - cpu0) / SEARCHES / 1_000;
  window = { from, to: monotonicMicros() };
  const failed = timings.filter((t) => t.failures.length > 0).length;
  if (failed) console.log(`failures, first: ${timings.find((t) => t.failures.length > 0)!.failures.join(", ")}`);
  console.log(`server CPU per cold search: ${cpuMs.toFixed(2)} ms (${SEARCHES} searches, ${STREAMS} streams, ${failed} with a failed provider)`);
  const fakes = await upstreams.counts();
  if (remote) {
    console.log(`upstream fakes: ${((fakes.cpuMicros - fakes0.cpuMicros) / SEARCHES / 1_000).toFixed(2)} ms of CPU per search; ${fakes.replayed - fakes0.replayed} answers recorded, ${fakes.computed - fakes0.computed} computed`);
    const read = Object.entries(fakes.bytes).map(([name, bytes]) => `${name} ${((bytes - fakes0.bytes[name as keyof typeof fakes.bytes]) / SEARCHES / 1_024).toFixed(0)} KB`);
    console.log(`bodies read per search: ${read.join(', ')}`);
    if (process.env.BENCH_PRIME !== '0') {
      const parse = await upstreams.parseCost();
      console.log(`JSON.parse alone of those answers: ${(parse.micros / SEARCHES / 1_000).toFixed(2)} ms per search (${(parse.bytes / SEARCHES / 1_024).toFixed(0)} KB)`);
    }
  }
} finally {
  load.stop();
  await Promise.all([server.stop(), upstreams.stop()]);
}
if (profile) {
  console.log(`profile in ${dir}`);
  // Only the measured phase: start-up and warm-up are left out.
  summarizeProfiles(dir, window);
}
