import type { ToolContext } from '../_kit/context.js';
import { ToolError } from '../_kit/errors.js';
import { callerPlaybook } from '../playbook/caller-playbook.js';
import type { PathsInput } from './paths-request.js';
import { formatMoney } from './path-text.js';
import { recommendation } from './recommendation.js';
import type { RankedRedemptions } from './rank-redemptions.js';
import type { RedemptionPathOut } from './router-answer.js';

// The router's fallbacks: what the request leaves out comes from the caller's saved
// playbook, and the answer says where each value came from.

export interface RouterInputs {
  balances: Record<string, number>;
  balancesSource: 'request' | 'playbook';
  minCpp: number | null;
  minCppSource: 'request' | 'playbook' | 'none';
}

export async function routerInputs(ctx: ToolContext, input: PathsInput): Promise<RouterInputs> {
  const needPlaybook = input.balances === undefined || input.min_cpp === undefined;
  const playbook = needPlaybook ? await callerPlaybook(ctx) : null;
  let balances: Record<string, number>;
  let balancesSource: RouterInputs['balancesSource'] = 'request';
  if (input.balances !== undefined) balances = input.balances;
  else if (playbook && playbook.programs.length > 0) {
    balances = Object.fromEntries(playbook.programs.map((p) => [p.program, p.balance]));
    balancesSource = 'playbook';
  } else {
    throw new ToolError('VALIDATION_FAILED', 'No balances given and none saved', {
      issues: [{ loc: ['body', 'balances'], msg: 'Field required: give balances, e.g. {"amex_mr": 120000}, or save your programmes with PUT /api/user/playbook', type: 'missing' }],
    });
  }
  if (input.min_cpp !== undefined) return { balances, balancesSource, minCpp: input.min_cpp, minCppSource: 'request' };
  if (playbook) return { balances, balancesSource, minCpp: playbook.minCpp, minCppSource: 'playbook' };
  return { balances, balancesSource, minCpp: null, minCppSource: 'none' };
}

export interface FlooredPaths {
  paths: RedemptionPathOut[];
  below_min_cpp: RedemptionPathOut[];
  recommendation: string;
}

/** Sets aside covered paths worth less than the floor, and re-words the advice when the best one went. */
export function applyMinCpp(ranked: RankedRedemptions, minCpp: number | null, cashPrice: number, currency: string): FlooredPaths {
  if (minCpp === null) return { paths: ranked.paths, below_min_cpp: [], recommendation: ranked.recommendation };
  const paths = ranked.paths.filter((p) => p.effective_cpp >= minCpp);
  const below = ranked.paths.filter((p) => p.effective_cpp < minCpp);
  if (below.length === 0) return { paths, below_min_cpp: [], recommendation: ranked.recommendation };
  if (paths.length > 0) return { paths, below_min_cpp: below, recommendation: recommendation(paths, ranked.short_by, paths.length, cashPrice, currency) };
  const best = below[0]!;
  return {
    paths,
    below_min_cpp: below,
    recommendation: `Pay cash (${formatMoney(cashPrice, currency)}) and keep your points: the best redemption gives ${best.effective_cpp.toFixed(2)} ¢/point, below your minimum of ${minCpp.toFixed(2)} ¢.`,
  };
}
