import { ElicitResultSchema, type ClientCapabilities, type ElicitRequest, type ElicitResult } from '@modelcontextprotocol/sdk/types.js';
import type { Confirmation } from '../../tools/_kit/context.js';

/** How long a person has to answer before the tool treats it as "no". */
export const CONFIRM_TIMEOUT_MS = 5 * 60_000;

/**
 * True when the client declared form elicitation at initialize: `elicitation: {}`
 * (2025-06-18, and form by default in 2025-11-25) or `elicitation: { form: {} }`.
 */
export function canElicitForm(capabilities: ClientCapabilities | undefined): boolean {
  const elicitation = capabilities?.elicitation as { form?: unknown; url?: unknown } | undefined;
  if (!elicitation || typeof elicitation !== 'object') return false;
  return elicitation.form !== undefined || elicitation.url === undefined;
}

/** The form: one required boolean, so a client renders a plain yes/no with the summary above it. */
export function confirmationRequest(summary: Confirmation): ElicitRequest['params'] {
  const lines = [
    `Please confirm: ${summary.action}`,
    `Price: ${summary.price}`,
    ...(summary.passengers.length ? [`Travellers: ${summary.passengers.join('; ')}`] : []),
    ...(summary.conditions.length ? ['Conditions:', ...summary.conditions.map((c) => `- ${c}`)] : []),
    'Nothing happens unless you confirm.',
  ];
  return {
    message: lines.join('\n'),
    requestedSchema: {
      type: 'object',
      properties: { confirm: { type: 'boolean', title: 'Confirm', description: 'Yes, go ahead at this price.', default: false } },
      required: ['confirm'],
    },
  };
}

/** The SDK's per-call `extra.sendRequest`, which puts the request on the call's own stream. */
type SendRequest = (request: ElicitRequest, schema: typeof ElicitResultSchema, options: { signal: AbortSignal; timeout: number }) => Promise<ElicitResult>;

/**
 * Asks through `elicitation/create` on the call's own stream. Only an accept whose
 * `confirm` is true counts; decline, cancel, a timeout or a client error are all "no".
 */
export function confirmByElicitation(sendRequest: SendRequest, signal: AbortSignal): (summary: Confirmation) => Promise<boolean> {
  return async (summary) => {
    try {
      const answer = await sendRequest({ method: 'elicitation/create', params: confirmationRequest(summary) }, ElicitResultSchema, { signal, timeout: CONFIRM_TIMEOUT_MS });
      return answer.action === 'accept' && answer.content?.confirm === true;
    } catch {
      return false;
    }
  };
}
