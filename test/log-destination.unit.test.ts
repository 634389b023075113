import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's stdout log destination batches lines: every line must still come out, in
// order, whether the process exits at once (process.exit) or runs out of work.
const MODULE = fileURLToPath(new URL('../adapters/http/log-destination.ts', import.meta.url));

function run(ending: string): string[] {
  const code = `
    const { batchedStdout } = await import(${JSON.stringify(MODULE)});
    const out = batchedStdout();
    for (let i = 0; i < 1000; i++) out.write('{"n":' + i + ',"pad":"' + 'x'.repeat(100) + '"}\\n');
    ${ending}`;
  const { stdout } = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' });
  return stdout.split('\n').filter((l) => l !== '');
}

const numbers = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { n: number }).n);
const all = Array.from({ length: 1000 }, (_, i) => i);

describe('batchedStdout', () => {
  it('writes every line in order when the process exits at once', () => {
    expect(numbers(run('process.exit(0);'))).toEqual(all);
  });

  it('writes every line in order when the process runs out of work', () => {
    expect(numbers(run(''))).toEqual(all);
  });

  it('writes the lines of a quiet process within a second, without waiting for a full batch', () => {
    // SIGKILL runs no exit hook: only what the periodic flush wrote comes out.
    const lines = run(`setTimeout(() => { out.write('{"n":1000}\\n'); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000); }, 10);`);
    expect(numbers(lines)).toEqual([...all, 1000]);
  });
});
