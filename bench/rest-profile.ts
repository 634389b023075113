// `npx tsx bench/rest-profile.ts [dir] [rest|mcp|mcp-2026|bare]`: one server under
// `node --cpu-prof`, warmed up, then 10 s of the REST bench's load; prints CPU per
// request and the profile of the measured window only (start-up left out).
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startLoadGenerator, startServerChild } from './children.js';
import { monotonicMicros, summarizeProfiles } from './search/profile-summary.js';
import { ADDRESSES_PER_CONNECTION, mcpModernRequests, mcpRequests, restRequests } from './targets.js';

const dir = process.argv[2] ?? mkdtempSync(join(tmpdir(), 'rest-prof-'));
const kind = process.argv[3] ?? 'rest';
const file = kind === 'bare' ? './bare-server.ts' : './real-server.ts';
const requests = kind === 'mcp' ? mcpRequests() : kind === 'mcp-2026' ? mcpModernRequests() : restRequests();
const perAddress = kind === 'rest' || kind === 'bare' ? { addressesPerConnection: ADDRESSES_PER_CONNECTION } : {};
const server = await startServerChild(file, dir);
const load = startLoadGenerator();
try {
  await load.run({ url: server.url, requests, durationS: 5, connections: 10, ...perAddress });
  const cpu0 = await server.cpuMicros();
  const from = monotonicMicros();
  const r = await load.run({ url: server.url, requests, durationS: 10, connections: 10, ...perAddress });
  const to = monotonicMicros();
  const cpu = (await server.cpuMicros()) - cpu0;
  console.log(`${kind}: ${r.total} requests, ${(cpu / r.total).toFixed(0)} µs CPU each`);
  await load.stop();
  await server.stop();
  summarizeProfiles(dir, { from, to }, Number(process.env.TOP ?? 40));
} finally {
  await load.stop();
  await server.stop();
}
