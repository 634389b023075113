import { z } from 'zod';
import { EVENT_REGISTRY, WEBHOOK_EVENT_TYPES } from '../../tools/webhooks/events/registry.js';
import { WEBHOOK_EXAMPLES } from './webhook-examples.js';

// The part of docs/webhooks.md made from the event registry: the table of event
// types and each type's `data` fields. Written by `npm run docs:webhooks`; a test
// fails when the committed page differs.

export const BEGIN = '<!-- generated from tools/webhooks/events/registry.ts by `npm run docs:webhooks`; do not edit -->';
export const END = '<!-- end of generated section -->';

type Json = { type?: string | string[]; description?: string; properties?: Record<string, Json>; required?: string[]; items?: Json; const?: unknown; enum?: unknown[]; anyOf?: Json[]; oneOf?: Json[] };

function typeOf(s: Json): string {
  if (s.const !== undefined) return `\`${JSON.stringify(s.const)}\``;
  if (s.enum) return s.enum.map((v) => `\`${JSON.stringify(v)}\``).join(' \\| ');
  if (s.anyOf ?? s.oneOf) return (s.anyOf ?? s.oneOf ?? []).map(typeOf).join(' \\| ');
  if (s.properties && 'amount' in s.properties && 'currency' in s.properties) return 'Money';
  const types = Array.isArray(s.type) ? s.type : [s.type ?? 'any'];
  return types.map((t) => (t === 'array' && s.items ? `${typeOf(s.items)}[]` : t)).join(' \\| ');
}

function fieldTable(s: Json): string[] {
  const required = new Set(s.required ?? []);
  const rows = Object.entries(s.properties ?? {}).map(([name, p]) => `| \`${name}\` | ${typeOf(p)} | ${required.has(name) ? 'yes' : 'no'} | ${(p.description ?? (p.anyOf ?? [])[0]?.description ?? '').replace(/\|/g, '\\|')} |`);
  return ['| Field | Type | Always | Meaning |', '|---|---|---|---|', ...rows];
}

export function webhookDocsSection(): string {
  const out = [BEGIN, '', '| Type | Sent to | When | Schema in openapi.json |', '|---|---|---|---|'];
  for (const type of WEBHOOK_EVENT_TYPES) {
    const e = EVENT_REGISTRY[type];
    out.push(`| \`${type}\` | ${e.sentTo} | ${e.when} | \`${e.name}\` |`);
  }
  const seen = new Set<z.ZodType>();
  for (const type of WEBHOOK_EVENT_TYPES) {
    const e = EVENT_REGISTRY[type];
    if (seen.has(e.data)) continue;
    seen.add(e.data);
    const sharing = WEBHOOK_EVENT_TYPES.filter((t) => EVENT_REGISTRY[t].data === e.data);
    const schema = z.toJSONSchema(e.data, { unrepresentable: 'any', io: 'output' }) as Json;
    out.push('', `#### \`data\` of ${sharing.map((t) => `\`${t}\``).join(', ')}`, '');
    const variants = schema.oneOf ?? schema.anyOf;
    if (variants) {
      for (const v of variants) {
        out.push(`With \`product\` ${typeOf(v.properties?.['product'] ?? {})}:`, '', ...fieldTable(v), '');
      }
      out.pop();
    } else {
      out.push(...fieldTable(schema));
    }
    const example = WEBHOOK_EXAMPLES[e.name];
    if (example) out.push('', `Example \`${type}\` body:`, '', '```json', JSON.stringify(example, null, 2), '```');
  }
  out.push('', END);
  return out.join('\n');
}

/** The page with its generated section replaced. */
export function withWebhookDocs(page: string): string {
  const from = page.indexOf(BEGIN);
  const to = page.indexOf(END);
  if (from < 0 || to < from) throw new Error('docs/webhooks.md lacks the generated-section markers');
  return page.slice(0, from) + webhookDocsSection() + page.slice(to + END.length);
}
