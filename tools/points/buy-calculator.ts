// points.buy_calculator: is it cheaper to buy the points for an award than to pay cash?
import { z } from 'zod';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { PROGRAMS } from './data/programs.js';
import type { Program } from './data/types.js';
import { PURCHASE_INCREMENT, buyOrPayCash } from './value-buy.js';
import { findProgram } from './value-programs.js';

const money = z.number().min(0).max(10_000_000);

export const BuyCalcRequest = z.object({
  program: z.string().trim().min(1).max(100).describe('Programme to buy points from, by slug or name: "aeroplan", "Alaska Mileage Plan", "world_of_hyatt".'),
  points_needed: z.number().int().positive().max(10_000_000).describe('Points or miles the award costs.'),
  cash_price: z.number().positive().max(10_000_000).describe('What the same trip costs in cash, US dollars.'),
  taxes: money.default(0).describe('Taxes and fees of the award, paid in cash on top of the points, US dollars (default 0).'),
  bonus_percent: z.number().min(0).max(500).default(0).describe('The current purchase promotion, e.g. 100 for "buy points, get 100 % more" (default 0).'),
  price_cents_per_point: z.number().positive().max(100).optional().describe("Price of one point before the bonus, US cents; overrides our dataset's usual price (e.g. for a targeted offer)."),
});

export const BuyCalcOutput = z.object({
  program: z.string().describe('Our slug for the programme.'),
  program_name: z.string(),
  points_needed: z.number().int(),
  bonus_percent: z.number(),
  price_cents_per_point: z.number().describe('Price of one point before the bonus, US cents.'),
  price_source: z.enum(['dataset', 'override']),
  purchase_increment: z.number().int().describe('Points are bought in blocks of this size, before the bonus.'),
  points_to_buy: z.number().int().describe('Points to pay for, before the bonus, rounded up to the increment.'),
  points_received: z.number().int().describe('Points credited with the bonus; at least points_needed.'),
  cost_of_buying: z.number().describe('US dollars for the points.'),
  taxes: z.number(),
  award_cost: z.number().describe('cost_of_buying + taxes: what the award costs in cash when the points are bought.'),
  cash_price: z.number(),
  savings: z.number().describe('cash_price − award_cost; negative when buying costs more.'),
  verdict: z.enum(['buy', 'pay_cash']),
  effective_cpp: z.number().describe('What each point received costs after the bonus, US cents.'),
  redemption_cpp: z.number().describe('What each point is worth on this award: (cash_price − taxes) / points_needed × 100.'),
  max_per_year: z.number().int().nullable().describe('The yearly purchase limit in points bought, when the programme has one.'),
  exceeds_yearly_cap: z.boolean(),
  reason: z.string(),
});

function sellers(): Program[] {
  return PROGRAMS.items.filter((p) => p.purchase !== undefined);
}

function notSold(asked: string, known: Program | undefined): ToolError {
  const ids = sellers().map((p) => p.id);
  const what = known ? `${known.name} does not sell points` : `Unknown programme "${asked}"`;
  return new ToolError('UNPROCESSABLE', `${what}; programmes that sell points: ${ids.join(', ')}.`, {
    hint: 'Use one of the listed programmes (slug or name), or transfer points from a bank currency instead.',
    details: { programs_selling_points: ids },
  });
}

export const buyCalculatorTool = defineTool({
  name: 'points.buy_calculator',
  title: 'Buy points or pay cash',
  description:
    'Works out whether buying the points for an award beats paying the cash fare. ' +
    `Points are bought in blocks of ${PURCHASE_INCREMENT.toLocaleString('en-US')} before the purchase bonus, so the purchase is rounded up; ` +
    'the award then costs the points bought plus its taxes, compared with the cash price. ' +
    'The price per point is the programme\'s usual one from our dataset unless price_cents_per_point overrides it; ' +
    'bonus_percent is the current "buy points, get X % more" promotion. Verdict "buy" when it saves money and stays within the yearly purchase limit, else "pay_cash". ' +
    'A programme that is unknown or does not sell points is a 422 listing those that do.',
  area: 'Points',
  input: BuyCalcRequest,
  output: BuyCalcOutput,
  errors: ['UNPROCESSABLE'],
  auth: 'optional',
  scopes: ['read'],
  rest: { method: 'POST', path: '/api/points/buy-calculator' },
  mcp: false,
  handler: async (_ctx, input) => {
    const program = findProgram(input.program);
    const purchase = program?.purchase;
    if (!program || !purchase) throw notSold(input.program, program);
    const price = input.price_cents_per_point ?? purchase.centsPerPoint;
    const result = buyOrPayCash({
      pointsNeeded: input.points_needed,
      cashPrice: input.cash_price,
      taxes: input.taxes,
      bonusPercent: input.bonus_percent,
      priceCentsPerPoint: price,
      maxPerYear: purchase.maxPerYear,
    });
    return {
      program: program.id,
      program_name: program.name,
      points_needed: input.points_needed,
      bonus_percent: input.bonus_percent,
      price_cents_per_point: price,
      price_source: input.price_cents_per_point === undefined ? ('dataset' as const) : ('override' as const),
      purchase_increment: PURCHASE_INCREMENT,
      taxes: input.taxes,
      cash_price: input.cash_price,
      max_per_year: purchase.maxPerYear,
      ...result,
    };
  },
});
