import { createHash, randomBytes } from 'node:crypto';
import { createRequestStateCodec, inputResponse, type RequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import type { Confirmation } from '../../tools/_kit/context.js';
import type { Cache } from '../../tools/_kit/ports.js';
import { CONFIRM_TIMEOUT_MS } from './confirm-by-elicitation.js';

// Confirmation on protocol 2026-07-28, which has no server-to-client requests: the
// call answers `input_required` with the confirmation form and a `requestState`, and
// the client calls again with the person's answer and the state. The state is sealed
// by the SDK's HMAC codec, bound to the caller (a state minted for one user is refused
// for another), expires with the question (5 minutes), and names the tool, its
// arguments and the exact summary shown, so a yes counts only for what was shown.
// Nothing is kept in a process between the rounds: any process with the key serves
// the second one. The key is made once and kept in the shared cache (Redis across
// processes), read on each confirmation round only.

/** What the state carries between the two rounds. */
export interface ConfirmState {
  tool: string;
  /** sha256 of the call's arguments. */
  args: string;
  /** sha256 of the summary the person was shown. */
  summary: string;
}

/** Thrown by ctx.confirm on the first round: the adapter answers input_required with this summary. */
export class ConfirmationNeeded extends Error {
  constructor(readonly summary: Confirmation) {
    super('The person has to confirm first');
  }
}

const KEY_NAME = 'mcp:request-state-key';
/** A key lives long; a state lives CONFIRM_TIMEOUT_MS. A rotation only fails confirmations open at that moment. */
const KEY_TTL_S = 90 * 86_400;

export const sha256 = (value: unknown): string => createHash('sha256').update(JSON.stringify(value ?? null)).digest('base64url');

export class ConfirmationStates {
  private readonly codecs = new Map<string, RequestStateCodec<ConfirmState>>();

  /** `ownerOf` names the caller of a request (session-owner.ts), the state's binding. */
  constructor(private readonly cache: Cache, private readonly ownerOf: (ctx: ServerContext) => string) {}

  /** The SDK's requestState.verify hook: throws on a forged, expired or someone else's state. */
  readonly verify = async (state: string, ctx: ServerContext): Promise<ConfirmState> => (await this.codec()).verify(state, ctx);

  async mint(state: ConfirmState, ctx: ServerContext): Promise<string> {
    return (await this.codec()).mint(state, ctx);
  }

  private async codec(): Promise<RequestStateCodec<ConfirmState>> {
    let key = await this.cache.get<string>(KEY_NAME);
    if (!key) {
      await this.cache.setIfAbsent(KEY_NAME, randomBytes(32).toString('base64url'), KEY_TTL_S);
      key = (await this.cache.get<string>(KEY_NAME))!;
    }
    let codec = this.codecs.get(key);
    if (!codec) {
      codec = createRequestStateCodec<ConfirmState>({
        key,
        ttlSeconds: CONFIRM_TIMEOUT_MS / 1000,
        bind: (ctx) => `${ctx.mcpReq.method}\0${this.ownerOf(ctx)}`,
      });
      this.codecs.clear(); // the old key's codec is never needed again
      this.codecs.set(key, codec);
    }
    return codec;
  }
}

/**
 * ctx.confirm for a 2026-07-28 call whose client declared form elicitation. Without a
 * state for this very call and summary it throws ConfirmationNeeded (first round, or the
 * price changed since the person saw it: they are asked again). With one, only an accept
 * whose `confirm` is true is a yes; decline, cancel or anything else is a no.
 */
export function confirmInBand(asked: ConfirmState | undefined, call: { tool: string; args: string }, responses: Record<string, unknown> | undefined): (summary: Confirmation) => Promise<boolean> {
  return async (summary) => {
    if (!asked || asked.tool !== call.tool || asked.args !== call.args || asked.summary !== sha256(summary)) throw new ConfirmationNeeded(summary);
    const answer = inputResponse(responses, 'confirm');
    if (answer.kind === 'missing') throw new ConfirmationNeeded(summary);
    return answer.kind === 'elicit' && answer.action === 'accept' && answer.content?.confirm === true;
  };
}
