import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './child-script.js';

// The node flags `npm start` gives the server (package.json's start script, with
// its ${VAR:-default} settings read from the environment), so a bench server runs
// with the same heap settings as production.
export function startNodeFlags(env: NodeJS.ProcessEnv = process.env): string[] {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
  const words = (pkg.scripts.start ?? '').split(/\s+/);
  return words
    .slice(1, words.findIndex((w) => !w.startsWith('-') && w !== 'node'))
    .map((w) => w.replace(/\$\{(\w+):-([^}]*)\}/g, (_, name: string, fallback: string) => env[name] || fallback));
}
