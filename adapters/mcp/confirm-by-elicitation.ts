import type { ClientCapabilities, ElicitRequestFormParams, ElicitResult, RequestOptions } from '@modelcontextprotocol/server';
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
export function confirmationRequest(summary: Confirmation): ElicitRequestFormParams {
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

/** The SDK's per-call `ctx.mcpReq.elicitInput`, which puts the request on the call's own stream (2025 era). */
type ElicitInput = (params: ElicitRequestFormParams, options: RequestOptions) => Promise<ElicitResult>;

/**
 * Asks through `elicitation/create` on the call's own stream (2025 clients). Only an accept whose
 * `confirm` is true counts; decline, cancel, a timeout or a client error are all "no".
 */
export function confirmByElicitation(elicitInput: ElicitInput, signal: AbortSignal): (summary: Confirmation) => Promise<boolean> {
  return async (summary) => {
    try {
      const answer = await elicitInput(confirmationRequest(summary), { signal, timeout: CONFIRM_TIMEOUT_MS });
      return answer.action === 'accept' && answer.content?.confirm === true;
    } catch {
      return false;
    }
  };
}
