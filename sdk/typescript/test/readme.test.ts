// The README's example is examples/quickstart.ts verbatim, and it runs against the server.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { liveEnv } from './live-env.js';

const root = fileURLToPath(new URL('..', import.meta.url));

test('the SDK README and the repository README show examples/quickstart.ts as it is', async () => {
  const example = await readFile(`${root}examples/quickstart.ts`, 'utf8');
  for (const readmePath of [`${root}README.md`, `${root}../../README.md`]) {
    const readme = await readFile(readmePath, 'utf8');
    const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
    assert.equal(block, example, readmePath);
  }
  assert.ok(example.trim().split('\n').length <= 5);
});

test('the README example runs against the live server (needs `npm run build`)', async () => {
  const { url, apiKey } = liveEnv();
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'examples/quickstart.ts'], {
    cwd: root,
    env: { ...process.env, DEAL_ENGINE_URL: url, DEAL_ENGINE_API_KEY: apiKey },
    timeout: 60_000,
  });
  const lines = stdout.trim().split('\n');
  assert.ok(lines.length > 0 && lines[0] !== '', 'the example printed no result');
  assert.match(lines[0] ?? '', /^[A-Z0-9]{2} JFK-\S*LHR \d+(\.\d+)? [A-Z]{3}$/);
});
