// Runs `prisma generate` only when its inputs changed since the last run, so
// `npm start` / `npm test` can call it every time (a fresh clone has no
// prisma/generated; it is gitignored). --force regenerates regardless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile, rename, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const schemaPath = path.join(root, 'prisma', 'schema.prisma');
const outDir = path.join(root, 'prisma', 'generated');
const stampPath = path.join(outDir, '.schema-hash');
const require = createRequire(import.meta.url);

function packageVersion(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version;
}

/** The output depends on the schema and on both Prisma versions (an upgrade must regenerate). */
async function inputsHash(): Promise<string> {
  const hash = createHash('sha256');
  hash.update(await readFile(schemaPath));
  hash.update(`\nprisma@${packageVersion('prisma')} @prisma/client@${packageVersion('@prisma/client')}`);
  return hash.digest('hex');
}

async function main(): Promise<number> {
  const force = process.argv.includes('--force');
  const wanted = await inputsHash();
  const stamp = await readFile(stampPath, 'utf8').catch(() => '');
  if (!force && stamp.trim() === wanted && existsSync(path.join(outDir, 'client.ts'))) return 0;

  const cli = path.join(path.dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
  // prisma.config.ts sets the offline engine placeholder for `generate`.
  const run = spawnSync(process.execPath, [cli, 'generate'], { cwd: root, stdio: 'inherit' });
  if (run.status !== 0) return run.status ?? 1;
  // Written last and atomically: an interrupted generate leaves no stamp.
  const tmp = `${stampPath}.${process.pid}.tmp`;
  await writeFile(tmp, `${wanted}\n`);
  await rename(tmp, stampPath);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error('prisma-generate:', err instanceof Error ? err.message : err);
    process.exit(1);
  },
);
