import { readFileSync, writeFileSync } from 'node:fs';
import { withWebhookDocs } from '../adapters/openapi/webhook-docs.js';

// Rewrites docs/webhooks.md's generated section from the event registry; --check
// only says whether it is current.

const path = new URL('../docs/webhooks.md', import.meta.url);
const page = readFileSync(path, 'utf8');
const next = withWebhookDocs(page);
if (process.argv.includes('--check')) {
  if (next !== page) {
    console.error('docs/webhooks.md is out of date with the event registry: run npm run docs:webhooks');
    process.exit(1);
  }
} else {
  writeFileSync(path, next);
  console.log('wrote docs/webhooks.md');
}
