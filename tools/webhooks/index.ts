import type { AnyTool } from '../_kit/define-tool.js';
import { createWebhookTool } from './create-endpoint.js';
import { deleteWebhookTool } from './delete-endpoint.js';
import { listWebhookDeliveriesTool } from './list-deliveries.js';
import { listWebhooksTool } from './list-endpoints.js';
import { rotateWebhookSecretTool } from './rotate-secret.js';

export { verifyWebhookSignature } from './signature.js';

export const WEBHOOKS_TOOLS: readonly AnyTool[] = [createWebhookTool, listWebhooksTool, deleteWebhookTool, rotateWebhookSecretTool, listWebhookDeliveriesTool];
