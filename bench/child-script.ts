import { fileURLToPath } from 'node:url';

// Benches run two ways: from the sources under tsx (`npx tsx bench/...`, handy while
// working) or compiled (`npm run bench`: dist/bench/*.js from `npm run bench:build`),
// which measures the JavaScript `npm start` runs. tsx's transform keeps function
// names by calling defineProperty on every closure it makes, which costs real CPU
// on hot paths (the points router's p50 0.85 → 0.50 ms compiled), so the figures
// that count come from the compiled run. Child processes follow their parent's way.

/** True when this bench runs compiled, from dist/bench. */
export const COMPILED = import.meta.url.endsWith('.js');

/** The repository's root, from either place. */
export const ROOT = fileURLToPath(new URL(COMPILED ? '../../' : '../', import.meta.url));

/** A bench script named relative to `base` (an import.meta.url), as this run starts it: its file and node's flags to load it. */
export function benchScript(file: string, base: string): { path: string; execArgv: string[] } {
  const path = fileURLToPath(new URL(COMPILED ? file.replace(/\.ts$/, '.js') : file, base));
  return { path, execArgv: COMPILED ? [] : ['--import', 'tsx'] };
}

/** A file of another tree's code as this run loads it: its compiled build when compiled (`npm run build` there first), its source otherwise. */
export function treeModule(tree: string, sourcePath: string): string {
  return COMPILED ? `${tree}/dist/${sourcePath.replace(/\.ts$/, '.js')}` : `${tree}/${sourcePath}`;
}
