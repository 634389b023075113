import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import type { ToolContext } from '../_kit/context.js';
import { defineTool } from '../_kit/define-tool.js';
import { ToolError } from '../_kit/errors.js';
import { loadTrip, requireRole, WRITERS, type TripAccess } from './trip-access.js';
import { actingUserField, safeText, TripRef, tripIdField } from './trip-schemas.js';
import type { PollRecord, VoteRecord } from './trip-store.js';

// Trip polls. Owners and editors create them; every member, viewers included,
// votes (voting is not editing the trip). One vote per member per poll: the
// database's unique key, written as an upsert, so changing a vote replaces it.

export const PollView = z.object({
  id: z.string(),
  question: z.string(),
  options: z.array(z.object({ id: z.string(), label: z.string(), votes: z.number().int() })),
  closes_at: z.string().nullable(),
  closed: z.boolean().describe('True once closes_at has passed; votes are then refused (409).'),
  total_votes: z.number().int(),
  your_vote: z.string().nullable().describe("The option id the caller voted for, or null."),
  created_at: z.string(),
});

function pollView(p: PollRecord, votes: readonly VoteRecord[], memberId: string, now: Date): z.input<typeof PollView> {
  const mine = votes.filter((v) => v.pollId === p.id);
  return {
    id: p.id,
    question: p.question,
    options: p.options.map((o) => ({ id: o.id, label: o.label, votes: mine.filter((v) => v.optionId === o.id).length })),
    closes_at: p.closesAt,
    closed: p.closesAt !== null && Date.parse(p.closesAt) <= now.getTime(),
    total_votes: mine.length,
    your_vote: mine.find((v) => v.memberId === memberId)?.optionId ?? null,
    created_at: p.createdAt,
  };
}

async function viewOf(ctx: ToolContext, access: TripAccess, pollId: string): Promise<z.input<typeof PollView>> {
  const [polls, votes] = await Promise.all([ctx.services.trips.polls(access.trip.id), ctx.services.trips.votes(access.trip.id)]);
  const poll = polls.find((p) => p.id === pollId);
  if (!poll) throw new ToolError('NOT_FOUND', 'Poll not found');
  return pollView(poll, votes, access.me.id, ctx.services.clock());
}

const invalid = (field: string, msg: string) => new ToolError('VALIDATION_FAILED', msg, { issues: [{ loc: ['body', field], msg, type: 'value_error' }] });

export const listVotesTool = defineTool({
  name: 'trips.list_votes',
  title: 'Trip polls and results',
  description: 'Every poll of the trip, oldest first, with its options and vote counts, whether it is closed, and the caller\'s own vote. Any member.',
  area: 'Trips',
  input: TripRef,
  output: z.object({ polls: z.array(PollView) }),
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND'],
  auth: 'user',
  rest: { method: 'GET', path: '/api/trips/{trip_id}/votes' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const [polls, votes] = await Promise.all([ctx.services.trips.polls(access.trip.id), ctx.services.trips.votes(access.trip.id)]);
    const now = ctx.services.clock();
    return { polls: polls.map((p) => pollView(p, votes, access.me.id, now)) };
  },
});

const VoteRequest = z.object({
  trip_id: tripIdField,
  action: z.enum(['create_poll', 'vote']).describe('create_poll: needs question and options (closes_at optional). vote: needs poll_id and option_id.'),
  question: safeText(300).optional(),
  options: z.array(safeText(100)).min(2).max(10).optional().describe('2 to 10 distinct option labels.'),
  closes_at: z.iso.datetime({ offset: true }).optional().describe('When voting ends (ISO 8601, in the future). Omit: it never closes.'),
  poll_id: safeText(100).optional(),
  option_id: safeText(100).optional(),
  acting_user_id: actingUserField,
}).superRefine((b, ctx) => {
  const need = b.action === 'create_poll' ? (['question', 'options'] as const) : (['poll_id', 'option_id'] as const);
  for (const f of need) if (b[f] === undefined) ctx.addIssue({ code: 'custom', path: [f], message: `${b.action} needs ${f}` });
  const other = b.action === 'create_poll' ? (['poll_id', 'option_id'] as const) : (['question', 'options', 'closes_at'] as const);
  for (const f of other) if (b[f] !== undefined) ctx.addIssue({ code: 'custom', path: [f], message: `${f} does not belong to ${b.action}` });
  if (b.options && new Set(b.options.map((o) => o.toLowerCase())).size !== b.options.length) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Options must be distinct' });
});

export const postVoteTool = defineTool({
  name: 'trips.post_vote',
  title: 'Create a poll or vote',
  description:
    'The body is one of two shapes, chosen by `action`: ' +
    '{"action":"create_poll","question":"Where for dinner?","options":["Tapas","Sushi"],"closes_at":"2026-12-01T18:00:00Z"} (owners and editors; closes_at optional, in the future) or ' +
    '{"action":"vote","poll_id":"tp_...","option_id":"o1"} (any member, viewers too; casting again changes the vote — one vote per member per poll). ' +
    'Voting on a closed poll is 409. Answers with the poll and its counts.',
  area: 'Trips',
  input: VoteRequest,
  output: PollView,
  errors: ['UNAUTHENTICATED', 'FORBIDDEN', 'NOT_FOUND', 'CONFLICT'],
  auth: 'user',
  scopes: ['read', 'plan'],
  rest: { method: 'POST', path: '/api/trips/{trip_id}/votes' },
  mcp: false,
  handler: async (ctx, input) => {
    const access = await loadTrip(ctx, input.trip_id, input.acting_user_id);
    const now = ctx.services.clock();
    if (input.action === 'create_poll') {
      requireRole(access, WRITERS, 'create polls');
      if (input.closes_at && Date.parse(input.closes_at) <= now.getTime()) throw invalid('closes_at', 'closes_at must be in the future');
      const poll = await ctx.services.trips.createPoll({
        id: `tp_${randomBytes(12).toString('hex')}`, tripId: access.trip.id, question: input.question ?? '',
        options: (input.options ?? []).map((label, i) => ({ id: `o${i + 1}`, label })),
        closesAt: input.closes_at ? new Date(input.closes_at).toISOString() : null, createdBy: access.me.id,
      });
      return pollView(poll, [], access.me.id, now);
    }
    const pollId = input.poll_id ?? '';
    const poll = (await ctx.services.trips.polls(access.trip.id)).find((p) => p.id === pollId);
    if (!poll) throw new ToolError('NOT_FOUND', 'Poll not found');
    if (poll.closesAt !== null && Date.parse(poll.closesAt) <= now.getTime()) {
      throw new ToolError('CONFLICT', 'This poll is closed', { details: { closes_at: poll.closesAt } });
    }
    if (!poll.options.some((o) => o.id === input.option_id)) throw invalid('option_id', `Unknown option; use one of ${poll.options.map((o) => o.id).join(', ')}`);
    await ctx.services.trips.castVote({ id: `tv_${randomBytes(12).toString('hex')}`, pollId: poll.id, memberId: access.me.id, optionId: input.option_id ?? '' });
    return viewOf(ctx, access, poll.id);
  },
});
