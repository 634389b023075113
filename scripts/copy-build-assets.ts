import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';

// The last step of `npm run build`: the files the compiled code reads next to itself
// (place data, calibration, sweet spots, the docs pages' assets, migrations) copied
// into dist/ beside it, so dist/ runs without the TypeScript sources.

const root = path.resolve(import.meta.dirname, '..');
const SOURCE_DIRS = ['tools', 'adapters', 'oauth', 'prisma'];
/** Sources, tests and what the build never needs at run time. */
const skip = (file: string) => /\.(ts|tsx|mts|cts)$/.test(file) || /\.test\./.test(file) || file.includes(`${path.sep}lint${path.sep}`) || file.endsWith(`${path.sep}node_modules`);

let copied = 0;
for (const dir of SOURCE_DIRS) {
  const from = path.join(root, dir);
  if (!existsSync(from)) continue;
  cpSync(from, path.join(root, 'dist', dir), {
    recursive: true,
    filter: (src) => {
      if (skip(src)) return false;
      if (!/\.[a-z0-9]+$/i.test(path.basename(src)) || src === from) return true; // directories
      copied++;
      return true;
    },
  });
}
console.log(`dist/: ${copied} asset files copied beside the compiled code`);
