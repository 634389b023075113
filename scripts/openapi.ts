import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApi } from '../adapters/openapi/build-openapi.js';
import { TOOLS } from '../tools/index.js';

// `npm run openapi` writes openapi.json from the registry; `--check` fails when the committed file is stale.
const file = new URL('../openapi.json', import.meta.url);
const fresh = `${JSON.stringify(buildOpenApi(TOOLS), null, 2)}\n`;

if (process.argv.includes('--check')) {
  const committed = readFileSync(file, 'utf8');
  if (committed !== fresh) {
    console.error('openapi.json is out of date with the tool registry: run `npm run openapi` and commit the result.');
    process.exit(1);
  }
  console.log('openapi.json matches the registry');
} else {
  writeFileSync(file, fresh);
  console.log('wrote openapi.json');
}
