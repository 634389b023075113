import type { PathItemObject } from 'openapi3-ts/oas31';
import { EVENT_REGISTRY, WEBHOOK_EVENT_TYPES } from '../../tools/webhooks/events/registry.js';
import { SCHEMA_REF } from './named-schemas.js';

// The OpenAPI `webhooks` section, one entry per event type of the event registry:
// what Deal Engine POSTs to a registered endpoint (docs/webhooks.md).

const SIGNATURE_HEADERS = [
  { name: 'Deal-Engine-Event-Id', in: 'header' as const, required: true, description: 'The event id (de-duplication key).', schema: { type: 'string' as const } },
  {
    name: 'Deal-Engine-Signature', in: 'header' as const, required: true,
    description: '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">`; two v1 values during a secret rotation.', schema: { type: 'string' as const },
  },
];

export function webhookItems(): Record<string, PathItemObject> {
  const items: Record<string, PathItemObject> = {};
  for (const type of WEBHOOK_EVENT_TYPES) {
    const entry = EVENT_REGISTRY[type];
    items[type] = {
      post: {
        operationId: `webhook_${type.replace('.', '_')}`,
        summary: `${type} event`,
        description: `Sent to ${entry.sentTo} when ${entry.when}. Answer 2xx to acknowledge; anything else is retried for about a day.`,
        tags: ['Webhooks'],
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: `${SCHEMA_REF}${entry.name}` } } } },
        responses: {
          '200': { description: 'Received.' },
          '400': { description: 'Rejected (for example a bad signature); the event is retried.' },
        },
      },
    };
  }
  return items;
}
