// Reads .cpuprofile files and prints the top self-time by function and by file.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface Node { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }
interface Profile { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number }
/** Monotonic microseconds (process.hrtime's clock, which V8's profile timestamps share). */
export interface Window { from: number; to: number }
export const monotonicMicros = () => Number(process.hrtime.bigint() / 1_000n);

function shortUrl(url: string): string {
  const at = url.indexOf('node_modules/');
  if (at >= 0) return url.slice(at + 13).split('/').slice(0, url.slice(at + 13).startsWith('@') ? 2 : 1).join('/');
  const m = /\/(adapters|tools|bench|test)\/.*$/.exec(url);
  return m ? m[0].slice(1) : url.replace(/^file:\/\//, '') || '(native)';
}

export function summarizeProfiles(dir: string, window?: Window, top = 30): void {
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const p = JSON.parse(readFileSync(join(dir, file), 'utf8')) as Profile;
    const byId = new Map(p.nodes.map((n) => [n.id, n]));
    const self = new Map<number, number>();
    let at = p.startTime;
    p.samples.forEach((id, i) => {
      at += p.timeDeltas[i] ?? 0;
      if (window && (at < window.from || at > window.to)) return;
      self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
    });
    let total = 0;
    let idle = 0;
    const fn = new Map<string, number>();
    const files = new Map<string, number>();
    for (const [id, us] of self) {
      const cf = byId.get(id)!.callFrame;
      total += us;
      if (cf.functionName === '(idle)') { idle += us; continue; }
      const f = `${cf.functionName || '(anon)'} ${shortUrl(cf.url)}:${cf.lineNumber + 1}`;
      fn.set(f, (fn.get(f) ?? 0) + us);
      const u = cf.url ? shortUrl(cf.url) : cf.functionName;
      files.set(u, (files.get(u) ?? 0) + us);
    }
    const busy = total - idle;
    if (window) console.log(`\nwindow ${window.from} .. ${window.to}`);
    console.log(`\n${file}: busy ${(busy / 1e3).toFixed(0)} ms of ${(total / 1e3).toFixed(0)} ms`);
    const show = (title: string, m: Map<string, number>) => {
      console.log(`-- ${title}`);
      [...m].sort((a, b) => b[1] - a[1]).slice(0, top).forEach(([k, us]) => console.log(`${((100 * us) / busy).toFixed(1).padStart(5)} %  ${k}`));
    };
    show('self time by file / package', files);
    show('self time by function', fn);
  }
}

if (process.argv[1]?.endsWith('profile-summary.ts')) summarizeProfiles(process.argv[2] ?? '.');
