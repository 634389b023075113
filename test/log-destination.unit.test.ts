import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { describe, it } from 'vitest';

// The server's stdout log destination batches lines: every line must still come out, in
// order, whether the process exits at once (process.exit) or runs out of work.
const MODULE = fileURLToPath(new URL('../adapters/http/log-destination.ts', import.meta.url));

const execFileAsync = promisify(execFile);

/** A child process that logs 1,000 lines, then ends as `ending` says; its stdout's lines. */
async function run(ending: string): Promise<string[]> {
  const code = `
    const { batchedStdout } = await import(${JSON.stringify(MODULE)});
    const out = batchedStdout();
    for (let i = 0; i < 1000; i++) out.write('{"n":' + i + ',"pad":"' + 'x'.repeat(100) + '"}\\n');
    ${ending}`;
  // SIGKILL ends the last case on purpose: its stdout is read all the same.
  const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8' }).catch((err: { stdout?: string }) => ({ stdout: err.stdout ?? '' }));
  return stdout.split('\n').filter((l) => l !== '');
}

const numbers = (lines: string[]) => lines.map((l) => (JSON.parse(l) as { n: number }).n);
const all = Array.from({ length: 1000 }, (_, i) => i);

// Each case is its own child process, so the three run at once.
describe.concurrent('batchedStdout', () => {
  it('writes every line in order when the process exits at once', async ({ expect }) => {
    expect(numbers(await run('process.exit(0);'))).toEqual(all);
  });

  it('writes every line in order when the process runs out of work', async ({ expect }) => {
    expect(numbers(await run(''))).toEqual(all);
  });

  it('writes the lines of a quiet process within a second, without waiting for a full batch', async ({ expect }) => {
    // SIGKILL runs no exit hook: only what the periodic flush wrote comes out.
    const lines = await run(`setTimeout(() => { out.write('{"n":1000}\\n'); setTimeout(() => process.kill(process.pid, 'SIGKILL'), 1000); }, 10);`);
    expect(numbers(lines)).toEqual([...all, 1000]);
  });
});
