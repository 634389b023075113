// Medians across rounds, and the verdicts against the targets (printed, never thrown).
import type { LoadResult } from './load.js';

/** One round against one target, plus the server's CPU time per request in it. */
export type Measured = LoadResult & { cpuUs: number };

export interface Row {
  name: string;
  /** bare is the yardstick; MCP (2025 era, and 2026-07-28) is also compared with anonymous REST. */
  kind: 'bare' | 'rest' | 'rest-key' | 'mcp' | 'mcp-2026' | 'rest-base' | 'rest-key-base' | 'mcp-base' | 'mcp-2026-base';
  results: Measured[];
}

const REST_VS_BARE = 0.9;
const MCP_VS_REST = 0.8;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

export function printTable(rows: Row[]): void {
  const m = rows.map((r) => ({
    name: r.name,
    kind: r.kind,
    rps: median(r.results.map((x) => x.rps)),
    p50: median(r.results.map((x) => x.p50)),
    p99: median(r.results.map((x) => x.p99)),
    cpu: median(r.results.map((x) => x.cpuUs)),
    bad: r.results.reduce((n, x) => n + x.bad, 0),
  }));
  const bare = m.find((r) => r.kind === 'bare')!;
  const rest = m.find((r) => r.kind === 'rest');
  const keyed = m.find((r) => r.kind === 'rest-key');
  const mcps = m.filter((r) => r.kind === 'mcp' || r.kind === 'mcp-2026' || r.kind === 'mcp-base' || r.kind === 'mcp-2026-base');
  const lines = [
    ['target', 'req/s', 'p50 ms', 'p99 ms', 'CPU µs/req', 'vs bare', 'vs REST'],
    ...m.map((r) => [
      r.name,
      Math.round(r.rps).toString(),
      r.p50.toFixed(2),
      r.p99.toFixed(2),
      r.cpu.toFixed(0),
      `${(r.rps / bare.rps).toFixed(2)}x`,
      mcps.includes(r) && rest ? `${(r.rps / rest.rps).toFixed(2)}x` : '',
    ]),
  ];
  const widths = lines[0]!.map((_, i) => Math.max(...lines.map((l) => l[i]!.length)));
  console.log('');
  for (const l of lines) console.log(l.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  '));
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'MISS');
  console.log('');
  for (const r of [rest, keyed]) {
    if (!r) continue;
    const ratio = r.rps / bare.rps;
    console.log(`${verdict(ratio >= REST_VS_BARE)}  ${r.name} >= ${REST_VS_BARE}x bare express  (${ratio.toFixed(2)}x)`);
  }
  for (const mcp of rest ? mcps : []) {
    const mcpRatio = mcp.rps / rest!.rps;
    console.log(`${verdict(mcpRatio >= MCP_VS_REST)}  ${mcp.name} >= ${MCP_VS_REST}x REST  (${mcpRatio.toFixed(2)}x)`);
  }
  for (const r of m) if (r.bad) console.log(`WARN  ${r.name}: ${r.bad} errors or non-2xx answers; its numbers are suspect`);
}
